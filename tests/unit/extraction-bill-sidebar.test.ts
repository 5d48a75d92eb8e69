// Shapes round 15 of the held-out bill layouts showed (issue #14), each written here in a wording of
// its own rather than copied from the fixture: an issue date only a deadline sentence could supply,
// a supplier's sidebar printed on the lines of the holder's facts, and a supplier-mix column beside
// the product table.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** A bill read from its lines (cells parted by tabs, as the reader gets them). */
const parseRows = (...rows: string[]) => parseBillText(rows.join("\n"));

describe("an issue date whose label the reading lost", () => {
  // A scan split 'Data emiterii' into words of their own: no issue-date label is left.
  const bill = [
    "FACTURĂ FISCALĂ\tSeria ABC nr. 1234567",
    "Total de plată\t119,00 lei",
    "Valoare fără TVA\t100,00 lei",
    "TVA 19%\t19,00 lei",
    "Data\temiterii\tData\tscadenței",
    "03.02.2025\t18.02.2025",
    "Perioada de facturare: 01.01.2025 - 31.01.2025",
    "Vă rugăm să achitați factura până la 18 februarie 2025.",
  ];

  it("never takes the deadline of a payment sentence for the issue date, and is not sure of a date found otherwise", () => {
    const parsed = parseBillText(bill.join("\n"));
    expect(parsed.billDate).not.toBe("2025-02-18");
    expect(parsed.dueDate).toBe("2025-02-18");
    if (parsed.billDate !== null) expect(parsed.fieldConfidence?.billDate).toBeLessThan(0.9);
  });

  it("reads the date printed under the bill's number ('din …') as the issue date", () => {
    const parsed = parseRows(bill[0]!, "din 3 februarie 2025", ...bill.slice(1));
    expect(parsed.billDate).toBe("2025-02-03");
    expect(parsed.fieldConfidence?.billDate).toBeLessThan(0.9);
  });

  it("still vouches for an issue date read beside its own label when the dates are in order", () => {
    const parsed = parseRows("Data emiterii: 03.02.2025", ...bill.slice(1, 4), "Data scadenței: 18.02.2025", bill[6]!);
    expect(parsed.billDate).toBe("2025-02-03");
    expect(parsed.fieldConfidence?.billDate).toBeGreaterThanOrEqual(0.9);
  });
});

describe("the holder's facts beside a supplier's sidebar, their lines interleaved", () => {
  // The sidebar's lines fall between a caption and its value, and between an address's two lines.
  const bill = [
    "FACTURĂ\tTitular",
    "Numărul facturii\tNume",
    "XYZ 7654321\tIONESCU MARIA",
    "Furnizorul Exemplu S.A.\tData emiterii\tAdresa de facturare",
    "Str. Furnizorului nr. 1\t05.03.2026\tJud.IS Mun.Iași",
    "CUI: RO1234567",
    "Str.Lăpușneanu nr.12 ap.3",
    "Telefon: 0800 000 000\tData scadenței",
    "20.03.2026",
    "Contract de furnizare energie nr.",
    "E-mail: contact@exemplu.ro",
    "445566/2024",
  ].join("\n");
  const parsed = parseBillText(bill);

  it("never takes the caption 'Nume' under a heading for the holder's name: the name is under the caption", () => {
    expect(parsed.customerName).toBe("IONESCU MARIA");
  });

  it("joins the street printed after the locality, past the sidebar's line between them", () => {
    expect(parsed.billingAddress).toBe("Jud.IS Mun.Iași Str.Lăpușneanu nr.12 ap.3");
  });

  it("reads the contract number under a label of several words, past the sidebar's line", () => {
    expect(parsed.contractNumber).toBe("445566/2024");
    expect(parsed.fieldSource?.contractNumber).toBe("label");
  });
});

