// Bill round 25 (issue #14): a final bill closing the contract, a bill adding an instalment of a
// payment plan, a bill whose meter was replaced mid-period; scans with a sticky note at a side edge.
// What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText, pricePerKwh } from "../../app/server/documents/extraction/bill-parser.server";
import { formatPricePerKwh } from "../../app/lib/money";
import { checkOcrBill, type OcrWord } from "../../app/server/documents/extraction/ocr-bill-checks.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** The envelope's lines in their printed order: name, street, locality. */
const ENVELOPE_STREET_FIRST = [
  "CIGA ENERGY\tFACTURĂ FINALĂ",
  "CIGA Energy S.A. · CUI RO26851372 · București, Str. Ing. George Constantinescu nr. 2-4",
  "Seria CFF nr. 5088213",
  "OANA STAN",
  "Data emiterii: 18.02.2026",
  "Str.Libertății nr.63 bl.C2 ap.21\tTermen de plată: 05.03.2026",
  "Jud.CT Mun.Constanța",
  "Cod client: C-716919",
  "Contract nr. 131436/2022 (încetat)",
  "Valoare fără TVA\t1.334,93 lei",
  "TVA 21%\t280,34 lei",
  "Total factură finală\t1.615,27 lei",
];

describe("an address in the order the product uses", () => {
  it("puts a locality printed after the street first: county, town, then street, number, block, flat", () => {
    const bill = parseBillText(ENVELOPE_STREET_FIRST.join("\n"));
    expect(bill.billingAddress).toBe("Jud.CT Mun.Constanța Str.Libertății nr.63 bl.C2 ap.21");
  });

  it("reorders a labelled address printed street first, its locality's parts county first", () => {
    const bill = parseBillText(
      ["FACTURĂ", "Adresa: Bd.Unirii nr.78 bl.A8 ap.59, Mun.Timișoara, Jud.TM", "Total de plată\t120,00 lei"].join(
        "\n",
      ),
    );
    expect(bill.billingAddress).toBe("Jud.TM Mun.Timișoara Bd.Unirii nr.78 bl.A8 ap.59");
    const sector = parseBillText(
      ["FACTURĂ", "Adresa: Șos.Pantelimon nr.130 Mun.București Sector 2", "Total de plată\t120,00 lei"].join("\n"),
    );
    expect(sector.billingAddress).toBe("Mun.București Sector 2 Șos.Pantelimon nr.130");
  });

  it("leaves an address already in order, or with a locality inside it, as printed", () => {
    const ordered = parseBillText(
      ["FACTURĂ", "Adresa: Jud.CT Mun.Constanța Str.Libertății nr.63", "Total de plată\t120,00 lei"].join("\n"),
    );
    expect(ordered.billingAddress).toBe("Jud.CT Mun.Constanța Str.Libertății nr.63");
    const inside = parseBillText(
      ["FACTURĂ", "Adresa: Mun.București Str.Florilor nr.2 Sec.2", "Total de plată\t120,00 lei"].join("\n"),
    );
    expect(inside.billingAddress).toBe("Mun.București Str.Florilor nr.2 Sec.2");
  });

  it("reads the locality wrapped under a value whose label has a cell of its own, one cell left", () => {
    const bill = parseBillText(
      [
        "TINMAR ENERGY\tFACTURĂ",
        "TCI 2175120 / 01.02.2026",
        "Titular\tOANA IONIȚĂ\tScadență\t16.02.2026",
        "Adresa\tȘos.Pantelimon nr.130 bl.C5 ap.30\tPerioadă\t01.01.2026 - 31.01.2026",
        "Mun.București Sec.2\tPOD\tRO004E214037210",
        "Cod client\t5722657174\tOfertă\tTinmar Casnic Fix 12",
        "Total fără TVA\t242,56 lei",
        "TVA 21%\t50,94 lei",
        "Total de plată\t293,50 lei",
      ].join("\n"),
    );
    expect(bill.billingAddress).toBe("Mun.București Sec.2 Șos.Pantelimon nr.130 bl.C5 ap.30");
    // Put together from a column matched by counting: below sure.
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });
});

/** A word as the engine read it, and what a second reading of its box finds. */
const word = (text: string, confidence: number, again: string): OcrWord => ({
  text,
  confidence,
  readAgain: () => again,
});

const SCANNED = [
  "CIGA ENERGY\tFACTURĂ FINALĂ",
  "Seria CFF nr. 5934731",
  "Data emiterii: 18.02.2026",
  "Loc de consum: Mun.București Sec.2 Șos.Pantelimon nr.152 bl.A2 ap.13 · POD: RO007E292392200",
  "Valoare fără TVA\t100,00 lei",
  "TVA 21%\t21,00 lei",
  "Total factură finală\t121,00 lei",
];

