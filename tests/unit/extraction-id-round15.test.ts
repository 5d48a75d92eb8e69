// ID photo round 15 (issue #14), on synthetic photos whose corners are known: another card beside the ID
// card (a bank card, a loyalty card) — the same size and shape, its outline as clear —, and a photocopy.
import { describe, expect, it } from "vitest";
import {
  applyHomography,
  cardCandidates,
  findCard,
  QUAD_MARGIN,
  type Point,
  type Quad,
} from "../../app/server/documents/extraction/card-geometry.server";
import { cardsToTry } from "../../app/server/documents/extraction/extract-document.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";
import { insideQuad, photoToCard } from "../support/synthetic-card";

/** An ID card's light print: rows of fields and a two-line zone along its bottom edge. */
function idInk(u: number, w: number, x: number, y: number): boolean {
  const field = w < 0.7 && Math.floor(y / 40) % 2 === 1 && u > 0.1 && u < 0.9 && Math.floor(x / 25) % 3 !== 0;
  const zone =
    ((w > 0.78 && w < 0.84) || (w > 0.87 && w < 0.93)) && u > 0.03 && u < 0.97 && Math.floor(x / 6) % 2 === 0;
  return field || zone;
}

/** Cards (each a quad, light or dark) on a mid-grey desk, the later ones over the earlier ones. */
function desk(photo: { width: number; height: number }, cards: { quad: Quad; dark: boolean }[]): RgbaImage {
  const card = { width: 500, height: 315 };
  const toCard = cards.map((c) => photoToCard(c.quad, card));
  const data = new Uint8ClampedArray(photo.width * photo.height * 4);
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      let v = 140;
      cards.forEach((c, i) => {
        if (!insideQuad(c.quad, x, y)) return;
        const p = applyHomography(toCard[i]!, { x, y });
        const inked = idInk(p.x / card.width, p.y / card.height, p.x, p.y);
        // A dark bank card: light digits in a row across its middle, the rest near black.
        v = c.dark
          ? p.y > card.height * 0.55 &&
            p.y < card.height * 0.65 &&
            p.x > 30 &&
            p.x < 470 &&
            Math.floor(p.x / 9) % 2 === 0
            ? 200
            : 25
          : inked
            ? 40
            : 225;
      });
      const o = (y * photo.width + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = v;
      data[o + 3] = 255;
    }
  }
  return { width: photo.width, height: photo.height, data };
}

/** Largest distance from a corner of `expected`, grown by the finder's margin, to the nearest found corner. */
function cornerError(found: readonly Point[], expected: readonly Point[]): number {
  const c = centre(expected);
  const grown = expected.map((p) => ({
    x: c.x + (p.x - c.x) * (1 + QUAD_MARGIN),
    y: c.y + (p.y - c.y) * (1 + QUAD_MARGIN),
  }));
  return Math.max(...grown.map((p) => Math.min(...found.map((q) => Math.hypot(p.x - q.x, p.y - q.y)))));
}

const centre = (quad: readonly Point[]) => ({
  x: quad.reduce((s, p) => s + p.x, 0) / 4,
  y: quad.reduce((s, p) => s + p.y, 0) / 4,
});
const near = (a: readonly Point[], b: readonly Point[], within: number) =>
  Math.hypot(centre(a).x - centre(b).x, centre(a).y - centre(b).y) <= within;

describe("another card beside the ID card", () => {
  const photo = { width: 1200, height: 900 };
  const bank: Quad = [
    { x: 60, y: 80 },
    { x: 600, y: 60 },
    { x: 612, y: 400 },
    { x: 72, y: 420 },
  ];
  const id: Quad = [
    { x: 560, y: 420 },
    { x: 1120, y: 460 },
    { x: 1096, y: 810 },
    { x: 536, y: 770 },
  ];
  const image = desk(photo, [
    { quad: bank, dark: true },
    { quad: id, dark: false },
  ]);

  it("is tried after the card finder's candidates when every card tried read as nothing", () => {
    const found = [...cardCandidates(image)];
    // The finder alone takes the bank card, whose outline is the photo's clearest.
    expect(found.some((c) => near(c.quad, id, 40))).toBe(false);
    const readings: { page: { text: string } }[] = [];
    const tried: Quad[] = [];
    for (const card of cardsToTry(image, readings)) {
      tried.push(card.quad);
      readings.push({ page: { text: near(card.quad, id, 40) ? "ROMANIA CARTE DE IDENTITATE IDROUPOPESCU<<ION" : "" } });
    }
    expect(tried.some((q) => near(q, id, 40))).toBe(true);
    // Grown by the finder's margin, each corner within 3 % of the frame's width.
    const idQuad = tried.find((q) => near(q, id, 40))!;
    const c = centre(id);
    const grown = id.map((p) => ({
      x: c.x + (p.x - c.x) * (1 + QUAD_MARGIN),
      y: c.y + (p.y - c.y) * (1 + QUAD_MARGIN),
    }));
    expect(
      Math.max(...grown.map((p) => Math.min(...idQuad.map((q) => Math.hypot(p.x - q.x, p.y - q.y))))),
    ).toBeLessThanOrEqual(photo.width * 0.03);
  }, 30000);

  it("is not looked for once a card tried read print", () => {
    const readings: { page: { text: string } }[] = [];
    let tried = 0;
    for (const card of cardsToTry(image, readings)) {
      tried++;
      readings.push({
        page: { text: near(card.quad, bank, 40) ? "BANCA DEBIT 5299 1877 4294 2507 VALID THRU 04/31" : "" },
      });
    }
    expect(tried).toBe([...cardCandidates(image)].length);
  }, 30000);
});