describe("the supplier's fuel mix printed in a column beside the product and meter tables", () => {
  // Each mix line falls on a line of its own or leads a line of the tables.
  const bill = [
    "Factura seria QWE nr. 1112223 din 02.06.2026",
    "Mixul de energie al furnizorului",
    "Huilă 11,20 %",
    "Denumire produs\tPutere aprobată\tTensiune",
    "Eolian 30,05 %",
    "Gaze naturale 21,40 %\tCasnic Standard Fix\t5 kW\tJT",
    "Nucleară 18,00 %\tSerie contor\tIndex vechi\tIndex nou\tConsum (kWh)",
    "Alte surse 3,10 %",
    "AB 123 456\t20410\t20722\t312",
    "Total fără TVA\t300,00 lei",
    "TVA 21%\t63,00 lei",
    "Total de plată\t363,00 lei",
  ].join("\n");
  const parsed = parseBillText(bill);

  it("never reads a share of the mix as the offer's name or the power", () => {
    expect(parsed.tariffType).toBe("Casnic Standard Fix");
    expect(parsed.contractedPowerKw).toBe("5.00");
  });

  it("reads the meter's indexes and the consumption under their captions, the mix's line between them passed over", () => {
    expect(parsed.consumptionKwh).toBe(312);
    expect(parsed.pricePerKwh).toBe("1.1635");
  });
});

describe("two shares of the fuel mix a scan ran into one cell, leading a row of captions", () => {
  it("are passed over like one: the captions stay over their values", () => {
    const parsed = parseRows(
      "Factura seria QWE nr. 1112223 din 02.06.2026",
      "Cărbune 17,45 % Hidro 28,12%\tProdus\tPutere aprobată\tTensiune",
      "Nuclear 19,80 %\tCasnic Standard Fix\t4 kW\tJT",
      "Total de plată\t363,00 lei",
    );
    expect(parsed.tariffType).toBe("Casnic Standard Fix");
    expect(parsed.contractedPowerKw).toBe("4.00");
  });
});

describe("a header of captions over a row that another column's cells lead", () => {
  // The charges summary's cells on the left share the meter table's row.
  const bill = [
    "Factura nr. RTY 5556667 din 10.04.2026",
    "Index vechi\tIndex nou\tConsum (kWh)",
    "Energie electrică\t310,00\t1500\t1800\t300",
    "Total fără TVA\t310,00 lei",
    "TVA 21%\t65,10 lei",
    "Total de plată\t375,10 lei",
  ].join("\n");

  it("reads each caption's value counted from the row's end", () => {
    const parsed = parseBillText(bill);
    expect(parsed.consumptionKwh).toBe(300);
    expect(parsed.checks?.find((c) => c.name === "consumption_matches_indexes")).toMatchObject({ passed: true, detail: "1800 − 1500 vs 300 kWh" });
  });
});

describe("a percentage after an offer's or a power's caption", () => {
  it("is never the offer's name nor the power", () => {
    const parsed = parseRows("Produs\tPutere aprobată", "Reducere 12,5 %\t15 %", "Total de plată\t100,00 lei");
    expect(parsed.tariffType).toBeNull();
    expect(parsed.contractedPowerKw).toBeNull();
  });
});

describe("a scan's misreadings inside a code", () => {
  it("reads a POD's operator digit 6 read as 'G' and a stray bracket among its digits", () => {
    expect(repairOcrText("Loc consum\tRO00GE123) 456789")).toBe("Loc consum\tRO006E123456789");
    expect(parseBillText(repairOcrText("Total de plată: 10,00 lei\nContact\tRO00GE123) 456789")).pod).toBe("RO006E123456789");
  });

  it("reads a code's letter prefix whose dash was read as a colon", () => {
    expect(repairOcrText("Cod client: C:123456\tDe la: 01.05.2026")).toBe("Cod client: C-123456\tDe la: 01.05.2026");
    expect(parseBillText(repairOcrText("Cod client: C:123456")).clientCode).toBe("C-123456");
  });

  it("leaves a phone number after a spaced colon, a time and a well-read POD alone", () => {
    for (const text of ["T: 0800800048", "Ora 12:30", "RO006E899015345", "Gaze 12,5 %"]) expect(repairOcrText(text)).toBe(text);
  });
});

