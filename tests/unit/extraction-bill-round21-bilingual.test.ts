// Bilingual bills of the counties where Hungarian is official beside Romanian (Harghita, Covasna,
// Mureș): every caption in Hungarian over (or before) its Romanian, the date of issue in Hungarian
// words (issue #14, bill round 21), in a wording of their own.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { findDates } from "../../app/server/documents/extraction/text-fields.server";

/** Hungarian captions over their values, the Romanian caption under each value, in two columns. */
const STACKED = [
  "Furnizor Energie S.A. · Sepsiszentgyörgy / Sfântu Gheorghe, str. Gábor Áron nr. 14 · CUI RO11223344",
  "SZÁMLA / FACTURĂ",
  "Sepsiszentgyörgy, 2025. szeptember 9.",
  "Számla sorszáma\tÜgyfél",
  "FEH 1234567\tKOVÁCS ANDREA",
  "Nr. factură\tClient",
  "Kiállítás dátuma\tÜgyfélkód",
  "09.09.2025\t4400112233",
  "Data emiterii\tCod client",
  "Fizetési határidő\tSzerződésszám",
  "24.09.2025\t120045/2019",
  "Data scadentă\tNr. contract",
  "Számlázási időszak\tFelhasználási hely kódja (POD)",
  "01.08.2025 - 31.08.2025\tRO002E111222333",
  "Perioada de facturare\tCod loc de consum (POD)",
  "Számlázási cím",
  "Jud.CV Mun.Sfântu Gheorghe Str.Kós Károly nr.7 ap.3",
  "Adresa de facturare",
  "Fogyasztás\t180 kWh",
  "Összesen ÁFA nélkül\t180,00 lei",
  "ÁFA 21%\t37,80 lei",
  "Fizetendő összesen\t217,80 lei",
].join("\n");

describe("a bill captioned in Hungarian and Romanian", () => {
  it("reads the holder's name under 'Ügyfél' and the billing address under 'Számlázási cím'", () => {
    const bill = parseBillText(STACKED);
    expect(bill.customerName).toBe("KOVÁCS ANDREA");
    expect(bill.billingAddress).toBe("Jud.CV Mun.Sfântu Gheorghe Str.Kós Károly nr.7 ap.3");
  });

  it("reads the dates, codes and contract under their Hungarian captions", () => {
    const bill = parseBillText(STACKED);
    expect(bill.billDate).toBe("2025-09-09");
    expect(bill.dueDate).toBe("2025-09-24");
    expect(bill.periodStart).toBe("2025-08-01");
    expect(bill.periodEnd).toBe("2025-08-31");
    expect(bill.clientCode).toBe("4400112233");
    expect(bill.contractNumber).toBe("120045/2019");
  });

  it("reads Hungarian captions beside their values too, where the Romanian is left out", () => {
    const bill = parseBillText(
      [
        "Számla / Factură FEH 7654321",
        "Ügyfél neve: SZABÓ PÉTER",
        "Levelezési cím: Jud.HR Mun.Odorheiu Secuiesc Str.Bethlen Gábor nr.21",
        "Fizetési határidő: 18.02.2026",
        "Kiállítás dátuma: 03.02.2026",
        "Ügyfélazonosító: 5500123",
        "Szerződés száma: 77120/2022",
        "Fizetendő összesen / Total de plată\t121,00 lei",
      ].join("\n"),
    );
    expect(bill.customerName).toBe("SZABÓ PÉTER");
    expect(bill.billingAddress).toBe("Jud.HR Mun.Odorheiu Secuiesc Str.Bethlen Gábor nr.21");
    expect(bill.billDate).toBe("2026-02-03");
    expect(bill.dueDate).toBe("2026-02-18");
    expect(bill.clientCode).toBe("5500123");
    expect(bill.contractNumber).toBe("77120/2022");
  });
});

describe("a date in Hungarian words", () => {
  it("reads year first, the month in words or abbreviated, the day last", () => {
    expect(findDates("Csíkszereda, 2026. február 1.")).toEqual(["2026-02-01"]);
    expect(findDates("Marosvásárhely, 2025. március 18.")).toEqual(["2025-03-18"]);
    expect(findDates("kelt 2025. szept. 30.")).toEqual(["2025-09-30"]);
    expect(findDates("2024. május 5. – 2024. június 4.")).toEqual(["2024-05-05", "2024-06-04"]);
  });

  it("never reads a Romanian day and month out of the Hungarian year ('2025. március 18.' holds no 25 March 2018)", () => {
    expect(findDates("2025. március 18.")).not.toContain("2018-03-25");
  });
});
