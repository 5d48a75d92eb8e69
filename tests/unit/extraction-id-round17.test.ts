// ID photo round 17 (issue #14): a card small and faint in a large night frame, through a lens smeared
// by a fingertip, beside a keyboard: no outline found, the frame shrunk read as nothing. Its print is
// boxed and cut out at full resolution, and read again turned each way when it lies askew.
import { describe, expect, it } from "vitest";
import { busiestRegion, cardCandidates } from "../../app/server/documents/extraction/card-geometry.server";
import { BOXED_TILT, readIdPhoto } from "../../app/server/documents/extraction/extract-document.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";
import { wholeImage } from "../../app/server/documents/extraction/image-source.server";
import type { OcrEngine, OcrPageResult, RecognizeOptions } from "../../app/server/documents/extraction/ocr.server";

/** A dim, grainy frame (a night photo through a haze) with a patch of print at `patch`, no card edge. */
function hazyFrameWithPrint(
  width: number,
  height: number,
  patch: { left: number; top: number; width: number; height: number } | null,
) {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const grain = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 6 - 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // A haze: the print's paper barely lighter than the desk, its strokes faint.
      let v = 110 - (40 * Math.hypot(x - width / 2, y - height / 2)) / Math.hypot(width, height);
      if (patch && x >= patch.left && x < patch.left + patch.width && y >= patch.top && y < patch.top + patch.height) {
        v += 8;
        const [px, py] = [x - patch.left, y - patch.top];
        if (py % 24 < 9 && px % 11 < 6) v -= 25;
      }
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = v + grain();
      data[i + 3] = 255;
    }
  }
  return { width, height, data } satisfies RgbaImage;
}

const PATCH = { left: 300, top: 500, width: 420, height: 260 };

describe("a faint card without an outline (round 17's olteanu s28-1)", () => {
  it("boxes the frame's print, its first side a long one", () => {
    const box = busiestRegion(hazyFrameWithPrint(1500, 2000, PATCH))!;
    expect(box.boxed).toBe(true);
    const xs = box.quad.map((p) => p.x);
    const ys = box.quad.map((p) => p.y);
    expect(Math.min(...xs)).toBeLessThanOrEqual(PATCH.left);
    expect(Math.max(...xs)).toBeGreaterThanOrEqual(PATCH.left + PATCH.width);
    expect(Math.min(...ys)).toBeLessThanOrEqual(PATCH.top);
    expect(Math.max(...ys)).toBeGreaterThanOrEqual(PATCH.top + PATCH.height);
    // Not the whole frame: the box hugs the print.
    expect((Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys))).toBeLessThan(0.2 * 1500 * 2000);
    const [a, b] = box.quad;
    expect(Math.hypot(b.x - a.x, b.y - a.y)).toBe(Math.max(...xs) - Math.min(...xs));
  });

  it("finds nothing in a frame of grain and haze alone", () => {
    expect(busiestRegion(hazyFrameWithPrint(1500, 2000, null))).toBeNull();
  });

  it("is the last card candidate when no outline is found", () => {
    const candidates = [...cardCandidates(hazyFrameWithPrint(1500, 2000, PATCH))];
    expect(candidates.at(-1)?.boxed).toBe(true);
  });

  it("is read again turned when read level found nothing", { timeout: 60_000 }, async () => {
    const print = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE",
      "OLTEANU",
      "DAN",
      "30.10.1979",
      "Jud.PH Mun.Ploiești",
      "1791030290256 PH218406",
    ];
    const seen: RgbaImage[] = [];
    const engine: OcrEngine = {
      async recognize(page: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
        seen.push(page);
        // Only the boxed print turned (a canvas grown for its corners) reads: the card lies askew in it.
        const first = seen[0]!;
        const turned = seen.length > 1 && page.width > first.width && page.height > first.height;
        const text = turned ? print.join("\n") : "";
        return {
          text,
          lines: turned
            ? print.map((line, i) => ({
                text: line,
                confidence: 0.7,
                rect: { left: 0, top: i * 30, right: 400, bottom: i * 30 + 20 },
              }))
            : [],
          confidence: turned ? 0.7 : 0,
          rotation: 0,
          contrastSpread: 100,
          skewDegrees: 0,
          width: page.width,
          height: page.height,
          durationMs: 1,
          passes: (options.rotations ?? [0]).length,
          image: page,
        };
      },
      recognizeRegion: () => [],
    };
    const read = await readIdPhoto(engine, wholeImage(hazyFrameWithPrint(1500, 2000, PATCH)), 0, 2026, 1000);
    expect(BOXED_TILT).toBeGreaterThan(0);
    expect(read.page.text).toContain("OLTEANU");
    expect(read.cardStraightened).toBe(true);
  });
});

describe("a card filling the frame (a scanner app's crop)", () => {
  it("is not boxed in a small frame, read whole at its own resolution", () => {
    expect(busiestRegion(hazyFrameWithPrint(1072, 702, { left: 300, top: 200, width: 300, height: 180 }))).toBeNull();
  });

  it("is not boxed: its print spreads over much of the frame", () => {
    expect(busiestRegion(hazyFrameWithPrint(1072, 702, { left: 120, top: 100, width: 700, height: 420 }))).toBeNull();
  });
});
