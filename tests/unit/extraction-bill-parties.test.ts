// Round 14's misses (issue #14), each written here in a wording of its own rather than copied from the
// fixture: whose address a bill prints in the parties' blocks side by side, an offer's name, facts
// printed value first, meter indexes, and a street kind the engine misread.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { inSellersColumn, kwhByValue } from "../../app/server/documents/extraction/bill-values.server";
import {
  checkOcrBill,
  offerBrandRepaired,
  streetKindGuessed,
  type OcrWord,
} from "../../app/server/documents/extraction/ocr-bill-checks.server";
import { repairOcrText, repairStreetKind } from "../../app/server/documents/extraction/ocr-text-repair.server";

const sideBySide = (rows: string[][]) => rows.map((row) => row.join("\t")).join("\n");

describe("the parties' blocks printed side by side", () => {
  const parties = sideBySide([
    ["Factură nr. ABC 1234567 din 03.02.2026"],
    ["P-1 Furnizor", "P-2 Client"],
    ["P-11", "Denumire", "LUMINA VERDE S.A.", "P-21", "Nume", "POPESCU ANA"],
    ["P-12", "Strada", "Bd. Industriei nr. 7", "P-22", "Strada", "Str.Lalelelor nr.12 bl.C2 ap.4"],
    ["P-13", "Localitate", "Arad", "P-23", "Localitate", "Jud.AR Mun.Arad"],
  ]);

  it("never takes the seller's street for the holder's address: the buyer's street, its locality first", () => {
    expect(parseBillText(parties).billingAddress).toBe("Jud.AR Mun.Arad Str.Lalelelor nr.12 bl.C2 ap.4");
  });

  it("knows a cell's block by the titles above it, whatever their order", () => {
    const lines = billLines(parties);
    expect(inSellersColumn(lines, 3, 2)).toBe(true);
    expect(inSellersColumn(lines, 3, 5)).toBe(false);
    const swapped = billLines(
      sideBySide([
        ["Cumpărător", "Vânzător"],
        ["Str.Lalelelor nr.12", "Bd. Industriei nr. 7"],
      ]),
    );
    expect(inSellersColumn(swapped, 1, 0)).toBe(false);
    expect(inSellersColumn(swapped, 1, 1)).toBe(true);
  });

  it("leaves the distributor's office to the distributor too", () => {
    const lines = billLines(
      sideBySide([
        ["Client", "Operator de distribuție"],
        ["Str.Lalelelor nr.12", "Str. Uzinei nr. 2"],
      ]),
    );
    expect(inSellersColumn(lines, 1, 0)).toBe(false);
    expect(inSellersColumn(lines, 1, 1)).toBe(true);
  });

  it("reads no block where the titles name one party only, or none", () => {
    const one = billLines(
      sideBySide([
        ["Furnizor", "Contact"],
        ["Bd. Industriei nr. 7", "0800 800 800"],
      ]),
    );
    expect(inSellersColumn(one, 1, 0)).toBe(false);
    const none = billLines(
      sideBySide([
        ["Adresa de facturare", "Locul de consum"],
        ["Str.Lalelelor nr.12", "Str.Lalelelor nr.12"],
      ]),
    );
    expect(inSellersColumn(none, 1, 0)).toBe(false);
  });

  it("still leaves a labelled address in the seller's block to the seller", () => {
    const labelled = sideBySide([
      ["Vânzător", "Cumpărător"],
      ["Denumire: LUMINA VERDE S.A.", "Nume: POPESCU ANA"],
      ["Adresa: Bd. Industriei nr. 7, Arad", "Adresa: Jud.AR Mun.Arad Str.Lalelelor nr.12"],
    ]);
    expect(parseBillText(labelled).billingAddress).toBe("Jud.AR Mun.Arad Str.Lalelelor nr.12");
  });
});

