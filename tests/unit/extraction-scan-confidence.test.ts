// What the OCR path checks on a scanned bill's fields before they are reported sure (issue #14): a
// digit the engine guessed at and a second reading contradicts, a county code that is none, and a
// supplier's name misread in the header.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import {
  checkCountyCode,
  checkOcrBill,
  editDistance,
  readingsDisagree,
  supplierByLikeness,
  wordsReadInto,
  type OcrWord,
} from "../../app/server/documents/extraction/ocr-bill-checks.server";

const BILL = [
  "Hidroelectrica S.A.",
  "Factură nr. HE 1234567",
  "Data emiterii: 01.03.2026",
  "Data scadenței: 20.03.2026",
  "Perioada de facturare: 01.02.2026 - 25.02.2026",
  "Client: ION POPESCU",
  "Adresa: Jud.BV Mun.Brașov Str.Lungă nr.8 ap.3",
  "Cod POD: RO002E411981095",
  "Total fără TVA: 100,00 lei",
  "TVA: 21,00 lei",
  "Total de plată: 121,00 lei",
].join("\n");

/** A word as the engine read it, and what a second reading of its box finds. */
const word = (text: string, confidence: number, again: string): OcrWord => ({
  text,
  confidence,
  readAgain: () => again,
});
const noSecondReading = (text: string, confidence: number): OcrWord => ({
  text,
  confidence,
  readAgain: () => {
    throw new Error(`a sure word is not read again: ${text}`);
  },
});

describe("a digit the engine guessed at", () => {
  const bill = parseBillText(BILL);

  it("starts sure: the reader vouches for what its labels and checks found", () => {
    expect(bill.fieldConfidence).toMatchObject({ pod: 0.95, periodEnd: 0.97, billingAddress: 0.9 });
  });

  it("is no longer sure when a second reading of the word finds other digits", () => {
    const checked = checkOcrBill(bill, BILL, [
      word("RO002E411981095", 0.87, "RO002E4119810965,"),
      word("25.02.2026", 0.89, "28.02.2026"),
      word("nr.8", 0.41, "nr.98"),
    ]);
    expect(checked.fieldConfidence!.pod).toBeLessThan(0.9);
    expect(checked.fieldConfidence!.periodEnd).toBeLessThan(0.9);
    expect(checked.fieldConfidence!.billingAddress).toBeLessThan(0.9);
    // What was read is kept: the review shows it, marked doubtful.
    expect(checked).toMatchObject({ pod: "RO002E411981095", periodEnd: "2026-02-25" });
    expect(checked.fieldConfidence!.periodStart).toBe(0.97);
  });

  // A POD the engine was unsure of stays below sure even when its second reading agrees (round 25,
  // tests/unit/extraction-bill-round25.test.ts): here the engine was sure of it.
  it("stays sure when the second reading agrees, finds no figure, or the engine was sure of every character", () => {
    const checked = checkOcrBill(bill, BILL, [
      noSecondReading("RO002E411981095", 0.96),
      word("25.02.2026", 0.89, ""),
      noSecondReading("nr.8", 0.97),
    ]);
    expect(checked.fieldConfidence).toMatchObject({ pod: 0.95, periodEnd: 0.97, billingAddress: 0.9 });
  });

  it("is not doubted where an arithmetic check recomputed the figure (totals, VAT)", () => {
    const checked = checkOcrBill(bill, BILL, [word("121,00", 0.5, "127,00"), word("100,00", 0.5, "700,00")]);
    expect(checked.fieldConfidence).toMatchObject({ totalWithVat: 0.97, totalWithoutVat: 0.97 });
  });

  it("matches a field to the words it was read from: the whole word, a part of a code printed in groups, a date's printed form", () => {
    const words = [
      word("nr.8", 0.5, ""),
      word("8", 0.5, ""),
      word("ap.3", 0.5, ""),
      word("411981095", 0.5, ""),
      word("981", 0.5, ""),
      word("25.02.26", 0.5, ""),
    ];
    expect(wordsReadInto("billingAddress", "Jud.BV Mun.Brașov Str.Lungă nr.8 ap.3", words).map((w) => w.text)).toEqual([
      "nr.8",
      "ap.3",
    ]);
    expect(wordsReadInto("pod", "RO002E411981095", words).map((w) => w.text)).toEqual(["411981095"]);
    expect(wordsReadInto("periodEnd", "2026-02-25", words).map((w) => w.text)).toEqual(["25.02.26"]);
  });

  it("compares the second reading's figures, whatever neighbours it took in", () => {
    expect(readingsDisagree(word("3905036653", 0.8, "STROE MIHAI 3905036653 001670/2025"))).toBe(false);
    expect(readingsDisagree(word("7,00", 0.8, "1,00 kW"))).toBe(true);
    expect(readingsDisagree(word("2O26", 0.8, "2026"))).toBe(false);
  });
});

