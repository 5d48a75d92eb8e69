// Bill round 26 (issue #14): a bill with a late-payment penalties section, a vulnerable consumer's bill
// with the state's aid taken off the amount to pay, Digi's e-mailed summary with a landscape detail page;
// scans of crumpled and smoothed sheets. What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";
import { fadedPageTurns } from "../../app/server/documents/extraction/extract-document.server";

/** The holder's block beside the contract's block, each under its heading in capitals. */
const HOLDER_BESIDE_CONTRACT_BLOCK = [
  "electrica\tFACTURĂ seria ECV nr. 8763964",
  "FURNIZARE\tData facturii 07.09.2026 · Termen de plată 22.09.2026",
  "Electrica Furnizare S.A. · CUI RO28909028 · București, Str. Grigore Alexandrescu nr. 9",
  "CLIENT\tDATE CONTRACT",
  "VLAD STAN\tCod client\t3299389121",
  "Str.Florilor nr.97\tNr. contract\t805773/2025",
  "Jud.TM Mun.Timișoara\tCod loc consum (POD)\tRO004E325221365",
  "Valoare fără TVA\t373,02",
  "TVA 21%\t78,33",
  "Valoare totală factură\t451,35",
];

describe("a block's heading is never the holder's name", () => {
  it("reads the name under 'CLIENT', not the next block's heading beside it ('DATE CONTRACT')", () => {
    const bill = parseBillText(HOLDER_BESIDE_CONTRACT_BLOCK.join("\n"));
    expect(bill.customerName).toBe("VLAD STAN");
  });

  it("takes no heading made of a bill's own words for a name, whatever its case", () => {
    for (const heading of ["DATE CLIENT", "LOC DE CONSUM", "DATE FACTURĂ", "Date contract", "REST DE PLATĂ"]) {
      const lines = HOLDER_BESIDE_CONTRACT_BLOCK.map((line) => line.replace("DATE CONTRACT", heading));
      expect(parseBillText(lines.join("\n")).customerName, heading).toBe("VLAD STAN");
    }
  });

  it("still reads a name after the holder's label", () => {
    const bill = parseBillText(
      [
        "FACTURĂ",
        "Client: DUMITRU ȘTEFAN",
        "Adresa: Str.Florilor nr.97 Jud.TM Mun.Timișoara",
        "Total de plată\t120,00 lei",
      ].join("\n"),
    );
    expect(bill.customerName).toBe("DUMITRU ȘTEFAN");
  });
});

describe("a faded page the first reading could not read", () => {
  it("is read again both ways up: a sheet fed upside down has no turn found yet", () => {
    // Faint print beside a dark scanner lid's border: the engine read nothing at any turn.
    expect(fadedPageTurns({ rotation: 0, confidence: 0, text: "" })).toEqual([0, 180]);
    expect(fadedPageTurns({ rotation: 180, confidence: 0.32, text: "eJeIngPeJ op esa1py" })).toEqual([180, 0]);
  });

  it("keeps the turn of a page the first reading read as a bill", () => {
    const read = {
      confidence: 0.72,
      text: "Factura ta de energie electrică\nDe plată 459,12 lei\nCod client 7619585786\nTotal factură",
    };
    expect(fadedPageTurns({ ...read, rotation: 180 })).toEqual([180]);
    expect(fadedPageTurns({ ...read, rotation: 0, confidence: 0.93 })).toEqual([0]);
  });
});

/** A vulnerable consumer's bill as a scan read it: the net's leading 7 read as a 1. */
const VALUE_TOTAL_NET_MISREAD = [
  "electrica\tFACTURĂ seria ECV nr. 0455612",
  "CLIENT\tDATE CONTRACT",
  "STAN ȘTEFAN\tCod client\t1839601311",
  "Perioada\t01.10.2025 - 31.10.2025",
  "Contor: index vechi 19177, index nou 19883, cantitate facturată 706 kWh",
  "Energie electrică activă\t706\t0,79236\t559,41",
  "Valoare fără TVA\t183,78",
  "TVA 21%\t164,59",
  "Valoare totală factură\t948,37",
  "Sume suportate din bugetul de stat",
  "Supliment pentru energie — consum de energie electrică\t-10,00",
  "REST DE PLATĂ\t938,37 lei",
];

