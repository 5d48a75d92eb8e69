// The OCR time one photographed identity document may cost (issue #14, ID round 9: a photo nothing
// read well tried every candidate, turn and sharpening, 23 s in all). An engine that reads nothing
// and reports each pass as slow: the reader stops trying once the budget is spent.
import { describe, expect, it } from "vitest";
import { budgetAllows, extractDocument, ID_PHOTO_OCR_BUDGET_MS } from "../../app/server/documents/extraction/extract-document.server";
import type { OcrEngine, OcrPageResult, RecognizeOptions } from "../../app/server/documents/extraction/ocr.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";
import { FIXTURE_NOW, readGenerated } from "../fixtures/documents";

/** Reads nothing, each full pass reported as `passMs` of OCR work. */
function slowBlindEngine(passMs: number): OcrEngine & { passes: number } {
  const engine = {
    passes: 0,
    async recognize(image: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
      let spent = 0;
      let passes = 0;
      for (const rotation of options.rotations ?? [0]) {
        if (passes > 0 && options.maxMs !== undefined && spent + spent / passes > options.maxMs) break;
        spent += passMs;
        passes++;
        engine.passes++;
        void rotation;
      }
      return { text: "", lines: [], confidence: 0, rotation: 0, contrastSpread: 100, skewDegrees: 0, width: image.width, height: image.height, durationMs: spent, passes, image };
    },
    recognizeRegion: () => [],
  };
  return engine;
}

describe("the OCR budget of a photographed identity document", () => {
  it("allows another reading only while it would likely end within the budget", () => {
    expect(budgetAllows({ passes: 0, ocrMs: 0 })).toBe(true);
    expect(budgetAllows({ passes: 2, ocrMs: 3000 })).toBe(true);
    expect(budgetAllows({ passes: 2, ocrMs: 5000 })).toBe(false);
    expect(budgetAllows({ passes: 1, ocrMs: ID_PHOTO_OCR_BUDGET_MS })).toBe(false);
  });

  it("stops trying candidates, turns and sharpenings once the budget is spent", { timeout: 60_000 }, async () => {
    const passMs = 1500;
    const engine = slowBlindEngine(passMs);
    const result = await extractDocument({ bytes: readGenerated("id-barbu-photo-s11-0.jpg"), mimeType: "image/jpeg", documentType: "document_identitate", now: FIXTURE_NOW, ocr: async () => engine });
    expect(result.extractedData.kind).toBe("unreadable");
    // Without a budget: two turns of the card, two sharpenings of two turns each, then the photo as it is.
    expect(engine.passes * passMs).toBeLessThanOrEqual(ID_PHOTO_OCR_BUDGET_MS);
  });
});
