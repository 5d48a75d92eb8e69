// A scanned bill on grey paper, turned on the scanner (issue #14): the page's white margins and its
// grey paper made the engine's global threshold fall into the paper, and it read nothing. The paper
// is now evened to white before the passes.
import { describe, expect, it } from "vitest";
import { rotateDegrees, type RgbaImage } from "../../app/server/documents/extraction/image.server";
import { readPdfPageImages } from "../../app/server/documents/extraction/pdf-text.server";
import { readGenerated, scannedBillFixtures } from "../fixtures/documents";
import { extractScannedBill } from "../fixtures/scanned-page";

/** The page multiplied by a grey paper colour (a recycled sheet, an old printout). */
function onGreyPaper(page: RgbaImage, paper = 0.8): RgbaImage {
  const data = new Uint8ClampedArray(page.data);
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) data[i + c] = data[i + c]! * paper;
  return { width: page.width, height: page.height, data };
}

describe("a scanned bill on grey paper, turned 2.5° on the scanner", { timeout: 120_000 }, () => {
  it("is read", async () => {
    const scanned = scannedBillFixtures();
    const [page] = await readPdfPageImages(readGenerated(scanned.pdf));
    // Turned with white corners around it, as a scanner's lid shows them.
    const image = rotateDegrees(onGreyPaper(page!), 2.5);
    const result = await extractScannedBill(image);
    expect(result.extractedData).toMatchObject({
      kind: "bill",
      pod: scanned.truth.pod,
      billNumber: scanned.truth.billNumber,
    });
  });
});
