// Shapes of a bill's text that round 9 of the held-out layouts showed (issue #14), each written here in
// a wording of its own rather than copied from the fixture: facts run on as a paragraph, labels that
// wrap over two lines, ISO dates, labels in upper case with diacritics.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { findDates } from "../../app/server/documents/extraction/text-fields.server";

describe("bill text shapes", () => {
  it("reads facts that run on as a paragraph separated by semicolons, one fact a line", () => {
    const text = [
      "Factura FRX 7781203; emisă la 03.03.2026; scadentă 18.03.2026; perioada 01.02.2026 - 28.02.2026; client MARIN DANA; adresa",
      "Mun.Galați Str.Brăilei nr.9; cod client 4410022; contract 5521/2022; tarif Casnic Fix; putere 4,00 kW",
      "Total fără TVA 100,00 lei; TVA 21,00 lei; total de plată 121,00 lei.",
    ].join("\n");
    expect(billLines(text).map((l) => l.cells.join(" | "))).toContain("adresa Mun.Galați Str.Brăilei nr.9");
    const bill = parseBillText(text);
    expect(bill).toMatchObject({
      billNumber: "FRX 7781203",
      customerName: "MARIN DANA",
      billingAddress: "Mun.Galați Str.Brăilei nr.9",
      clientCode: "4410022",
      contractNumber: "5521/2022",
      tariffType: "Casnic Fix",
      contractedPowerKw: "4.00",
      totalWithoutVat: "100.00",
      vat: "21.00",
      totalWithVat: "121.00",
    });
  });

  it("reads a code after its label without the 'nr.' printed before it", () => {
    expect(parseBillText("Contract\tnr. 131436/2022").contractNumber).toBe("131436/2022");
  });

  it("joins a label wrapped over two lines, the value beside its first line", () => {
    const text = [
      "Numărul\tAB 5500123",
      "facturii",
      "Codul\t7700112",
      "clientului",
      "Puterea\t3,00 kW",
      "instalată",
      "Totalul\t60,50 lei",
      "de plată",
    ].join("\n");
    expect(billLines(text)[0]!.cells).toEqual(["Numărul facturii", "AB 5500123"]);
    expect(parseBillText(text)).toMatchObject({
      billNumber: "AB 5500123",
      clientCode: "7700112",
      contractedPowerKw: "3.00",
    });
  });

  it("keeps a heading, or a label of the next column, under a labelled line apart", () => {
    expect(billLines("TOTAL DE PLATĂ\t60,50 lei\nDETALII CONSUM")).toHaveLength(2);
    expect(billLines("Factura nr.\tData emiterii\nSCADENȚA")).toHaveLength(2);
  });

  it("reads a period of ISO dates separated by a slash, and upper-case labels with diacritics", () => {
    expect(findDates("2025-10-01 / 2025-10-31")).toEqual(["2025-10-01", "2025-10-31"]);
    // A period whose end follows a hyphen without spaces is still two dates.
    expect(findDates("01.01.2026-31.01.2026")).toEqual(["2026-01-01", "2026-01-31"]);
    expect(findDates("2025.10.01 / 2025/10/31")).toEqual(["2025-10-01", "2025-10-31"]);
    const bill = parseBillText(
      ["PERIOADA\t2026-02-01 / 2026-02-28", "DATA SCADENȚEI\t2026-03-25", "DATA EMITERII\t2026-03-10"].join("\n"),
    );
    expect(bill).toMatchObject({
      periodStart: "2026-02-01",
      periodEnd: "2026-02-28",
      dueDate: "2026-03-25",
      billDate: "2026-03-10",
    });
  });
});