describe("an offer's name and what follows it", () => {
  const offer = (line: string) =>
    parseBillText(`Factură nr. ABC 1234567\n${line}\nTotal de plată: 120,00 lei`).tariffType;

  it("ends at a colon or a semicolon (a scan reads one for the other)", () => {
    expect(offer("Produs: Lumina Casa Extra: putere aprobată 7 kW")).toBe("Lumina Casa Extra");
    expect(offer("Produs: Lumina Casa Extra; putere aprobată 7 kW")).toBe("Lumina Casa Extra");
  });

  it("ends at its own title printed after it, run into the same cell", () => {
    expect(offer("Lumina Verde Fix ofertă")).toBe("Lumina Verde Fix");
    expect(offer("Tarif: Lumina Verde Fix produs")).toBe("Lumina Verde Fix");
  });

  it("ends at another field's label in lower case", () => {
    expect(offer("Produs: Lumina Verde Fix putere aprobată 5 kW")).toBe("Lumina Verde Fix");
  });

  it("is never another field's label left under its caption where a scan lost the value", () => {
    expect(
      parseBillText("Factură nr. ABC 1234567\nTip produs\nPutere aprobată\nTotal de plată: 120,00 lei").tariffType,
    ).toBeNull();
  });

  it("keeps a capitalised word that could title an offer, and lower-case words that are no label", () => {
    expect(offer("Produs: Lumina Tarif Fix")).toBe("Lumina Tarif Fix");
    expect(offer("Produs: Preț fix 12 luni")).toBe("Preț fix 12 luni");
  });
});

describe("facts printed value first, their captions run into the values' cells by a scan", () => {
  const scanned = [
    "Lumina Verde S.A.",
    "ABC 7654321 număr factură\tPOPESCU ANA titular",
    "07.03.2026 data emiterii\tRO005E123456789 cod POD",
    "22.03.2026 data scadenței\tLumina Verde Fix ofertă",
    "01.02.2026 - 28.02.2026 perioada de facturare\t5 kW putere aprobată",
    "C-123456 cod client\t412 kWh consum facturat",
    "Total de plată: 250,00 lei",
  ].join("\n");

  it("reads each value with its own caption, not the next line's value", () => {
    const bill = parseBillText(scanned);
    expect(bill).toMatchObject({
      billDate: "2026-03-07",
      dueDate: "2026-03-22",
      periodStart: "2026-02-01",
      periodEnd: "2026-02-28",
      customerName: "POPESCU ANA",
      clientCode: "C-123456",
      contractedPowerKw: "5.00",
      consumptionKwh: 412,
    });
  });

  it("leaves two headings side by side as they are", () => {
    expect(billLines("Date client\tDate factură").map((l) => l.cells)).toEqual([["Date client", "Date factură"]]);
  });
});

describe("meter indexes, and what may vouch for a consumption", () => {
  const bill = (registers: string[]) =>
    [
      "Factură nr. ABC 1234567 din 05.05.2026",
      "Energie activă facturată\t812 kWh",
      "Registru\tIndex vechi\tIndex nou\tConsum (kWh)",
      ...registers,
      "Valoare fără TVA: 800,00 lei",
      "TVA 21%: 168,00 lei",
      "Total de plată: 968,00 lei",
    ].join("\n");

  it("reads a register row whose scan added a mark after its last column", () => {
    const parsed = parseBillText(bill(["1.8.1 Zi\t1000\t1600\t600\t~IEI", "1.8.2 Noapte\t500\t712\t212"]));
    expect(parsed.checks?.find((c) => c.name === "consumption_matches_indexes")).toMatchObject({
      passed: true,
      detail: "2312 − 1500 vs 812 kWh",
    });
  });

  it("lets no price band vouch for a consumption when the bill's indexes could not be read", () => {
    const parsed = parseBillText(bill(["1.8.1 Zi\t~\t~\t600", "1.8.2 Noapte\t~\t~\t212"]));
    expect(parsed.checks?.find((c) => c.name === "price_in_band")?.passed).toBe(true);
    expect(parsed.consumptionKwh).toBe(812);
    expect(parsed.fieldConfidence?.consumptionKwh).toBeLessThan(0.9);
  });

  it("keeps a table's header of captions in its order (no value first, caption after)", () => {
    const lines = billLines(
      "Serie contor\tIndex anterior\tData citirii\tIndex actual\tData citirii\tConsum (kWh)\nAB 123\t30510\t01.12.2025\t31331\t31.12.2025\t821",
    );
    expect(lines[0]!.cells[1]).toBe("Index anterior");
    const parsed = parseBillText(
      `Factură nr. ABC 1234567\nConsum facturat: 821 kWh\n${lines.map((l) => l.cells.join("\t")).join("\n")}`,
    );
    expect(parsed.checks?.find((c) => c.name === "consumption_matches_indexes")?.passed).toBe(true);
  });

  it("reads both indexes from one cell under one caption, and an index named inside a sentence", () => {
    const pair = parseBillText(
      "Factură nr. ABC 1234567\nConsum facturat: 554 kWh\nIndex vechi / Index nou\n15096 / 15650",
    );
    expect(pair.checks?.find((c) => c.name === "consumption_matches_indexes")).toMatchObject({
      passed: true,
      detail: "15650 − 15096 vs 554 kWh",
    });
    const sentence = parseBillText(
      "Factură nr. ABC 1234567\nConsum facturat: 246 kWh, pe baza indexului actual 31729 (indexul anterior 31483).",
    );
    expect(sentence.checks?.find((c) => c.name === "consumption_matches_indexes")).toMatchObject({
      passed: true,
      detail: "31729 − 31483 vs 246 kWh",
    });
  });
});

