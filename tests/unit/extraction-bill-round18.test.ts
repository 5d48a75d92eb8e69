// Bills printed by a dot-matrix printer (capitals without diacritics, boxes and tables ruled with
// characters), on a handheld printer's narrow roll, and in the plain-language design whose captions are
// the customer's questions (issue #14, bill round 18), written here in a wording of their own.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

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
