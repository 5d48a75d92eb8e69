// Bilingual bills of the counties where Hungarian is official beside Romanian (Harghita, Covasna,
// Mureș): every caption in Hungarian over (or before) its Romanian, the date of issue in Hungarian
// words (issue #14, bill round 21), in a wording of their own.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { findDates } from "../../app/server/documents/extraction/text-fields.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

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

describe("a scan of a bilingual bill", () => {
  /** Hungarian captions as a scan reads them: accented vowels as Romanian ones, a digit or a sign. */
  const SCANNED = [
    "Szâmlaszăm\tFEH 2233445\tKdyf6l\tBALOGH ERIKA",
    "Klăllităs dătuma\t12.03.2025\tUgyfâlkâd",
    "Data emiterii\tCod client",
    "Fizet&si hatâridă\t27.03.2025\tSzerzâdesszăm",
    "Data scadentă\tNr. contract",
    "Elszămolăsi Idăszak\t01.02.2025 - 28.02.2025\tFogyasztâsi hely kâdja\tRO002E4455667",
    "Szâmlăzăsi ci m\tJud.MS Mun.Târgu Mureș Str.Bolyai nr.9",
    "Összesen ÁFA nélkül\t100,00 lei",
    "ÁFA 19%\t19,00 lei",
    "Fizetendő összesen\t119,00 lei",
  ].join("\n");

  it("reads the dates under captions whose accented vowels the scan misread", () => {
    const bill = parseBillText(SCANNED);
    expect(bill.billDate).toBe("2025-03-12");
    expect(bill.dueDate).toBe("2025-03-27");
    expect(bill.billingAddress).toBe("Jud.MS Mun.Târgu Mureș Str.Bolyai nr.9");
  });

  it("never reads a date (the next row's, the code's own value lost) nor a POD cut short as a code", () => {
    const bill = parseBillText(SCANNED);
    expect(bill.clientCode).not.toBe("27.03.2025");
    expect(bill.contractNumber).not.toBe("RO002E4455667");
    expect(parseBillText("Cod client\n19.08.2026\nNr. contract\tRO007E59'").clientCode).toBeNull();
    expect(parseBillText("Nr. contract\tRO007E59'\nCod client 1234567").contractNumber).toBeNull();
  });

  it("reads the holder as the sole name-shaped cell above the address when the scan garbled its caption, below sure", () => {
    const bill = parseBillText(SCANNED);
    expect(bill.customerName).toBe("BALOGH ERIKA");
    expect(bill.fieldConfidence?.customerName).toBeLessThan(0.9);
    // Two names (the holder and a place's user, say): neither is taken.
    expect(
      parseBillText(SCANNED.replace("Data emiterii\tCod client", "Data emiterii\tCod client\tMOLNÁR ZOLTÁN"))
        .customerName,
    ).toBeNull();
  });
});

describe("a scan that split a label into cells", () => {
  const SPLIT = [
    "Detalii loc de consum",
    "Adresa\tlocului de c\tnsum\tJud.CJ Mun.Cluj-Napoca Str.Horea nr.14",
    "le\tconsum (POD!\tRO002E123456789",
    "Energie Casa Fix 12",
    "Sumar factură\tFactură seria ABC nr. 1234567",
    "01.06.2025 - 30.06.2025\tPOP DANIELA",
    "21.07.2025\tJud.CJ Mun.Cluj-Napoca Str.Horea nr.14",
    "Total fără TVA\t100,00 lei",
    "TVA 19%\t19,00 lei",
    "Total factură curentă\t119,00 lei",
  ].join("\n");

  it("reads the address that starts a later cell of the label's line, below sure, not the line under the label", () => {
    const bill = parseBillText(SPLIT);
    expect(bill.billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Horea nr.14");
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("reads the holder's name above the address's last print (a summary repeating both)", () => {
    expect(parseBillText(SPLIT).customerName).toBe("POP DANIELA");
  });
});

describe("the supplier's own address", () => {
  it("is never the holder's, printed with the company's tax number in the next cell", () => {
    const bill = parseBillText(
      [
        "Furnizare Energie · Ügyfélszolgálat / Relații clienți",
        "Sepsiszentgyörgy, str. Gábor Áron nr. 14\tCUI RO11223344",
        "SZÁMLA / FACTURĂ",
        "Számlaszám\tFEH 1234567",
        "Fizetendő összesen / Total de plată\t217,80 lei",
      ].join("\n"),
    );
    expect(bill.billingAddress).not.toBe("str. Gábor Áron nr. 14");
  });
});

describe("a POD whose 'R' the scan misread", () => {
  it("opens with 'RO' again: a letter, 'O', 0dd, 'E' and nine digits is a POD's shape", () => {
    expect(repairOcrText("Fogyasztási hely kódja Ao003E579574173")).toBe("Fogyasztási hely kódja RO003E579574173");
    expect(repairOcrText("Cod loc de consum\tP0005E123456789")).toBe("Cod loc de consum\tRO005E123456789");
    // Not a POD's shape: left as read.
    expect(repairOcrText("AO003E57957417")).toBe("AO003E57957417");
  });
});

describe("a Romanian line that only looks like a Hungarian date", () => {
  it("reads no date out of an index before 'aprobată' (a year is 19xx or 20xx)", () => {
    expect(findDates("Index 4521 aprobată 5 kW")).toEqual([]);
  });
});