describe("a street kind the engine misread, one repair for bills and identity cards", () => {
  it("reads 'Ș$os.', '$os.', '5os.' as 'Șos.' and '$tr.' as 'Str.', in a bill's text too", () => {
    expect(repairStreetKind("Jud.AR Mun.Arad Ș$os.Aradului nr.3")).toBe("Jud.AR Mun.Arad Șos.Aradului nr.3");
    expect(repairStreetKind("Mun.Arad $os. Aradului")).toBe("Mun.Arad Șos. Aradului");
    expect(repairStreetKind("Mun.Arad 5os.Aradului")).toBe("Mun.Arad Șos.Aradului");
    expect(repairStreetKind("Mun.Arad $tr.Lalelelor")).toBe("Mun.Arad Str.Lalelelor");
    expect(repairOcrText("Adresa: Mun.Arad Ș$os.Aradului nr.3")).toBe("Adresa: Mun.Arad Șos.Aradului nr.3");
  });

  it("leaves a figure, a price and a word that only ends in 'os.' alone", () => {
    expect(repairStreetKind("Total 5,00 lei; 15os. lipsă")).toBe("Total 5,00 lei; 15os. lipsă");
    expect(repairStreetKind("Costos. Nimic")).toBe("Costos. Nimic");
  });

  const sure = (text: string): OcrWord => ({ text, confidence: 0.99, readAgain: () => text });
  const bill = (address: string) =>
    parseBillText(
      [
        "Factură nr. ABC 1234567",
        "Data emiterii: 01.03.2026",
        "Client: ANA POPESCU",
        `Adresa: ${address}`,
        "Total de plată: 121,00 lei",
      ].join("\n"),
    );

  it("keeps an address whose street kind was repaired below sure", () => {
    const words = ["Adresa:", "Mun.Arad", "Ș$os.Aradului", "nr.3"].map(sure);
    const text = repairOcrText("Adresa: Mun.Arad Ș$os.Aradului nr.3");
    expect(streetKindGuessed("Mun.Arad Șos.Aradului nr.3", words)).toBe(true);
    expect(streetKindGuessed("Mun.Arad Șos.Aradului, nr.3", ["Mun.Arad", "Ș$os.Aradului,", "nr.3"].map(sure))).toBe(
      true,
    );
    const parsed = bill("Mun.Arad Șos.Aradului nr.3");
    expect(parsed.fieldConfidence?.billingAddress).toBeGreaterThanOrEqual(0.9);
    expect(checkOcrBill(parsed, text, words).fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("lets the same street read as printed elsewhere on the page vouch for it", () => {
    const words = ["Mun.Arad", "Ș$os.Aradului", "nr.3", "Loc", "de", "consum", "Mun.Arad", "Şos.Aradului", "nr.3"].map(
      sure,
    );
    expect(streetKindGuessed("Mun.Arad Șos.Aradului nr.3", words)).toBe(false);
    // The kind alone, read apart from its name, names no street to find again.
    expect(streetKindGuessed("Mun.Arad Șos. Aradului nr.3", ["Ș$os.", "Aradului", "Șos.", "Gării"].map(sure))).toBe(
      true,
    );
    // A street read as printed needed no repair.
    expect(streetKindGuessed("Mun.Arad Șos.Aradului nr.3", ["Mun.Arad", "Șos.Aradului", "nr.3"].map(sure))).toBe(false);
  });
});

describe("a bill number whose series a scan read into a cell of its own", () => {
  const bill = [
    "FACTURĂ\tNumăr factură\tABC\t7654321",
    "Data emitere:\t2026-03-02",
    "Referința contractului:\t123456/2023",
    "Referința cumpărătorului:\t9876543210",
    "Total de plată: 121,00 lei",
  ].join("\n");

  it("joins the series and the number after the label", () => {
    expect(parseBillText(bill).billNumber).toBe("ABC 7654321");
  });

  it("leaves the number's digits to the bill number, not to a client code read by its shape", () => {
    expect(parseBillText(bill).clientCode).toBe("9876543210");
  });
});

describe("a consumption read by value on a bill with two registers", () => {
  const rows = (lines: string[][]) => billLines(lines.map((row) => row.join("\t")).join("\n"));

  it("takes the registers' total row, else their sum, not the first register", () => {
    const total = [
      ["1.8.1 Zi", "14263", "15248", "985"],
      ["1.8.2 Noapte", "3877", "4205", "328"],
      ["1.8.0 Total", "18140", "19453", "1313"],
    ];
    expect(kwhByValue(rows(total))).toEqual({ kwh: 1313, by: "indexes" });
    expect(kwhByValue(rows(total.slice(0, 2)))).toEqual({ kwh: 1313, by: "indexes" });
  });

  it("takes the largest quantity of the charge rows that add up: the distribution billed on every kWh", () => {
    const charges = [
      ["Energie activă zi", "985", "0,6722", "662,12"],
      ["Energie activă noapte", "328", "0,6722", "220,48"],
      ["Distribuție", "1313", "0,2513", "329,96"],
    ];
    expect(kwhByValue(rows(charges))).toEqual({ kwh: 1313, by: "row" });
  });
});

describe("indexes with a misread digit beside charge rows that add up", () => {
  const bill = (newIndex: string) =>
    [
      "Factură nr. ABC 1234567 din 05.08.2025",
      "Index vechi / Index nou",
      `21941 / ${newIndex}`,
      "Energie electrică activă\t_01.07.2025-31.07.2025 1153\tkWh\t0,84170\t970,48",
      "Tarif distribuție\t01.07.2025-31.07.2025\t1153\tkWh\t0,25130\t289,75",
      "Total fără TVA: 1.260,23 lei",
    ].join("\n");

  it("takes the quantity the charge rows vouch for, and doubts it when the indexes disagree", () => {
    const misread = parseBillText(bill("29094"));
    expect(misread.consumptionKwh).toBe(1153);
    expect(misread.checks?.find((c) => c.name === "consumption_matches_indexes")?.passed).toBe(false);
    expect(misread.fieldConfidence?.consumptionKwh).toBeLessThan(0.9);
  });

  it("vouches for it when the indexes agree", () => {
    const read = parseBillText(bill("23094"));
    expect(read.consumptionKwh).toBe(1153);
    expect(read.fieldConfidence?.consumptionKwh).toBeGreaterThanOrEqual(0.9);
  });
});

describe("an offer named after its supplier's brand, the brand misread by a scan", () => {
  it("reads a first word one edit from the brand as the brand", () => {
    expect(offerBrandRepaired("Timar Casa Verde", "Tinmar Energy")).toBe("Tinmar Casa Verde");
    expect(offerBrandRepaired("IGA Casnic Variabil", "CIGA Energy")).toBe("CIGA Casnic Variabil");
  });

  it("leaves the brand as printed, another word, a short word and a supplier with no telling word alone", () => {
    expect(offerBrandRepaired("Tinmar Casa Verde", "Tinmar Energy")).toBe("Tinmar Casa Verde");
    expect(offerBrandRepaired("Hidro Fix 12 luni", "Hidroelectrica")).toBe("Hidro Fix 12 luni");
    expect(offerBrandRepaired("PC Simplu", "PPC Energie")).toBe("PC Simplu");
    expect(offerBrandRepaired("EON Verde", "E.ON Energie România")).toBe("EON Verde");
  });

  it("repairs it on a scanned bill, below sure", () => {
    const parsed = parseBillText(
      ["Tinmar Energy S.A.", "Factură nr. TIN 1234567", "Produs: Timar Casa Verde", "Total de plată: 121,00 lei"].join(
        "\n",
      ),
    );
    const checked = checkOcrBill(parsed, "", []);
    expect(checked.tariffType).toBe("Tinmar Casa Verde");
    expect(checked.fieldConfidence?.tariffType).toBeLessThan(0.9);
  });
});
