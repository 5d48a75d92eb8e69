// Bill round 24 (issue #14): a rented home's bill paid by the tenant for the holder, a bill with its
// totals first in EUR, a price-change notice printed before the bill; scans from a printer low on
// toner. What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText, type BillExtraction } from "../../app/server/documents/extraction/bill-parser.server";
import { darkenFaintInk, printContrast } from "../../app/server/documents/extraction/card-geometry.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";
import { filledFrom } from "../../app/server/documents/extraction/ocr-bill-checks.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** A tenant pays the owner's bill: the envelope, a payer's box beside the holder's, a stub in the payer's name. */
const TENANT = [
  "PREMIERENERGY\tFACTURĂ",
  "seria PTC nr. 4878568",
  "Emisă: 08.05.2026",
  "Scadență: 23.05.2026\tDestinatar factură",
  "Perioada: 01.04.2026 - 30.04.2026\tDOBRE ADINA",
  "Calea Victoriei nr.155 bl.C3 ap.10",
  "Mun.București Sec.2",
  "Plătitor (chiriaș)\tTitular contract (proprietar)",
  "DOBRE ADINA\tIONIȚĂ MIHAI",
  "Telefon: 0733989314\tCod client: C-989314",
  "Loc de consum",
  "Adresa: Mun.București Sec.2 Calea Victoriei nr.155 bl.C3 ap.10",
  "POD: RO005E229313133 · Putere aprobată: 5 kW",
  "Valoare fără TVA\t427,54 lei",
  "TVA 21%\t89,78 lei",
  "Total de plată\t517,32 lei",
  "TALON DE PLATĂ",
  "Plătitor: DOBRE ADINA\tCod client: C-989314",
];

describe("a holder and someone else who pays or receives the bill", () => {
  it("takes the holder's column beside the payer's, never the payer printed first", () => {
    const bill = parseBillText(TENANT.join("\n"));
    expect(bill.customerName).toBe("IONIȚĂ MIHAI");
    // A new kind of reading: below sure.
    expect(bill.fieldConfidence?.customerName).toBeLessThan(0.9);
  });

  it("reads the columns past a speck a scan read as a cell, and a heading's bracket cut", () => {
    const scanned = TENANT.map((line) =>
      line.replace(
        "Plătitor (chiriaș)\tTitular contract (proprietar)",
        "Plătitor (chiria\tTitular contract (proprietar)\t/",
      ),
    );
    expect(parseBillText(scanned.join("\n")).customerName).toBe("IONIȚĂ MIHAI");
  });

  for (const [payer, holder] of [
    ["Destinatar factură", "Titular contract (proprietar)"],
    ["Utilizator loc de consum", "Titular (proprietar)"],
    ["Plătitor în numele titularului", "Titular contract (proprietar)"],
  ]) {
    it(`takes the holder beside '${payer} ⇥ ${holder}'`, () => {
      const bill = parseBillText(
        TENANT.map((line) =>
          line.replace("Plătitor (chiriaș)\tTitular contract (proprietar)", `${payer}\t${holder}`),
        ).join("\n"),
      );
      expect(bill.customerName).toBe("IONIȚĂ MIHAI");
    });
  }
});

/**
 * A page of paper at 240 with rows of strokes 2 px wide, 12 px tall, every 24 px: ink at `ink`, and
 * at `streakInk` in the columns from `streakFrom` to `streakTo` (a streak down the sheet).
 */
function printedPage(ink: number, streak?: { from: number; to: number; ink: number }): RgbaImage {
  const [width, height] = [400, 400];
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stroke = y % 24 >= 6 && y % 24 < 18 && x % 8 < 2;
      const inStreak = streak && x >= streak.from && x < streak.to;
      const v = stroke ? (inStreak ? streak.ink : ink) : 240;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}
const at = (image: RgbaImage, x: number, y: number) => image.data[(y * image.width + x) * 4]!;

describe("a faded print (a printer low on toner)", () => {
  it("tells a pale print from a good one by its ink's contrast with the paper", () => {
    expect(printContrast(printedPage(20))).toBeGreaterThanOrEqual(200);
    expect(printContrast(printedPage(135))).toBeLessThan(140);
  });

  it("darkens the faint ink of a streak down the sheet to a good print's, and leaves the paper and good ink as they were", () => {
    const page = printedPage(120, { from: 200, to: 232, ink: 200 });
    const darkened = darkenFaintInk(page);
    // A stroke in the streak (ink 200, 40 from the paper) comes out as dark as a good print's.
    expect(at(darkened, 208, 12)).toBeLessThan(80);
    // The pale ink outside the streak darkened too; the paper between rows untouched.
    expect(at(darkened, 8, 12)).toBeLessThan(60);
    expect(at(darkened, 208, 2)).toBe(240);
    expect(at(darkened, 9 * 8 + 4, 12)).toBe(240);
    // A good print is left as it is.
    expect(at(darkenFaintInk(printedPage(20)), 8, 12)).toBe(20);
  });

  const first = {
    kind: "bill",
    dueDate: "2025-03-19",
    pod: null,
    periodStart: null,
    pricePerKwh: null,
    pricePerKwhSource: null,
    missingFields: ["pod", "periodStart"],
    fieldConfidence: { dueDate: 0.85 },
    fieldSource: {},
  } as unknown as BillExtraction;
  const second = {
    kind: "bill",
    dueDate: "2025-03-09",
    pod: "RO008E370525092",
    periodStart: "2025-02-01",
    pricePerKwh: "1.2011",
    pricePerKwhSource: "total_with_vat",
    missingFields: [],
    fieldConfidence: { dueDate: 0.97, pod: 0.95, periodStart: 0.97, pricePerKwh: 0.97 },
    fieldSource: { pod: "label" },
  } as unknown as BillExtraction;

  it("fills only what the first reading lost from the darkened page's, below sure", () => {
    const bill = filledFrom(first, second);
    expect([bill.pod, bill.periodStart, bill.pricePerKwh]).toEqual(["RO008E370525092", "2025-02-01", "1.2011"]);
    expect(bill.fieldConfidence?.pod).toBe(0.85);
    expect(bill.fieldConfidence?.periodStart).toBe(0.85);
    expect(bill.fieldConfidence?.pricePerKwh).toBe(0.85);
    expect(bill.missingFields).toEqual([]);
    // What the first reading found stands, at its own confidence.
    expect(bill.dueDate).toBe("2025-03-19");
    expect(bill.fieldConfidence?.dueDate).toBe(0.85);
  });
});

