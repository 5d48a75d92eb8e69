// ID photo round 22 (issue #14): a card shot off a screen read as nothing at both turns — the screen's
// moiré, sharpened with the print, hid a washed-out print from the engine's threshold.
import { describe, expect, it } from "vitest";
import { fineGrain, SCREEN_GRAIN, smoothedCard } from "../../app/server/documents/extraction/card-geometry.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";

/**
 * A straightened card 400 × 250: a dark desk border (6 % each way), light paper, rows of pale letter
 * marks (grey `ink`); with `moire`, the screen's pattern of ±`moire` grey levels every other pixel.
 */
function card(ink: number, moire = 0): RgbaImage {
  const [width, height] = [400, 250];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const desk = x < 20 || x >= width - 20 || y < 14 || y >= height - 14;
      const letter = !desk && y % 30 >= 20 && y % 30 < 28 && x % 12 < 7 && x > 40 && x < 360;
      const pattern = (x + y) % 2 === 0 ? moire : -moire;
      const v = desk ? 20 : (letter ? ink : 200) + pattern;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const greyAt = (image: RgbaImage, x: number, y: number) => image.data[(y * image.width + x) * 4]!;

describe("a card shot off a screen (issue #14, ID round 22: read as nothing, 14 fields lost)", () => {
  it("tells a screen's moiré from a card's own print, pale or not", () => {
    expect(fineGrain(card(150, 12))).toBeGreaterThanOrEqual(SCREEN_GRAIN);
    expect(fineGrain(card(150))).toBeLessThan(SCREEN_GRAIN);
    expect(fineGrain(card(40))).toBeLessThan(SCREEN_GRAIN);
  });

  it("smooths the moiré away and stretches the pale print to dark ink on white inside the card", () => {
    const smoothed = smoothedCard(card(150, 12));
    expect(fineGrain(smoothed)).toBeLessThan(SCREEN_GRAIN);
    // Paper between the rows of letters, and the middle of a letter (rows 20–27, columns 0–6 of 12).
    expect(greyAt(smoothed, 200, 10 + 30 * 3)).toBeGreaterThan(230);
    expect(greyAt(smoothed, 51, 24 + 30 * 3)).toBeLessThan(60);
  });
});