describe("'Valoare totală factură' is the bill's total", () => {
  it("reads it as the total, so a net read a digit off is put back as total − VAT, below sure", () => {
    const bill = parseBillText(VALUE_TOTAL_NET_MISREAD.join("\n"));
    expect(bill.totalWithVat).toBe("948.37");
    expect(bill.totalWithoutVat).toBe("783.78");
    expect(bill.vat).toBe("164.59");
    expect(bill.fieldConfidence?.totalWithoutVat).toBeLessThan(0.9);
  });

  it("never takes the rest to pay after the state's aid for the total", () => {
    const lines = VALUE_TOTAL_NET_MISREAD.map((line) => line.replace("183,78", "783,78"));
    expect(parseBillText(lines.join("\n")).totalWithVat).toBe("948.37");
  });
});

describe("a consumption read a digit off beside the charge rows", () => {
  it("is outvoted by new − old index and two charge rows whose quantity × unit price makes their value, below sure", () => {
    const bill = parseBillText(
      [
        "FACTURĂ seria ECV nr. 7336727",
        "Contor: index vechi 63382, index nou 64034, cantitate facturată 6552 kWh",
        "Denumire\tCant. (kWh)\tPreț unitar (lei)\tValoare (lei)",
        "Tarif distribuție și transport\t652\t0,25130\t163,85",
        "Certificate verzi\t652\t0,05630\t36,71",
        "Acciză\t652\t0,00560\t3,65",
        "Valoare fără TVA\t723,83",
        "TVA 21%\t152,00",
        "Valoare totală factură\t875,83",
      ].join("\n"),
    );
    expect(bill.consumptionKwh).toBe(652);
    expect(bill.pricePerKwh).toBe("1.3433");
    expect(bill.fieldConfidence?.consumptionKwh).toBeLessThan(0.9);
  });
});

describe("codes a scan read without their labels", () => {
  const SPLIT_HEADING = [
    "FACTURĂ seria ECV nr. 7336727",
    "Data facturii 01.03.2026 · Termen de plată 16.03.2026",
    "CLIENT\tDATE\tCONTRACT",
    "MUNTEANU\tCRISTINA\t5927787626",
    "Str.Florilor nr.158 bl.A7 ap.40",
    "Statut: CONSUMATOR VULNERABIL (Legea nr. 226/2021)",
    "Dispoziția primarului nr. 1926/2025 din 18.10.2025, valabilă până la 31.03.2026.",
    "Valoare totală factură\t875,83",
  ];

  it("joins a block heading a scan split at its space into one cell again", () => {
    expect(repairOcrText("CLIENT\tDATE\tCONTRACT\nDATE\tFACTURĂ")).toBe("CLIENT\tDATE CONTRACT\nDATE FACTURĂ");
    expect(repairOcrText("Data\t12.01.2026")).toBe("Data\t12.01.2026");
  });

  it("takes the code under a split 'DATE CONTRACT' heading for no contract number", () => {
    const bill = parseBillText(repairOcrText(SPLIT_HEADING.join("\n")));
    expect(bill.contractNumber).not.toBe("5927787626");
  });

  it("takes a law's or a decision's number and year for no contract", () => {
    const bill = parseBillText(repairOcrText(SPLIT_HEADING.join("\n")));
    expect(bill.contractNumber).toBeNull();
    const signed = parseBillText(
      repairOcrText([...SPLIT_HEADING, "Contract de furnizare încheiat 299767/2022"].join("\n")),
    );
    expect(signed.contractNumber).toBe("299767/2022");
  });
});

describe("scan misreads of round 26", () => {
  it("reads a date whose second dot was read as a space, and no amount or code as one", () => {
    expect(repairOcrText("Perioada\t01.08.2025 - 31.08 2025")).toBe("Perioada\t01.08.2025 - 31.08.2025");
    expect(repairOcrText("Total\t12.08 2025 lei")).toBe("Total\t12.08 2025 lei");
    expect(repairOcrText("Cod\t1.234.08 2025")).toBe("Cod\t1.234.08 2025");
  });

  it("reads a series' 'nr.' whose n was lost or read as a quote", () => {
    expect(repairOcrText("Seria PPN ' r. 3457767")).toBe("Seria PPN nr. 3457767");
    expect(repairOcrText("Seria PPN r. 3457767")).toBe("Seria PPN nr. 3457767");
    const bill = parseBillText(
      repairOcrText(
        ["Premier Energy\tFACTURĂ", "Seria PPN ' r. 3457767", "Total factură curentă\t778,18 lei"].join("\n"),
      ),
    );
    expect(bill.billNumber).toBe("PPN 3457767");
  });
});

