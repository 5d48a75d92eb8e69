// ID photo round 28 (issue #14), the image side: faded, backlit and night photos whose card no plain,
// smoothed or sharpened pass read as text. A card read as nothing so far is read binarized first (the
// only reading that read such cards, and the last tried, cut short or never reached by the deadline);
// a frame no outline was found in, read as nothing as it is and evened, is read binarized too.
import { describe, expect, it } from "vitest";
import {
  eveningsOrder,
  readIdPhoto,
  readsWholeCard,
} from "../../app/server/documents/extraction/extract-document.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";
import { wholeImage } from "../../app/server/documents/extraction/image-source.server";
import type { OcrEngine, OcrPageResult, RecognizeOptions } from "../../app/server/documents/extraction/ocr.server";
import { page as ocrPage } from "../support/ocr-pages";

describe("a card read as nothing so far is read binarized first", () => {
  it("binarized first when every reading so far read as nothing", () => {
    expect(eveningsOrder("", 3)).toEqual([2, 0, 1]);
    expect(eveningsOrder("Româna 890", 3)).toEqual([2, 0, 1]);
  });
  it("as listed once some print was read (the evened readings come first, binarized last)", () => {
    expect(eveningsOrder("CARTE DE IDENTITATE\nMun.București Sec.3", 3)).toEqual([0, 1, 2]);
  });
});

/** A backlit, faded card filling the frame, 600 × 400: plastic 200, print 188 in rows of strokes — no outline, hardly any contrast. */
function fadedFrame(): RgbaImage {
  const [width, height] = [600, 400];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const stroke = y % 40 >= 15 && y % 40 < 27 && x % 9 < 2 && x > 40 && x < 560;
      const v = stroke ? 188 : 200;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const isBinary = (page: RgbaImage) => {
  for (let i = 0; i < page.data.length; i += 4) if (page.data[i] !== 0 && page.data[i] !== 255) return false;
  return true;
};

describe("a frame read as nothing as it is and evened is read binarized", () => {
  it("reads the card filling the frame set black on white", { timeout: 60_000 }, async () => {
    const image = fadedFrame();
    const card = ["ROMÂNIA ROUMANIE ROMANIA", "CARTE DE IDENTITATE", "SV 741852 2870916400011", "OLTEANU", "ELENA"];
    const engine: OcrEngine = {
      async recognize(page: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
        const read = page.width === image.width && page.height === image.height && isBinary(page);
        return {
          ...ocrPage(read ? card : [], read ? 0.6 : 0, page),
          confidence: read ? 0.6 : 0,
          passes: (options.rotations ?? [0]).length,
        };
      },
      recognizeRegion: () => [],
    };
    const read = await readIdPhoto(engine, wholeImage(image), 0, 2026);
    expect(read.page.text).toContain("OLTEANU");
  });
});

describe("a reading of a whole card's print, fairly surely, is not binarized", () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `Linia ${i} a cardului` }));
  it("a card read as many lines as it prints, at a confidence that shows its way up", () => {
    expect(readsWholeCard({ lines: lines(23), confidence: 0.33 })).toBe(true);
  });
  it("a photocopy's scraps, a status bar read well, a card's print read unsurely are binarized still", () => {
    expect(readsWholeCard({ lines: lines(3), confidence: 0.55 })).toBe(false);
    expect(readsWholeCard({ lines: lines(2), confidence: 0.93 })).toBe(false);
    expect(readsWholeCard({ lines: lines(14), confidence: 0.15 })).toBe(false);
  });
});
