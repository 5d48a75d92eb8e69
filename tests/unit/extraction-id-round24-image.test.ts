// ID photo round 24 (issue #14): a photocopy's pale print under a window's blinds read as nothing —
// the engine's one threshold took the bands of shadow for ink and the pale letters in them for paper.
// The image that reads it (evened band by band, its faint ink darkened; not wired into the card reader
// yet), and the region re-readings after parsing kept to the deadline.
import { describe, expect, it } from "vitest";
import { paleCardEvened } from "../../app/server/documents/extraction/card-geometry.server";
import { regionRereadsInTime, ZONE_PASS_GRACE_MS } from "../../app/server/documents/extraction/extract-document.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";

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

describe("the region re-readings after parsing keep to the deadline (issue #14: < 8 s a photo)", () => {
  it("reads regions again before the deadline and its grace, not after", () => {
    const at = (now: number) => ({ now: () => now, deadline: 6500 });
    expect(regionRereadsInTime()).toBe(true);
    expect(regionRereadsInTime(at(6000))).toBe(true);
    expect(regionRereadsInTime(at(6500 + ZONE_PASS_GRACE_MS))).toBe(true);
    expect(regionRereadsInTime(at(6500 + ZONE_PASS_GRACE_MS + 1))).toBe(false);
  });
});
