// Scanned bills (issue #14): the engine's word boxes regrouped into the rows and cells the PDF text
// layer gives the bill reader. Boxes as the engine reports them at ~140 dpi: letters 14 px high.
import { describe, expect, it } from "vitest";
import { rowsFromWords, type WordBox } from "../../app/server/documents/extraction/ocr.server";

/** A word of the engine's line: `lineStart` where the engine begins one of its lines. */
const word = (
  text: string,
  left: number,
  top: number,
  options: { height?: number; lineStart?: boolean; width?: number } = {},
): WordBox => ({
  text,
  rect: { left, top, right: left + (options.width ?? text.length * 8), bottom: top + (options.height ?? 14) },
  lineStart: options.lineStart ?? false,
});
const line = (words: WordBox[]) => words.map((w, i) => ({ ...w, lineStart: i === 0 }));

describe("rows by baseline", () => {
  it("puts a figure the engine read as its own line beside its label (the figure's box is shorter, without descenders)", () => {
    // Label box 200–218 (ascenders and descenders), figure box 201–212 (digits only): centres 3 px apart.
    const text = rowsFromWords([
      ...line([word("Energie", 10, 200, { height: 18 }), word("activă", 80, 200, { height: 18 })]),
      ...line([word("270,04", 400, 201, { height: 11 })]),
      ...line([word("Acciză", 10, 226, { height: 18 })]),
      ...line([word("2,36", 400, 227, { height: 11 })]),
    ]);
    expect(text).toBe("Energie activă\t270,04\nAcciză\t2,36");
  });

  it("does not join the next line of text, nor pull two rows together through a tall logo", () => {
    const text = rowsFromWords([
      ...line([word("ENGIE", 10, 100, { height: 40, width: 120 })]),
      ...line([word("Factură", 300, 100)]),
      ...line([word("Client", 300, 120)]),
    ]);
    expect(text.split("\n").filter((row) => row.includes("Factură") && row.includes("Client"))).toEqual([]);
    expect(text).toContain("Factură");
  });

  it("keeps cells of one row together on a page left turned by less than the straightening threshold", () => {
    // 0.7°: the right cell sits 12 px lower, as far as the next line is from the label.
    const slope = Math.tan((0.7 * Math.PI) / 180);
    const words = [
      ...line([word("Termen", 10, 300), word("de", 70, 300), word("plată", 92, 300)]),
      ...line([word("05.03.2026", 1000, 300 + Math.round(990 * slope))]),
    ];
    expect(rowsFromWords(words, slope)).toBe("Termen de plată\t05.03.2026");
    expect(rowsFromWords(words, 0).split("\n")).toHaveLength(2);
  });

  it("without the engine's line marks, joins words on one baseline and keeps a low dash inside its cell", () => {
    const loose = (text: string, left: number, top: number): WordBox => ({
      text,
      rect: { left, top, right: left + text.length * 10, bottom: top + 14 },
    });
    const text = rowsFromWords([
      loose("Perioada:", 10, 130),
      loose("01.02.2026", 110, 130),
      { text: "-", rect: { left: 215, top: 136, right: 221, bottom: 139 } },
      loose("28.02.2026", 228, 130),
    ]);
    expect(text).toBe("Perioada: 01.02.2026 - 28.02.2026");
  });
});

describe("dot leaders", () => {
  it("become the cell gap they stand for, with the last dot the engine read into the figure", () => {
    const text = rowsFromWords(
      line([
        word("Total", 10, 50),
        word("de", 60, 50),
        word("plată", 82, 50),
        word("........", 140, 60, { height: 3, width: 120 }),
        word("-1.195,04", 300, 50),
        word("lei", 380, 50),
      ]),
    );
    expect(text).toBe("Total de plată\t1.195,04 lei");
  });

  it("drops the lone dots the engine saw of a leader, and a dash ending one before a figure", () => {
    const text = rowsFromWords([
      ...line([
        word("Număr", 10, 80),
        word("contract", 60, 80),
        word(".", 300, 91, { height: 3, width: 3 }),
        word("708130/2023", 306, 80),
      ]),
      ...line([
        word("Valoare", 10, 110),
        word("fără", 70, 110),
        word("TVA", 110, 110),
        word("-", 290, 116, { height: 2, width: 4 }),
        word("987,64", 300, 110),
      ]),
    ]);
    expect(text).toBe("Număr contract\t708130/2023\nValoare fără TVA\t987,64");
  });

  it("keeps a dash standing for an empty cell's 'nothing' between figures, and a range dash", () => {
    const text = rowsFromWords(
      line([
        word("Acciză", 10, 50),
        word("-", 200, 56, { height: 2, width: 4 }),
        word("1,66", 300, 50),
        word("01.02.2026", 400, 50),
        word("-", 486, 56, { height: 2, width: 4 }),
        word("28.02.2026", 496, 50),
      ]),
    );
    expect(text).toBe("Acciză\t-\t1,66\t01.02.2026 - 28.02.2026");
  });
});

describe("the '·' between facts", () => {
  it("is a small square mark at mid-height, whatever the engine read it as", () => {
    for (const read of ["-", ":", "*"]) {
      const text = rowsFromWords(
        line([
          word("Monom", 10, 50),
          word("standard", 60, 50),
          word(read, 130, 55, { height: 3, width: 3 }),
          word("Putere", 140, 50),
          word("6,00", 200, 50),
          word("kW", 240, 50),
        ]),
      );
      expect(text).toBe("Monom standard · Putere 6,00 kW");
    }
  });

  it("leaves a dash (wider than high) and a full stop on the baseline as they are", () => {
    expect(
      rowsFromWords(
        line([word("01.06.2025", 10, 50), word("-", 94, 56, { height: 2, width: 4 }), word("30.06.2025", 104, 50)]),
      ),
    ).toBe("01.06.2025 - 30.06.2025");
    expect(
      rowsFromWords(
        line([word("Cod", 10, 50), word("POD", 44, 50), word(".", 70, 61, { height: 3, width: 3 }), word("X", 80, 50)]),
      ),
    ).toBe("Cod POD . X");
  });
});
