// Shapes round 10 of the held-out bill layouts showed (issue #14), each written here in a wording of
// its own rather than copied from the fixture: a label's last word is never its value, a period may
// print its month once, and the supplier's block is never the holder's.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { findDates } from "../../app/server/documents/extraction/text-fields.server";

describe("a label's own words are not its value", () => {
  it("reads the bill number beside 'Seria și nr. factură', not the label's last word", () => {
    const text = ["Seria și nr. factură\tENX 0041177\tData emiterii\t04.03.2026", "Seria și numărul documentului\tXYZ 900112"].join("\n");
    expect(parseBillText(text).billNumber).toBe("ENX 0041177");
  });
});

describe("a code after a label that runs on into the value's cell", () => {
  it("skips the label's last words ending in ':' and reads the code", () => {
    const bill = parseBillText("Cod client: 66120045\tNr. contract energie: 31877/2024");
    expect(bill.contractNumber).toBe("31877/2024");
    expect(bill.clientCode).toBe("66120045");
  });

  it("drops a colon left after the code", () => {
    expect(parseBillText("Nr. contract\t55120/2023: Cod client 1182200").contractNumber).toBe("55120/2023");
  });
});

describe("a period with its month and year printed once, at its end", () => {
  it("reads the first and the last day", () => {
    expect(findDates("1-30.09.2025")).toEqual(["2025-09-01", "2025-09-30"]);
    expect(findDates("01 – 28 februarie 2026")).toEqual(["2026-02-01", "2026-02-28"]);
    expect(parseBillText("Interval de facturare: 01-30.11.2025\nData emiterii: 05.12.2025")).toMatchObject({
      periodStart: "2025-11-01",
      periodEnd: "2025-11-30",
      billDate: "2025-12-05",
    });
  });

  it("keeps a single date and a range of full dates as they were", () => {
    expect(findDates("Emisă la 05.12.2025")).toEqual(["2025-12-05"]);
    expect(findDates("01.11.2025-30.11.2025")).toEqual(["2025-11-01", "2025-11-30"]);
    expect(findDates("2025-11-01 - 2025-11-30")).toEqual(["2025-11-01", "2025-11-30"]);
  });
});

describe("the supplier's block beside the holder's", () => {
  // Two blocks side by side: each line holds the supplier's cell, then the holder's.
  const sideBySide = [
    "Factura seria ABC nr. 7000123 din 02.03.2026",
    "NORD ENERGIE S.R.L.\tTitular: RADU MIHAI",
    "Adresa: Bd. Independenței nr. 4, Iași\tAdresa: Jud.BC Mun.Bacău Str.Mărăști nr.12 bl.4",
    "CUI: RO1234567\tCapital social 10.000 lei\tsc.B ap.7",
  ].join("\n");

  it("reads the holder's address, not the supplier's printed on the same lines", () => {
    const bill = parseBillText(sideBySide);
    expect(bill.billingAddress).toBe("Jud.BC Mun.Bacău Str.Mărăști nr.12 bl.4 sc.B ap.7");
    expect(bill.customerName).toBe("RADU MIHAI");
  });

  it("skips an address next to the supplier's tax number or bank account in a single column", () => {
    const text = ["Furnizor: NORD ENERGIE S.R.L.", "Cod IBAN RO49AAAA1B31007593840000", "Adresa: Bd. Independenței nr. 4, Iași", "Client: RADU MIHAI", "Adresa: Jud.BC Mun.Bacău Str.Mărăști nr.12"].join("\n");
    expect(parseBillText(text).billingAddress).toBe("Jud.BC Mun.Bacău Str.Mărăști nr.12");
  });

  it("skips the supplier's address read by its shape, one OCR line with its tax number", () => {
    const text = [
      "Nord Energie S.A. - Bd. Independenței nr. 4, Iași - CIF RO1234567",
      "Factura seria NRD nr. 5500123 din 02.03.2026",
      "Expediați către RADU MIHAI, Jud.BC Mun.Bacău Str.Mărăști nr.12",
    ].join("\n");
    expect(parseBillText(text).billingAddress).toBe("Jud.BC Mun.Bacău Str.Mărăști nr.12");
  });

  it("still reads the holder's address when the supplier's block follows it", () => {
    const text = ["Client: RADU MIHAI", "Adresa: Jud.BC Mun.Bacău Str.Mărăști nr.12", "Furnizor: NORD ENERGIE S.R.L., CUI RO1234567"].join("\n");
    expect(parseBillText(text).billingAddress).toBe("Jud.BC Mun.Bacău Str.Mărăști nr.12");
  });
});

describe("the supplier's own name and address are never the holder's", () => {
  // A payment stub names the supplier as the payee; its address follows its name on the envelope line.
  const stub = [
    "Beneficiar: Tinmar Energy\tDe plată",
    "Tinmar Energy S.A. · Bd. Independenței nr. 4, Iași\tRADU MIHAI",
    "Str.Mărăști nr.112",
    "Jud.BC Mun.Bacău",
  ].join("\n");

  it("skips a payee label naming a known supplier and reads the holder by shape", () => {
    const bill = parseBillText(stub);
    expect(bill.customerName).toBe("RADU MIHAI");
    expect(bill.fieldConfidence?.customerName).toBeLessThan(0.9);
  });

  it("skips an address in the cell right after the supplier's name", () => {
    expect(parseBillText(stub).billingAddress).toBe("Jud.BC Mun.Bacău Str.Mărăști nr.112");
  });
});

describe("facts printed value first, their caption after them", () => {
  const text = [
    "TRX 4410078\tnumăr factură\tRADU MIHAI\ttitular",
    "02.03.2026\tdata emiterii\tRO002E500123456\tcod POD",
    "5512300871\tcod client\t940 kWh\tconsum facturat",
    "Jud.BC Mun.Bacău Str.Mărăști nr.12\tadresa locului de consum",
  ].join("\n");

  it("reads each value with the caption after it, not with the next pair's", () => {
    const bill = parseBillText(text);
    expect(bill.clientCode).toBe("5512300871");
    expect(bill.customerName).toBe("RADU MIHAI");
    expect(bill.billingAddress).toBe("Jud.BC Mun.Bacău Str.Mărăști nr.12");
    expect(bill.billNumber).toBe("TRX 4410078");
  });

  it("leaves a label ending in ':' before its value on the next line alone", () => {
    expect(billLines("Număr factură: TRX 4410078\tTitular:")[0]!.cells).toEqual(["Număr factură: TRX 4410078", "Titular:"]);
  });
});

describe("a value run on into the next field's label", () => {
  it("ends the bill number and the address before the label OCR merged into their cell", () => {
    const bill = parseBillText(["Seria și nr. TRX 4410078 Cod client 8812001", "Adresa: Jud.AB Mun.Alba Iulia Str.Unirii nr.4 ap.2: cod client 8812001"].join("\n"));
    expect(bill.billNumber).toBe("TRX 4410078");
    expect(bill.billingAddress).toBe("Jud.AB Mun.Alba Iulia Str.Unirii nr.4 ap.2");
  });

  it("ends a bill number read beside its label before the next label merged into its cell", () => {
    expect(parseBillText("Titular\tPOPA DAN\tSeria și numărul\tTRX 4410078 Cod client\t8812001").billNumber).toBe("TRX 4410078");
  });
});