describe("a meter table whose readings a scan lost", () => {
  const bill = (energyRowKwh: string) =>
    [
      "Factura nr. UIO 9998887 din 04.01.2026",
      "Contor\tIndex nou\tConsum (kWh)\tCitire",
      "1.210,00 lei\tEnergie electrică\tAB 12 3\t61163\t1000\treală",
      "Componentă\tCant. (kWh)\tPreț unitar (lei/kWh)",
      `Energie electrică activă\t${energyRowKwh}\t06954`,
      "Total fără TVA\t1.000,00 lei",
      "TVA 21%\t210,00 lei",
      "Total factură\t1.210,00 lei",
    ].join("\n");

  it("reads the consumption under its caption when the active energy's row bills the same quantity", () => {
    const parsed = parseBillText(bill("1000"));
    expect(parsed.consumptionKwh).toBe(1000);
    expect(parsed.fieldSource?.consumptionKwh).toBe("label");
  });

  it("does not take it when nothing vouches for it", () => {
    expect(parseBillText(bill("34")).consumptionKwh).not.toBe(1000);
  });
});

describe("a power's caption over a row of other facts", () => {
  it("never reads a product's name holding a figure as the power", () => {
    const parsed = parseRows("Cod client\t1234567890\tPutere aprobată\tTKW", "Contract nr\t123456/2024\tProdus\tCasa Fix 12 luni\tData scadenței");
    expect(parsed.contractedPowerKw).toBeNull();
  });

  it("never reads the period under it as the power when the scan lost the figure", () => {
    const parsed = parseRows("Cod client: 1234567890\tPutere aprobată\tBkw", "Perioada de facturare\t01.01.2026 - 31.01.2026");
    expect(parsed.contractedPowerKw).toBeNull();
  });
});

describe("a meter's serial under its caption", () => {
  it("is never the bill number, whose label the scan garbled", () => {
    const parsed = parseRows(
      "FACTURĂ\t",
      "Furnizorul Exemplu S.A.\turs#ctura!\tABC 7654321",
      "Data facturii\t16.10.2025",
      "Serie contor\tIndex\tData",
      "ABC 2291 0436\t23594\t01.08.2025",
      "Total de plată\t10,00 lei",
    );
    expect(parsed.billNumber).toBe("ABC 7654321");
  });
});

describe("a caption naming two codes over both values", () => {
  it("reads the contract's number and year, not the client code printed first", () => {
    const parsed = parseRows("Cod client /Nr. contract\tC-123456 / 654321/2024 POPA ION", "Total de plată\t10,00 lei");
    expect(parsed.contractNumber).toBe("654321/2024");
    expect(parsed.clientCode).toBe("C-123456");
  });
});

describe("'Cont contract' (the client's account) and the contract run into one cell", () => {
  it("reads the contract after its own word, not the account number", () => {
    const parsed = parseRows("Cont contract 1234567890 - Contract 654321/2019", "Total de plată\t10,00 lei");
    expect(parsed.clientCode).toBe("1234567890");
    expect(parsed.contractNumber).toBe("654321/2019");
  });
});

describe("a sentence starting with 'Client' over a row of captions", () => {
  it("takes no single caption word for the holder's name: the name under 'Nume' is read", () => {
    const parsed = parseRows(
      "FACTURĂ\tClient",
      "Seria și numărul\tNume",
      "Seria ABC nr. 1234567\tDAN ENE",
      "Operator\tClient casnic — serviciu universal, furnizat de furnizorul de ultimă instanță.",
      "Produs\tPutere aprobată\tTensiune",
      "Serviciu universal casnic\t4 kW\tJT",
      "Total de plată\t119,00 lei",
    );
    expect(parsed.customerName).toBe("DAN ENE");
  });
});