describe("a photocopy: the card printed on a sheet without an edge of its own", () => {
  // An A4 sheet at a slant on a dark desk; the card's print (its fields and zone) in its middle, on the
  // sheet's own white: no outline of the card's, and its zone far from the sheet's edge.
  const photo = { width: 1200, height: 900 };
  const sheetQuad: Quad = [
    { x: 200, y: 140 },
    { x: 1040, y: 190 },
    { x: 1010, y: 790 },
    { x: 170, y: 740 },
  ];
  const toSheet = photoToCard(sheetQuad, { width: 1000, height: 710 });
  const data = new Uint8ClampedArray(photo.width * photo.height * 4);
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      let v = 80;
      if (insideQuad(sheetQuad, x, y)) {
        const p = applyHomography(toSheet, { x, y });
        // The card's print 500 × 315 in the sheet's middle.
        const [cx, cy] = [p.x - 250, p.y - 200];
        v = cx >= 0 && cx < 500 && cy >= 0 && cy < 315 && idInk(cx / 500, cy / 315, cx, cy) ? 60 : 235;
      }
      const o = (y * photo.width + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = v;
      data[o + 3] = 255;
    }
  }
  const image: RgbaImage = { width: photo.width, height: photo.height, data };

  it("is straightened with the sheet when no card's outline was found", () => {
    // No zone near the sheet's edge: the coarse search takes no outline for a card.
    expect(findCard(image)).toBeNull();
    const sheet = findCard(image, { side: 400, minShare: 0.15, sheet: true });
    expect(sheet).not.toBeNull();
    expect(near(sheet!.quad, sheetQuad, 40)).toBe(true);
    const found = [...cardCandidates(image)];
    expect(found.some((c) => near(c.quad, sheetQuad, 40))).toBe(true);
  }, 30000);
});

describe("a card held in a hand", () => {
  // A small card (a third of a whole frame's width) held up by its long sides, fingers over the middle
  // of its lower side, in front of an arm and a sleeve: long straight edges at a few degrees' spread
  // across the whole frame, which outvote the card's broken side.
  const photo = { width: 1600, height: 1200 };
  const card: Quad = [
    { x: 1010, y: 430 },
    { x: 1330, y: 465 },
    { x: 1307, y: 667 },
    { x: 987, y: 632 },
  ];
  const cardSize = { width: 500, height: 315 };
  const toCard = photoToCard(card, cardSize);
  // Edges of the arm and sleeve across the card's height: y = y0 + slope · x, every 20 px, slopes of ±4°.
  const edges = Array.from({ length: 18 }, (_, i) => ({
    y0: 380 + i * 20,
    slope: Math.tan((((i * 7) % 9) - 4) * (Math.PI / 180)),
  }));
  const data = new Uint8ClampedArray(photo.width * photo.height * 4);
  for (let y = 0; y < photo.height; y++) {
    for (let x = 0; x < photo.width; x++) {
      // Bands of the arm: light and dark by how many edges lie above.
      let v = 80 + 130 * (edges.filter((e) => y > e.y0 + e.slope * (x - 800)).length % 2);
      if (insideQuad(card, x, y)) {
        const p = applyHomography(toCard, { x, y });
        v = idInk(p.x / cardSize.width, p.y / cardSize.height, p.x, p.y) ? 40 : 225;
      }
      // Fingers over the lower side's middle half, and a thumb over the upper side's middle.
      const lower = { x: (card[2].x + card[3].x) / 2, y: (card[2].y + card[3].y) / 2 };
      const upper = { x: (card[0].x + card[1].x) / 2, y: (card[0].y + card[1].y) / 2 };
      if (Math.abs(x - lower.x) < 90 && Math.abs(y - lower.y) < 25) v = 160;
      if (Math.abs(x - upper.x) < 30 && Math.abs(y - upper.y) < 25) v = 160;
      const o = (y * photo.width + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = v;
      data[o + 3] = 255;
    }
  }
  const image: RgbaImage = { width: photo.width, height: photo.height, data };

  it("is found among more of the frame's lines when the strongest ones held no card", () => {
    const found = [...cardCandidates(image)];
    // Each corner (grown by the finder's margin) within 3 % of the frame's width (a side half under the fingers).
    expect(Math.min(...found.map((c) => cornerError(c.quad, card)))).toBeLessThanOrEqual(photo.width * 0.03);
  }, 30000);
});