describe("a scan's POD, which no check digit guards", () => {
  it("is below sure when the engine was unsure of its word, even when a second reading agrees", () => {
    const text = SCANNED.join("\n");
    const bill = parseBillText(text);
    expect(bill.fieldConfidence?.pod).toBeGreaterThanOrEqual(0.9);
    // '…292392200' for a printed '…292992200': the same damaged pixels read twice read the same.
    const checked = checkOcrBill(bill, text, [word("RO007E292392200", 0.83, "RO007E292392200")]);
    expect(checked.pod).toBe("RO007E292392200");
    expect(checked.fieldConfidence?.pod).toBeLessThan(0.9);
  });

  it("is sure when the bill prints it twice and both prints read the same, or the engine was sure of it", () => {
    const twice = [...SCANNED, "TALON DE PLATĂ · POD RO007E292392200"].join("\n");
    const unsure = [word("RO007E292392200", 0.83, "RO007E292392200"), word("RO007E292392200", 0.8, "RO007E292392200")];
    expect(checkOcrBill(parseBillText(twice), twice, unsure).fieldConfidence?.pod).toBeGreaterThanOrEqual(0.9);
    const text = SCANNED.join("\n");
    const sure = checkOcrBill(parseBillText(text), text, [word("RO007E292392200", 0.97, "RO007E292392200")]);
    expect(sure.fieldConfidence?.pod).toBeGreaterThanOrEqual(0.9);
  });

  it("keeps the bill number, client code and contract number below sure: nothing on a bill recomputes them", () => {
    const text = [...SCANNED, "Cod client: C-874324", "Contract nr. 723153/2018"].join("\n");
    const bill = parseBillText(text);
    for (const field of ["billNumber", "clientCode", "contractNumber"] as const) {
      expect(bill[field]).not.toBeNull();
      expect(bill.fieldConfidence?.[field]).toBeLessThan(0.9);
    }
  });
});

describe("the page's heading", () => {
  it("is never a label wrapped over two lines: the upper-case name under it is no label's rest", () => {
    // A scan misread the logo ('CIGA ENERC') and lost the rest of the holder's block.
    const bill = parseBillText(
      [
        "CIGA ENERC\tFACTURĂ FINALĂ",
        "IONIȚĂ OANA",
        "ctoriei\tnr.1",
        "SOLD FINAL ÎN FAVOAREA CLIENTULUI\t294,20 lei",
      ].join("\n"),
    );
    expect(bill.customerName).not.toBe("CIGA ENERC IONIȚĂ OANA");
  });
});

describe("a price per kWh exactly halfway between two figures", () => {
  it("rounds as the product shows a price: 214,94 lei for 176 kWh is 1,2212 wherever it is displayed", () => {
    const price = pricePerKwh(17764, 3730, 21494, 176);
    expect(price?.value).toBe("1.2212");
    expect(formatPricePerKwh(214.94 / 176)).toBe("1,2212");
    expect(pricePerKwh(null, null, 12100, 100)?.value).toBe("1.2100");
  });
});

describe("a deadline that is no due date", () => {
  it("never takes the date a contract may be left by ('notificare transmisă până la') for the due date", () => {
    const bill = parseBillText(
      [
        "ENGIE\tNr. 3494028/N",
        "Dacă nu sunteți de acord cu noul preț, puteți denunța contractul printr-o notificare transmisă până la",
        "31.03.2025. Factura curentă, pentru perioada 01.01.2025 - 31.01.2025, se află pe pagina următoare.",
        "FACTURĂ FISCALĂ Seria ENP nr. 3494028 08.02.2025 23.02.2025",
        "Total fără TVA\t470,34 lei",
        "TVA 19%\t89,36 lei",
        "TOTAL DE PLATĂ\t559,70 lei",
      ].join("\n"),
    );
    expect(bill.dueDate).not.toBe("2025-03-31");
  });

  it("still reads 'până la' beside the date in a short caption as the due date", () => {
    const bill = parseBillText(
      [
        "FACTURĂ",
        "Factură nr. PPH 2175120 · emisă la 01.02.2026",
        "De plată",
        "Titular: OANA IONIȚĂ\t283,42 lei",
        "Cod client: 5722657174\tpână la 16.02.2026",
      ].join("\n"),
    );
    expect(bill.dueDate).toBe("2026-02-16");
  });

  it("still reads a due date named by paying before 'până la'", () => {
    const bill = parseBillText(
      [
        "FACTURĂ",
        "Perioada: 01.01.2025 - 31.01.2025",
        "Vă rugăm să achitați factura până la 23.02.2025.",
        "Total de plată\t559,70 lei",
      ].join("\n"),
    );
    expect(bill.dueDate).toBe("2025-02-23");
  });
});

describe("an address whose holder's label a scan lost", () => {
  it("is the holder's when a person's name sits above it in its column, not the supplier's block further up", () => {
    const bill = parseBillText(
      [
        "TINMAR ENERGY\tFACTURĂ",
        "Tinmar Energy SA · CUI RO22014900 · București, Str. Splaiul Unirii nr. 165\tTCI 5061903 / 17.08.2026",
        "l\tPOPA ANDREI\tScadență\t01.09.2026",
        "Adresa\tStr.Libertății nr.122 bl.C1 ap.9\tPerioada\t01.07.2026 - 31.07.2026",
        "jud.BV Mun.Brașov\tPOD\tRO005E198922971",
        "Cod client\t4745542465\tOfertă\tTinmar Casnic Fix 12",
        "Total de plată\t293,50 lei",
      ].join("\n"),
    );
    expect(bill.billingAddress).toBe("jud.BV Mun.Brașov Str.Libertății nr.122 bl.C1 ap.9");
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });
});

describe("OCR repairs", () => {
  it("reads a series' small l as the capital I it is ('TCl 3004571' → 'TCI 3004571')", () => {
    expect(repairOcrText("TCl 3004571 / 19.02.2026")).toBe("TCI 3004571 / 19.02.2026");
    expect(repairOcrText("Seria lCE 1234567")).toBe("Seria ICE 1234567");
    // Words and short figures stay as read.
    expect(repairOcrText("Total 1234567")).toBe("Total 1234567");
    expect(repairOcrText("bl 12345")).toBe("bl 12345");
  });
});
