// Bills printed by a dot-matrix printer (capitals without diacritics, boxes and tables ruled with
// characters), on a handheld printer's narrow roll, and in the plain-language design whose captions are
// the customer's questions (issue #14, bill round 18), written here in a wording of their own.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { withoutRuledLines, type RgbaImage } from "../../app/server/documents/extraction/image.server";
import {
  checkOcrBill,
  podDigitsGuessed,
  type OcrWord,
} from "../../app/server/documents/extraction/ocr-bill-checks.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

// As pdf.js reads a fixed-pitch print: the padding before a colon becomes a column gap.
const DOT_MATRIX = [
  "FURNIZORUL DE ENERGIE S.A.\tFACTURA",
  "CUI RO1234567 - J12/345/2010\tSERIA FXE NR. 4455667",
  "BD. LIBERTATII NR. 14, CLUJ-NAPOCA\tDATA EMITERII : 03.02.2026",
  "\tDATA SCADENTA : 18.02.2026",
  "+--------------------------------------------------------------+",
  "| TITULAR\t: MARIN ELENA\t|",
  "| ADRESA\t: JUD.CJ MUN.CLUJ-NAPOCA STR.TEILOR NR.5 AP.2\t|",
  "| COD CLIENT\t: 4400112233\tCONTRACT NR. : 778899/2023\t|",
  "+--------------------------------------------------------------+",
  "| POD RO005E100200300\t|",
  "+--------------------------------------------------------------+",
  "PERIOADA DE FACTURARE : 01.01.2026 - 31.01.2026",
  "+--------------+-------------+-------------+",
  "| SERIE CONTOR\t| INDEX VECHI |\tINDEX NOU\t|",
  "+--------------+-------------+-------------+",
  "| AB 12 345\t|\t10200 |\t10512 |",
  "+--------------+-------------+-------------+",
  "TOTAL FARA TVA\t300,00 LEI",
  "TVA 21%\t63,00 LEI",
  "========================================",
  "TOTAL DE PLATA\t363,00 LEI",
].join("\n");

describe("a dot-matrix print: capitals, boxes and tables ruled with characters", () => {
  it("drops the rulings and parts a boxed row's cells at its bars, the colon kept with its label", () => {
    const lines = billLines(DOT_MATRIX);
    expect(lines.some((line) => line.cells.some((cell) => /^[+|=-]+$/.test(cell)))).toBe(false);
    expect(lines.find((line) => line.cells[0] === "TITULAR:")?.cells).toEqual(["TITULAR:", "MARIN ELENA"]);
    // The meter table's header sits right over its row once the ruling between them is gone.
    const header = lines.findIndex((line) => line.cells.includes("INDEX VECHI"));
    expect(lines[header + 1]?.cells).toEqual(["AB 12 345", "10200", "10512"]);
  });

  it("reads the holder's name and address from the box, never the supplier's own address", () => {
    const bill = parseBillText(DOT_MATRIX);
    expect(bill.customerName).toBe("MARIN ELENA");
    expect(bill.billingAddress).toBe("JUD.CJ MUN.CLUJ-NAPOCA STR.TEILOR NR.5 AP.2");
    expect(bill.consumptionKwh).toBe(312);
    expect(bill.clientCode).toBe("4400112233");
    expect(bill.contractNumber).toBe("778899/2023");
  });
});

describe("a handheld printer's narrow roll", () => {
  it("joins the holder's block and flat wrapped to a line of their own to the street above", () => {
    const roll = [
      "Nr. factura\tXYZ 1002003",
      "Data emiterii\t10.03.2026",
      "- - - - - - - - - - - - - - - - - - - -",
      "DRAGOMIR ANA",
      "Jud.BV Mun.Brașov Str.Lungă nr.88 bl.B2",
      "sc.1 ap.14",
      "Cod client\t5566778800",
    ].join("\n");
    expect(parseBillText(roll)).toMatchObject({
      customerName: "DRAGOMIR ANA",
      billingAddress: "Jud.BV Mun.Brașov Str.Lungă nr.88 bl.B2 sc.1 ap.14",
    });
  });
});

describe("captions worded as the customer's questions, a greeting with the holder's name", () => {
  const TILES = [
    "Bună ziua, Elena Marin!",
    "Iată factura dumneavoastră pe scurt.",
    "Cât am de plată?\tCând plătesc?",
    "121,00 lei\t20.03.2026",
    "Pentru ce perioadă?\tCât am consumat?",
    "1–28 februarie 2026\t118 kWh",
    "energie facturată după citire\tadică 4,2 kWh pe zi",
  ].join("\n");

  it("reads the holder's name out of the greeting, below sure (a new kind of reading)", () => {
    const bill = parseBillText(TILES);
    expect(bill.customerName).toBe("Elena Marin");
    expect(bill.fieldConfidence?.customerName).toBeLessThan(0.9);
    // A greeting followed by a sentence names no one.
    expect(
      parseBillText("Bună ziua, vă mulțumim că ați ales energia noastră.\nCod client\t5566778800").customerName,
    ).toBeNull();
  });

  it("reads the consumption under 'Cât am consumat?', never a daily average", () => {
    expect(parseBillText(TILES).consumptionKwh).toBe(118);
    // The average alone beside a consumption's label is no consumption.
    expect(parseBillText("Energie facturată\tîn medie 3,9 kWh pe zi").consumptionKwh).toBeNull();
  });
});

