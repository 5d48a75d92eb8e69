// OCR page results and card-sized images made by hand, for the ID photo reader's unit tests.
import type { OcrLine, OcrPageResult } from "../../app/server/documents/extraction/ocr.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";

export function page(
  lines: string[],
  confidence: number,
  image: RgbaImage = { width: 1, height: 1, data: new Uint8ClampedArray(4) },
): OcrPageResult {
  return {
    text: lines.join("\n"),
    lines: lines.map((text, i): OcrLine => ({
      text,
      confidence,
      rect: { left: 0, top: i * 30, right: 400, bottom: i * 30 + 20 },
    })),
    confidence,
    rotation: 0,
    contrastSpread: 100,
    skewDegrees: 0,
    width: image.width,
    height: image.height,
    durationMs: 1,
    passes: 1,
    image,
  };
}

/** A card-sized image whose left half is dark and right half light: mirrored, the other way round. */
export function halves(width = 856, height = 540, darkLeft = true): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const dark = x < width / 2 === darkLeft;
      // A few text-like strokes on the light half, so that nothing reads as a field of marks.
      const v = dark ? 200 : y % 30 < 6 && x % 9 < 4 ? 40 : 235;
      data[i] = data[i + 1] = data[i + 2] = v;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}