describe("a power's figure the engine was unsure of", () => {
  const bill = parseBillText(`${BILL}\nPutere aprobată: 5kW`);
  /** The power's word, and what readings of its box at twice and three times the size find. */
  const powerWord = (confidence: number, twice: string, thrice: string): OcrWord => ({
    text: "5kW",
    confidence,
    readAgain: (scale) => (scale === 3 ? thrice : twice),
  });

  it("is the figure two larger readings agree on, and not sure", () => {
    expect(bill).toMatchObject({ contractedPowerKw: "5.00", fieldConfidence: { contractedPowerKw: 0.9 } });
    const checked = checkOcrBill(bill, BILL, [powerWord(0.66, "6 kW", "aprobată 6 kW.")]);
    expect(checked.contractedPowerKw).toBe("6.00");
    expect(checked.fieldConfidence!.contractedPowerKw).toBeLessThan(0.9);
  });

  it("is kept, doubtful, when only one larger reading differs; kept as it was when they agree with it or find no power", () => {
    const split = checkOcrBill(bill, BILL, [powerWord(0.66, "6 kW", "8 kW")]);
    expect(split.contractedPowerKw).toBe("5.00");
    expect(split.fieldConfidence!.contractedPowerKw).toBeLessThan(0.9);
    for (const [twice, thrice] of [["5 kW", "5 kW"], ["", "kWh"]]) {
      const kept = checkOcrBill(bill, BILL, [powerWord(0.66, twice!, thrice!)]);
      expect(kept.contractedPowerKw).toBe("5.00");
      expect(kept.fieldConfidence!.contractedPowerKw).toBe(bill.fieldConfidence!.contractedPowerKw);
    }
  });

  it("is not read again when the engine was sure of it", () => {
    expect(checkOcrBill(bill, BILL, [noSecondReading("5kW", 0.97)]).contractedPowerKw).toBe("5.00");
  });
});

describe("a county code in the billing address", () => {
  it("is one of the 41 counties: a code that is none is put right from the county seat printed with it", () => {
    expect(checkCountyCode("Jud.BY Mun.Brașov Șos.Pantelimon nr.81")).toEqual({
      address: "Jud.BV Mun.Brașov Șos.Pantelimon nr.81",
      sure: false,
    });
    expect(checkCountyCode("Jud.BY Com.Tărlungeni nr.5")).toEqual({
      address: "Jud.BY Com.Tărlungeni nr.5",
      sure: false,
    });
  });

  it("is the county of the seat printed with it", () => {
    expect(checkCountyCode("Jud.CJ Mun.Brașov Str.Lungă nr.8")).toEqual({
      address: "Jud.BV Mun.Brașov Str.Lungă nr.8",
      sure: false,
    });
    expect(checkCountyCode("Jud.BV Mun.Brașov Str.Lungă nr.8").sure).toBe(true);
    expect(checkCountyCode("Jud.BV Com.Tărlungeni nr.5").sure).toBe(true);
    expect(checkCountyCode("Mun.București Sec.2 Str.Lungă nr.8").sure).toBe(true);
  });

  it("makes the address doubtful when it needed putting right", () => {
    const text = BILL.replace("Jud.BV", "Jud.BY");
    const checked = checkOcrBill(parseBillText(text), text, []);
    expect(checked.billingAddress).toBe("Jud.BV Mun.Brașov Str.Lungă nr.8 ap.3");
    expect(checked.fieldConfidence!.billingAddress).toBeLessThan(0.9);
  });
});

describe("a supplier's name misread in the header", () => {
  it("is recognised by a name one edit per eight letters away, or by its logo word first on the page", () => {
    expect(supplierByLikeness("electrica îurnizare\tFACTURĂ FISCALĂ\nDate client")).toBe("Electrica Furnizare");
    expect(supplierByLikeness("DIGI\toii ereroy Factură ce energie etoctrică\nFactură nr. DGE 5610817")).toBe(
      "Digi Energy",
    );
    expect(supplierByLikeness("TlNMAR ENERGY S.A.\nFactura")).toBe("Tinmar Energy");
  });

  it("is not guessed from a header naming no supplier, nor from a word far down the page", () => {
    expect(supplierByLikeness("FACTURĂ FISCALĂ\nData emiterii: 01.03.2026")).toBeNull();
    expect(supplierByLikeness("Factură\nClient\nAdresa\nDIGI")).toBeNull();
    expect(supplierByLikeness("ENERGIE electrică\nTotal")).toBeNull();
  });

  it("is reported below sure, recognised by likeness", () => {
    const text = "DIGI\toii ereroy Factură ce energie etoctrică\nFactură nr. DGE 5610817\nTotal de plată: 121,00 lei";
    const bill = parseBillText(text);
    expect(bill.supplierName).toBeNull();
    const checked = checkOcrBill(bill, text, []);
    expect(checked).toMatchObject({ supplierName: "Digi Energy", fieldSource: { supplierName: "shape" } });
    expect(checked.fieldConfidence!.supplierName).toBeLessThan(0.9);
    expect(checked.missingFields).not.toContain("supplierName");
  });

  it("counts edits", () => {
    expect(editDistance("FURNIZARE", "IURNIZARE")).toBe(1);
    expect(editDistance("ENERGY", "ERERGY")).toBe(1);
    expect(editDistance("", "ABC")).toBe(3);
  });
});
