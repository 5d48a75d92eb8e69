// Scanned bill pages (issue #14): the contrast stretch on a sparse sheet of paper, and the turns an
// upside-down scan is read in (only the two its lines' direction allows), and a page that is no bill.
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../app/server/documents/extraction/extract-document.server";
import { normalizeContrast, rotate, type RgbaImage } from "../../app/server/documents/extraction/image.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { readPdfPageImages } from "../../app/server/documents/extraction/pdf-text.server";
import { FIXTURE_NOW, idFixtures, readGenerated, scannedBillFixtures } from "../fixtures/documents";
import { nodeOcrAssets } from "../fixtures/node-ocr";
import { extractScannedBill } from "../fixtures/scanned-page";

/** A white sheet (a light grey scanner bed along the left edge) with `inkShare` of its pixels black. */
function sparsePage(inkShare: number): RgbaImage {
  const width = 200;
  const height = 200;
  const data = new Uint8ClampedArray(width * height * 4);
  const inkPixels = Math.round(width * height * inkShare);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const value = i < inkPixels ? 0 : x < 10 ? 236 : 250;
    data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = value;
    data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

const greyAt = (image: RgbaImage, x: number, y: number) => image.data[(y * image.width + x) * 4]!;

describe("contrast stretch on a sparse page", () => {
  it("with the default 2 % dark share, takes paper for black when under 2 % is ink (noise becomes ink)", () => {
    const { image, report } = normalizeContrast(sparsePage(0.01));
    expect(report.spread).toBeLessThan(20);
    // The scanner bed (236), a light grey, comes out black.
    expect(greyAt(image, 5, 150)).toBe(0);
  });

  it("with the darkest 0.2 % as black, keeps paper light and ink black", () => {
    const { image, report } = normalizeContrast(sparsePage(0.01), 0.002);
    expect(report.spread).toBeGreaterThan(200);
    expect(greyAt(image, 5, 150)).toBeGreaterThan(200);
    expect(greyAt(image, 0, 0)).toBe(0);
  });
});

describe("an upside-down scanned bill", { timeout: 120_000 }, () => {
  it("is read turned half way, in two passes (upright, then upside down)", async () => {
    const scanned = scannedBillFixtures();
    const [page] = await readPdfPageImages(readGenerated(scanned.pdf));
    const result = await extractScannedBill(rotate(page!, 180));
    expect(result.processingMethod).toBe("ocr_scanned_pdf");
    expect(result.ocr).toMatchObject({ rotation: 180, passes: 2 });
    expect(result.extractedData).toMatchObject({ kind: "bill", pod: scanned.truth.pod, totalWithVat: scanned.truth.totalWithVat });
  });
});

describe("an identity card uploaded as a bill", { timeout: 120_000 }, () => {
  it("is read in one pass: a confident reading without a single bill word is no bill, whichever way it is turned", async () => {
    const card = idFixtures().find((f) => f.variant === "scan" && f.format === "jpeg")!;
    const result = await extractDocument({
      bytes: readGenerated(card.file),
      mimeType: "image/jpeg",
      documentType: "ultima_factura",
      now: FIXTURE_NOW,
      ocr: async () => (await getOcrEngine(nodeOcrAssets())).engine,
    });
    expect(result.ocr).toMatchObject({ rotation: 0, passes: 1 });
    expect(result.extractedData).toMatchObject({ kind: "bill", totalWithVat: null, pod: null });
  });
});