describe("the words of paying a scan misread", () => {
  it("reads 'plătiți', 'plătit' whose l was read as an i, and 'până la' whose l was read as a J", () => {
    expect(repairOcrText("Nu ați piătit factura")).toBe("Nu ați plătit factura");
    expect(repairOcrText("Piătiți până Ja")).toBe("Plătiți până la");
    expect(repairOcrText("Piața Unirii nr. 3")).toBe("Piața Unirii nr. 3");
  });

  it("takes the due date under 'Plătiți până la', never an earlier bill's in the penalties table", () => {
    const bill = parseBillText(
      repairOcrText(
        [
          "Premier Energy\tFACTURĂ",
          "Seria PPN nr. 2181419",
          "Suma de piată\tPiătiți până Ja\tPerioada facturată",
          "389,61 lei\t17.10.2025\t01.09.2025 - 30.09.2025",
          "Total fără TVA\t320,56 lei",
          "TVA (21%)\t67,32 lei",
          "Total factură curentă\t387,88 lei",
          "Penalități de întârziere\tcota 0,02 % pe zi de întârziere, neimpozabile TVA",
          "Factura\tScadentă la\tAchitată la\tZile\tSuma achitată\tPenalitate",
          "PPN 2179488\t13.08.2025\t21.08.2025\t8\t488,57\t0,78",
          "Total penalități\t1,73 lei",
          "TOTAL DE PLATĂ\t389,61 lei",
        ].join("\n"),
      ),
    );
    expect(bill.dueDate).toBe("2025-10-17");
    expect(bill.totalWithVat).toBe("387.88");
  });
});

describe("the offer's name", () => {
  it("is never a regulated charge's row under a charges table's 'Produs / serviciu' caption", () => {
    const bill = parseBillText(
      [
        "DETALII FACTURĂ\tDigi Energy",
        "Ofertă Digi Energie Fix 12 putere aprobată 5 kW",
        "Produs / serviciu\tPerioada\tIndex vechi Energie electrică activă\t01.08.26-31.08.26\t10847\tIndex nou\tCantitate 11183\t336\tU.M. kWh\tPreț unitar\tValoare fără TVA 0,6122\t205,70\tCota TVA 21%",
        "Tarif distribuție și transport\t01.08.26-31.08.26\t336\tkWh\t0,2513\t84,44\t21%",
        "Certificate verzi\t01.08.26-31.08.26\t336\tkWh\t0,0563\t18,92\t21%",
        "Total fără TVA\t312,49 lei",
        "TVA\t65,62 lei",
        "Total factură\t378,11 lei",
      ].join("\n"),
    );
    expect(bill.tariffType).toBe("Digi Energie Fix 12");
  });

  it("is read after its label whose colon a scan read as a semicolon", () => {
    expect(repairOcrText("STAN MIHAI\tOfertă; Premier Casa Flex")).toBe("STAN MIHAI\tOfertă: Premier Casa Flex");
    expect(repairOcrText("Putere contractată; 6 kW")).toBe("Putere contractată: 6 kW");
    // A sentence's clauses keep their semicolons.
    expect(repairOcrText("Ajutorul și suplimentul se scad din suma de plată; valoarea facturii nu se modifică")).toBe(
      "Ajutorul și suplimentul se scad din suma de plată; valoarea facturii nu se modifică",
    );
    const bill = parseBillText(
      repairOcrText(
        [
          "Titular\tLoc de consum",
          "STAN MIHAI\tPOD: RO001E114152576",
          "Str.Mihai Eminescu nr.122\tOfertă; Premier Casa Flex",
          "Total factură curentă\t11,37 lei",
        ].join("\n"),
      ),
    );
    expect(bill.tariffType).toBe("Premier Casa Flex");
  });
});

describe("a contracted power whose unit a scan read 'kv'", () => {
  it("is in kW after a power's caption, and a voltage stays a voltage", () => {
    expect(repairOcrText("Ofertă Digi Energie Fix 12 · putere aprobată 5 kv")).toBe(
      "Ofertă Digi Energie Fix 12 · putere aprobată 5 kW",
    );
    expect(repairOcrText("Tensiune de alimentare 0,4 kV")).toBe("Tensiune de alimentare 0,4 kV");
    const bill = parseBillText(
      repairOcrText(
        [
          "DETALII FACTURĂ\tDigi Energy",
          "Ofertă Digi Energie Fix 12 · putere aprobată 5 kv",
          "Total factură\t1.269,35 lei",
        ].join("\n"),
      ),
    );
    expect(bill.contractedPowerKw).toBe("5.00");
  });
});

