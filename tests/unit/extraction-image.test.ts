// Straightening photos taken at an angle (issue #14): the text-line angle is found from ink rows
// (adaptive threshold + projection profile) and undone by an arbitrary-angle rotation.
import { describe, expect, it } from "vitest";
import jpeg from "jpeg-js";
import { adaptiveInk, decodeImage, densestTextBand, estimateSkewDegrees, rotateDegrees, textRunsAcross, type RgbaImage } from "../../app/server/documents/extraction/image.server";
import { rowsFromWords } from "../../app/server/documents/extraction/ocr.server";

/** A white page with dashed dark "text lines" (words separated by gaps). */
function linedPage(width = 900, height = 600): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 60; y < height - 60; y += 40) {
    for (let x = 80; x < width - 80; x++) {
      if (x % 60 > 48) continue;
      for (let dy = 0; dy < 12; dy++) {
        const i = ((y + dy) * width + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 30;
      }
    }
  }
  return { width, height, data };
}

describe("deskew", () => {
  it.each([7, -4.5, 11, -12])("finds lines turned %s° and straightens them", (degrees) => {
    const turned = rotateDegrees(linedPage(), degrees);
    const found = estimateSkewDegrees(turned);
    expect(Math.abs(found - degrees)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(estimateSkewDegrees(rotateDegrees(turned, -found)))).toBeLessThanOrEqual(0.5);
  });

  it("leaves level text alone", () => {
    expect(estimateSkewDegrees(linedPage())).toBe(0);
  });

  it("grows the canvas so the corners are kept", () => {
    const turned = rotateDegrees(linedPage(900, 600), 10);
    expect(turned.width).toBeGreaterThan(900);
    expect(turned.height).toBeGreaterThan(600);
  });
});

describe("adaptive threshold", () => {
  it("finds ink in a shadow as well as in the light", () => {
    const page = linedPage();
    // Darken the left half as a shadow would: ink there is still darker than its surroundings.
    for (let y = 0; y < page.height; y++) {
      for (let x = 0; x < page.width / 2; x++) {
        const i = (y * page.width + x) * 4;
        page.data[i] = page.data[i + 1] = page.data[i + 2] = page.data[i]! * 0.45;
      }
    }
    const ink = adaptiveInk(page, 20);
    const at = (x: number, y: number) => ink[y * page.width + x];
    expect(at(100, 65)).toBe(1); // ink in the shadow
    expect(at(700, 65)).toBe(1); // ink in the light
    expect(at(100, 90)).toBe(0); // paper in the shadow
    expect(at(700, 90)).toBe(0);
  });
});

describe("orientation", () => {
  it("tells level text from text turned a quarter, whatever the image's shape", () => {
    const page = linedPage(900, 600);
    expect(textRunsAcross(page)).toBe(true);
    expect(textRunsAcross(rotateDegrees(page, 90))).toBe(false);
    expect(textRunsAcross(rotateDegrees(linedPage(600, 900), 90))).toBe(false);
    expect(textRunsAcross(linedPage(600, 900))).toBe(true);
  });
});

describe("OCR rows rebuilt from word boxes", () => {
  const word = (text: string, left: number, top: number, width = text.length * 10, height = 14) => ({ text, rect: { left, top, right: left + width, bottom: top + height } });

  it("joins words of one row, separates far-apart columns with a tab, and keeps a low dash inside its cell", () => {
    const text = rowsFromWords([
      word("Total", 10, 100),
      word("fara", 65, 101),
      word("TVA", 110, 99),
      word("582,15", 400, 100),
      word("Perioada:", 10, 130),
      word("01.02.2026", 110, 130),
      { text: "-", rect: { left: 215, top: 136, right: 221, bottom: 139 } },
      word("28.02.2026", 228, 130),
    ]);
    expect(text).toBe("Total fara TVA\t582,15\nPerioada: 01.02.2026 - 28.02.2026");
  });
});

describe("MRZ band by character density", () => {
  it("finds the two dense lines at the bottom of a card, not the sparse fields above", () => {
    const width = 1000;
    const height = 630;
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    const ink = (x0: number, y0: number, w: number, h: number) => {
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data.fill(20, (y * width + x) * 4, (y * width + x) * 4 + 3);
    };
    // Printed fields: a few words (wide strokes, wide gaps).
    for (const top of [300, 360, 420]) for (let x = 300; x < 700; x += 90) ink(x, top, 60, 18);
    // The zone: two lines of narrow, evenly spaced characters.
    for (const top of [520, 565]) for (let x = 30; x < 960; x += 21) ink(x, top, 6, 26);
    const band = densestTextBand({ width, height, data })!;
    expect(band.top).toBeGreaterThan(480);
    expect(band.top).toBeLessThanOrEqual(520);
    expect(band.bottom).toBeGreaterThanOrEqual(590);
    expect(band.left).toBeLessThanOrEqual(30);
    expect(band.right).toBeGreaterThanOrEqual(950);
  });

  it("finds nothing on a blank page", () => {
    expect(densestTextBand({ width: 200, height: 100, data: new Uint8ClampedArray(200 * 100 * 4).fill(255) })).toBeNull();
  });
});

describe("decodeImage", () => {
  it("decodes a whole 12-megapixel phone frame (4032 × 3024, chroma not subsampled)", () => {
    const width = 4032;
    const height = 3024;
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < data.length; i += 4) {
      data[i] = 200;
      data[i + 1] = 190;
      data[i + 2] = 180;
      data[i + 3] = 255;
    }
    const bytes = new Uint8Array(jpeg.encode({ width, height, data }, 80).data);
    const image = decodeImage(bytes, "image/jpeg");
    expect([image.width, image.height]).toEqual([width, height]);
    expect(image.data[0]).toBeGreaterThan(150);
  });
});