describe("a dot-matrix print scanned", () => {
  it("parts a boxed row at its bars when the scan kept only one edge (its first cell lost with the other)", () => {
    const lines = billLines("| SERIE CONTOR\t| INDEX VECHI |\tINDEX NOU\t| CANTITATE KWH|\n24434 |\t25700 |\t1266 |");
    expect(lines[1]?.cells).toEqual(["24434", "25700", "1266"]);
    expect(parseBillText(lines.map((line) => line.cells.join("\t")).join("\n")).consumptionKwh).toBe(1266);
  });

  it("reads a POD whose 'E' the engine read as '£'", () => {
    expect(repairOcrText("Cod POD\tRO001£762723156")).toBe("Cod POD\tRO001E762723156");
  });

  it("paints a rule of dashes white and leaves a line of letters as it was", () => {
    const [width, height] = [400, 60];
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    const ink = (x: number, y: number) => data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    // '+------…------+': dashes 6 px long, 2 px apart, 2 px thick, sloping by a pixel across the page.
    for (let x = 20; x < 380; x++) if (x % 8 < 6) for (const dy of [0, 1]) ink(x, 15 + Math.floor(x / 300) + dy);
    // Letters: strokes 9 px tall, every third column, in words parted by spaces.
    for (let x = 20; x < 380; x++) if (x % 3 === 0 && x % 40 < 32) for (let y = 40; y < 49; y++) ink(x, y);
    const image: RgbaImage = { width, height, data };
    const erased = withoutRuledLines(image);
    const darkIn = (img: RgbaImage, top: number, bottom: number) => {
      let n = 0;
      for (let y = top; y < bottom; y++) for (let x = 0; x < width; x++) if (img.data[(y * width + x) * 4]! < 140) n++;
      return n;
    };
    expect(darkIn(image, 10, 20)).toBeGreaterThan(500);
    expect(darkIn(erased, 10, 20)).toBe(0);
    expect(darkIn(erased, 35, 55)).toBe(darkIn(image, 35, 55));
  });
});

describe("a VAT line read with one digit wrong", () => {
  it("puts it right as total − net when that is at the rate and one digit from what was read, below sure", () => {
    const bill = parseBillText(
      [
        "Data emiterii\t18.01.2026",
        "TOTAL FARA TVA\t49,64 LEI",
        "TVA 21%\t19,42 LEI",
        "TOTAL DE PLATA\t60,06 LEI",
      ].join("\n"),
    );
    expect(bill).toMatchObject({ totalWithoutVat: "49.64", vat: "10.42", totalWithVat: "60.06" });
    expect(bill.fieldConfidence?.vat).toBeLessThan(0.9);
    // Two digits apart is no misread digit: left as read, and doubtful.
    const far = parseBillText(
      [
        "Data emiterii\t18.01.2026",
        "TOTAL FARA TVA\t49,64 LEI",
        "TVA 21%\t17,47 LEI",
        "TOTAL DE PLATA\t60,06 LEI",
      ].join("\n"),
    );
    expect(far.vat).toBe("17.47");
    expect(far.fieldConfidence?.vat).toBeLessThan(0.9);
  });
});

describe("a POD whose digits the engine read as letters", () => {
  it("is read, but a digit put in place of a B, S, I or l is a guess (a slashed zero reads as B)", () => {
    expect(podDigitsGuessed("RO804E214037210", "LOC CONSUM : POD ROBO4E214037210")).toBe(true);
    expect(podDigitsGuessed("RO005E123456785", "Cod POD RO005E12345678S")).toBe(true);
    // An O for a 0 is the one confusion with no other reading.
    expect(podDigitsGuessed("RO003E070134906", "POD ROOO3EO70134906")).toBe(false);
    expect(podDigitsGuessed("RO003E070134906", "POD RO003E070134906")).toBe(false);
  });
});

describe("a scan's speck before the address", () => {
  it("is no part of it", () => {
    expect(
      parseBillText("Client:\tMARIN ELENA\nAdresa:\t* JUD.CJ MUN.CLUJ-NAPOCA STR.TEILOR NR.5").billingAddress,
    ).toBe("JUD.CJ MUN.CLUJ-NAPOCA STR.TEILOR NR.5");
  });
});

describe("a scanned power whose figure the engine lost, its unit read alone", () => {
  const text = ["Cod POD\tRO001E822339661", "Putere aprobată\tKW", "Total de plată: 121,00 lei"].join("\n");
  const unitWord = (twice: string, thrice: string): OcrWord => ({
    text: "KW",
    confidence: 0.07,
    readAgain: (scale) => (scale === 3 ? thrice : twice),
  });

  it("is the power two larger readings of the unit's box agree on, never sure", () => {
    const bill = parseBillText(text);
    expect(bill.contractedPowerKw).toBeNull();
    const checked = checkOcrBill(bill, text, [unitWord("6 kW", "6 kW")]);
    expect(checked.contractedPowerKw).toBe("6.00");
    expect(checked.fieldConfidence!.contractedPowerKw).toBeLessThan(0.9);
  });

  it("stays unread when the larger readings disagree or find the unit alone again", () => {
    const bill = parseBillText(text);
    expect(checkOcrBill(bill, text, [unitWord("6 kW", "8 kW")]).contractedPowerKw).toBeNull();
    expect(checkOcrBill(bill, text, [unitWord("kW", "kW")]).contractedPowerKw).toBeNull();
  });
});
