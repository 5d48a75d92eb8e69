// ID photo round 24 (issue #14): a photocopy's pale print under a window's blinds (and a washed-out
// night shot) read as nothing or as garbage — the engine's one threshold took the bands of shadow
// for ink and the pale letters in them for paper. Such a card is read again evened band by band, its
// faint ink darkened, before the readings that keep the bands.
import { describe, expect, it } from "vitest";
import {
  flattenIllumination,
  paleCardEvened,
  PALE_PRINT,
  printContrast,
} from "../../app/server/documents/extraction/card-geometry.server";
import {
  paleReadingBetter,
  regionRereadsInTime,
  ZONE_PASS_GRACE_MS,
} from "../../app/server/documents/extraction/extract-document.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";
import { page } from "../support/ocr-pages";

/**
 * A straightened card 810 × 510: a dark desk border, paper at 210, rows of letter marks (`ink`, 3 px
 * strokes); with `blinds`, bands of shadow 24 px wide every 50 px across the card, their light
 * multiplied by `blinds`.
 */
function card(ink: number, blinds = 1): RgbaImage {
  const [width, height] = [810, 510];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const desk = x < 30 || x >= width - 30 || y < 20 || y >= height - 20;
      const letter = !desk && y % 30 >= 18 && y % 30 < 28 && x % 12 < 3 && x > 60 && x < 750;
      const band = (y + 0.3 * x) % 50 < 24 ? blinds : 1;
      const v = desk ? 25 : (letter ? ink : 210) * band;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const greyAt = (image: RgbaImage, x: number, y: number) => image.data[(y * image.width + x) * 4]!;
/** Whether (x, y) lies in a band of shadow of `card`. */
const inBand = (x: number, y: number) => (y + 0.3 * x) % 50 < 24;

describe("a pale card under bands of shadow (issue #14, ID round 24: 23 fields lost on two photocopies)", () => {
  it("tells a pale print (a photocopy's toner) from a good one", () => {
    expect(printContrast(flattenIllumination(card(150)))).toBeLessThan(PALE_PRINT);
    expect(printContrast(flattenIllumination(card(20)))).toBeGreaterThanOrEqual(PALE_PRINT);
  });

  it("evens the bands away band by band and darkens the pale letters in and out of them", () => {
    const shaded = card(150, 0.6);
    // As photographed, a letter out of the bands is lighter than the paper in them: no one threshold splits them.
    const [paperInBand, letterOutside] = [
      [400, 10 + 30 * 8],
      [61, 22 + 30 * 8],
    ].map(([x, y]) => greyAt(shaded, x!, y!));
    expect(inBand(400, 10 + 30 * 8) && !inBand(61, 22 + 30 * 8)).toBe(true);
    expect(letterOutside).toBeGreaterThan(paperInBand!);
    const evened = paleCardEvened(shaded);
    const papers: number[] = [];
    const letters: number[] = [];
    for (let x = 61; x < 740; x += 12) {
      papers.push(greyAt(evened, x + 6, 12 + 30 * 8));
      letters.push(greyAt(evened, x, 23 + 30 * 8));
    }
    // Paper both in and out of the bands near white, every letter (in a band or not) well darker.
    expect(Math.min(...papers)).toBeGreaterThan(200);
    expect(Math.max(...letters)).toBeLessThan(Math.min(...papers) - 80);
  });
});

describe("which of a pale card's two readings is kept", () => {
  const CARD = [
    "ROMÂNIA ROUMANIE ROMANIA",
    "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
    "Nume/Nom/Last name",
    "CONSTANTIN",
    "Prenume/Prénom/First name",
    "IOANA",
    "Loc naștere/Lieu de naissance/Place of birth",
    "Jud.CT Mun.Constanta",
    "Data nașterii 09.09.1988",
    "Valabilitate 05.02.2024 09.09.2034",
  ];
  const GARBAGE = ["Pe ti x za ri E dinu", "PI TOT 235 er a O PASTEL"];
  const CNP = ["DUMITSACHE", "1610704162306"];

  it("keeps the evened reading when it reads the card's print surely", () => {
    expect(paleReadingBetter({ page: page([], 0) }, { page: page(CARD, 0.38) }, 2026)).toBe(true);
    expect(paleReadingBetter({ page: page(GARBAGE, 0.21) }, { page: page(CARD, 0.38) }, 2026)).toBe(true);
  });

  it("keeps the first reading when the evened one reads nothing, less, or only unsure marks", () => {
    expect(paleReadingBetter({ page: page(CARD, 0.38) }, { page: page([], 0) }, 2026)).toBe(false);
    expect(paleReadingBetter({ page: page(CARD, 0.6) }, { page: page(GARBAGE, 0.2) }, 2026)).toBe(false);
    // A shaken card read as nothing: unsure marks must not stop the axis sharpenings that read it.
    expect(paleReadingBetter({ page: page([], 0) }, { page: page(GARBAGE, 0.26) }, 2026)).toBe(false);
    // Nor a valid CNP among unsure marks: its check digit matches one string of marks in ten.
    expect(paleReadingBetter({ page: page(GARBAGE, 0.21) }, { page: page(CNP, 0.26) }, 2026)).toBe(false);
  });
});

describe("the region re-readings after parsing keep to the deadline (issue #14: < 8 s a photo)", () => {
  it("reads regions again before the deadline and its grace, not after", () => {
    const at = (now: number) => ({ now: () => now, deadline: 6500 });
    expect(regionRereadsInTime()).toBe(true);
    expect(regionRereadsInTime(at(6000))).toBe(true);
    expect(regionRereadsInTime(at(6500 + ZONE_PASS_GRACE_MS))).toBe(true);
    expect(regionRereadsInTime(at(6500 + ZONE_PASS_GRACE_MS + 1))).toBe(false);
  });
});