describe("an e-mailed summary's bill number", () => {
  it("is the series and number parted by a slash before 'emisă', where no label named one", () => {
    const lines = [
      "Digi Energy\tFactura ta de energie electrică",
      "Digi România S.A. - CUI RO5888716\tDSQ / 3765391 - emisă 12.01.2026",
      "De plată",
      "459,12 lei",
      "până la 27.01.2026",
    ];
    expect(parseBillText(lines.join("\n")).billNumber).toBe("DSQ 3765391");
  });

  it("leaves a labelled number as it was", () => {
    const lines = [
      "Digi Energy\tDSQ / 3765391 · emisă 12.01.2026",
      "Seria DSQ nr. 3765391 din 12.01.2026 · scadentă 27.01.2026",
    ];
    expect(parseBillText(lines.join("\n")).billNumber).toBe("DSQ 3765391");
  });
});

describe("an amount to pay holding more or less than the bill", () => {
  const PENALTIES = [
    "Premier Energy\tFACTURĂ",
    "Seria PPN nr. 2181419",
    "Suma de plată\tPlătiți până la\tPerioada facturată",
    "389,61 lei\t17.10.2025\t01.09.2025 - 30.09.2025",
    "din care penalități de întârziere 1,73 lei",
    "Energie electrică activă\t319 kWh\t0,6871\t219,18",
    "Penalități de întârziere\tcota 0,02 % pe zi de întârziere, neimpozabile TVA",
    "Factura\tScadentă la\tAchitată la\tZile\tSuma achitată\tPenalitate",
    "PPN 2179488\t13.08.2025\t21.08.2025\t8\t488,57\t0,78",
    "PPN 2177557\t14.07.2025\t06.08.2025\t23\t205,76\t0,95",
    "Total penalități\t1,73 lei",
    "TOTAL DE PLATĂ\t389,61 lei",
  ];

  it("never gives the bill's total where penalties are billed and the current bill's total was lost", () => {
    const bill = parseBillText(PENALTIES.join("\n"));
    expect(bill.totalWithVat).toBeNull();
    expect(bill.pricePerKwh).toBeNull();
  });

  it("still gives the current bill's total beside them", () => {
    const lines = [
      ...PENALTIES.slice(0, 6),
      "Total fără TVA\t320,56 lei",
      "TVA (21%)\t67,32 lei",
      "Total factură curentă\t387,88 lei",
      ...PENALTIES.slice(6),
    ];
    expect(parseBillText(lines.join("\n")).totalWithVat).toBe("387.88");
  });

  it("still takes the amount to pay for the total on a bill without penalties or aid", () => {
    const bill = parseBillText(
      ["FACTURĂ seria X nr. 123456", "Energie electrică activă\t319 kWh", "TOTAL DE PLATĂ\t389,61 lei"].join("\n"),
    );
    expect(bill.totalWithVat).toBe("389.61");
  });
});

describe("a vulnerable consumer's bill whose totals a scan lost", () => {
  const AID = [
    "electrica\tFACTURĂ seria ECV nr. 7336727",
    "Contor: index vechi 36166, index nou 36495, cantitate facturată 329 kWh",
    "Valoare fără TVA",
    "TVA 21%",
    "Valoare totală factură",
    "Sume suportate din bugetul de stat",
    "Ajutor pentru consumatorul vulnerabil — încălzirea locuinței cu energie electrică\t-228,00",
    "Supliment pentru energie — consum de energie electrică\t-10,00",
    "REST DE PLATĂ\t203,94 lei",
  ];

  it("adds the bill's value up from the rest to pay and the deductions above it, below sure", () => {
    const bill = parseBillText(AID.join("\n"));
    expect(bill.totalWithVat).toBe("441.94");
    expect(bill.pricePerKwh).toBe("1.3433");
    expect(bill.fieldConfidence?.totalWithVat).toBeLessThan(0.9);
    expect(bill.fieldConfidence?.pricePerKwh).toBeLessThan(0.9);
  });

  it("never takes the rest to pay itself for the bill's value", () => {
    const bill = parseBillText(AID.filter((line) => !line.includes("-")).join("\n"));
    expect(bill.totalWithVat).toBeNull();
  });
});
