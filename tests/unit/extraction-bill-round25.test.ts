// Bill round 25 (issue #14): a final bill closing the contract, a bill adding an instalment of a
// payment plan, a bill whose meter was replaced mid-period; scans with a sticky note at a side edge.
// What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

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