describe("scan misreads of round 24", () => {
  it("splits a paragraph's facts at their semicolons after a speck read as a cell", () => {
    const bill = parseBillText(
      [
        "MVM Energie România\tFactura MEE 9606146",
        "/\tCitiri contor: 62878 + 63197; energie activă consumată: 319 kWh",
        "Energie electrică activă\t319\t0,7031\t224,29",
        "Total fără TVA\t325,67 lei",
        "TVA 21%\t68,39 lei",
        "Total de plată\t394,06 lei",
      ].join("\n"),
    );
    expect(bill.consumptionKwh).toBe(319);
  });

  it("puts back a VAT's decimal comma where the VAT read is a hundred times what net and total leave, below sure", () => {
    const bill = parseBillText(
      [
        "PREMIERENERGY\tFACTURĂ",
        "Emisă: 01.05.2025",
        "consum 690 kWh",
        "Valoare fără TVA\t687,65 lei",
        "TVA 19%\t13065 lei",
        "Total de plată\t818,30 lei",
      ].join("\n"),
    );
    expect([bill.totalWithoutVat, bill.vat, bill.totalWithVat]).toEqual(["687.65", "130.65", "818.30"]);
    expect(bill.fieldConfidence?.vat).toBeLessThan(0.9);
  });

  it("reads no VAT in an amount 'cu TVA' (an example bill's, a notice's)", () => {
    const bill = parseBillText(
      [
        "ENGIE\tNOTIFICARE DE MODIFICARE A PREȚULUI",
        "Preț energie activă (lei/kWh, fără TVA)\t0,6915\t0,7337",
        "Exemplu factură lunară la 100 kWh (cu TVA 19%)\t120,11 lei\t125,13 lei",
        "FACTURĂ FISCALĂ",
        "Data emiterii: 09.11.2024",
        "Total fără TVA\t949,75 lei",
        "TOTAL DE PLATĂ\t1.130,20 lei",
      ].join("\n"),
    );
    expect(bill.vat).toBe("180.45");
  });

  it("puts back a net read a digit off when the VAT's line was lost: what the total leaves at the rate, below sure", () => {
    const bill = parseBillText(
      [
        "FACTURĂ FISCALĂ",
        "Data emiterii: 10.01.2025",
        "Consum facturat: 767 kWh",
        "Total fără TVA\t714,14 lei",
        "rr\tREEEIEEERE\t— hr i ——\t147:09-lei-",
        "TOTAL DE PLATĂ\t921,23 lei",
      ].join("\n"),
    );
    expect([bill.totalWithoutVat, bill.vat, bill.totalWithVat]).toEqual(["774.14", "147.09", "921.23"]);
    expect(bill.fieldConfidence?.totalWithoutVat).toBeLessThan(0.9);
    expect(bill.fieldConfidence?.vat).toBeLessThan(0.9);
  });

  it("reads no offer in a charge row whose 'distribuție' a scan misread ('Tarif distridutie și transport')", () => {
    const bill = parseBillText(
      [
        "FACTURĂ FISCALĂ",
        "Energie electrică activă\t887 kWh\t0,6915\t613,36",
        "Tarif distridutie și transport\t887 kWh\t0,2513\t222,90",
        "Total fără TVA\t836,26 lei",
      ].join("\n"),
    );
    expect(bill.tariffType).toBeNull();
  });

  it("reads a POD whose 'R' was read as a bracket", () => {
    expect(repairOcrText("POD: (0008E370525092 - Putere aprobată: 5 kW")).toBe(
      "POD: RO008E370525092 - Putere aprobată: 5 kW",
    );
    expect(repairOcrText("Cod POD |O001E534801740")).toBe("Cod POD RO001E534801740");
  });

  it("reads a block's 'bl.' whose l was read as a 1, an I or an i", () => {
    expect(repairOcrText("Calea Victoriei nr.155 b1.C3 ap.10")).toBe("Calea Victoriei nr.155 bl.C3 ap.10");
    expect(repairOcrText("Str.Florilor nr.9 bI.A12 ap.5")).toBe("Str.Florilor nr.9 bl.A12 ap.5");
    expect(repairOcrText("nr.155 bi.C3 ap.10")).toBe("nr.155 bl.C3 ap.10");
  });

  it("reads a date whose first dot was read as a space, and no amount as one", () => {
    expect(repairOcrText("Data scadenței: 24 11.2025")).toBe("Data scadenței: 24.11.2025");
    expect(repairOcrText("TOTAL DE PLATĂ\t1 083,25 lei")).toBe("TOTAL DE PLATĂ\t1 083,25 lei");
    expect(repairOcrText("Sold 1 12.2025,00")).toBe("Sold 1 12.2025,00");
  });
});
