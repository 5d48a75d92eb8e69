// Tesseract prints diagnostics for every page it reads; the worker's logs keep only what an operator
// can act on. The engine is created after the spy is installed, as it is in a fresh isolate.
import { afterEach, describe, expect, it, vi } from "vitest";
import { extractDocument } from "../../app/server/documents/extraction/extract-document.server";
import { getOcrEngine, isTesseractChatter } from "../../app/server/documents/extraction/ocr.server";
import { FIXTURE_NOW, idFixtures, readGenerated } from "../fixtures/documents";
import { nodeOcrAssets } from "../fixtures/node-ocr";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("isTesseractChatter", () => {
  it("knows Tesseract's and Leptonica's per-page diagnostics", () => {
    for (const line of [
      "Estimating resolution as 208",
      "Detected 36 diacritics",
      "Empty page!!",
      "Error in boxClipToRectangle: box outside rectangle",
      "Error in pixScanForForeground: invalid box",
      "Warning: Invalid resolution 0 dpi. Using 70 instead.",
      "Too few characters. Skipping this page",
    ]) {
      expect(isTesseractChatter(line), line).toBe(true);
    }
  });

  it("lets everything else through, the engine's own failures included", () => {
    for (const line of [
      "document-processing: retrying 01a2 attempt 2, in 30 s Error: OCR engine unavailable",
      "Aborted(OOM)",
      "Estimating resolution as 208 and more",
      "failed to asynchronously prepare wasm: CompileError",
    ]) {
      expect(isTesseractChatter(line), line).toBe(false);
    }
  });
});

describe("the OCR engine's output (Node, real OCR)", { timeout: 120_000 }, () => {
  it("reads a card without writing Tesseract's diagnostics to the log", async () => {
    const warn = vi.spyOn(console, "warn");
    const log = vi.spyOn(console, "log");
    const ocr = async () => (await getOcrEngine(nodeOcrAssets())).engine;
    const fixture = idFixtures().find((f) => f.variant === "scan")!;
    const result = await extractDocument({
      bytes: readGenerated(fixture.file),
      mimeType: fixture.format === "png" ? "image/png" : "image/jpeg",
      documentType: "document_identitate",
      now: FIXTURE_NOW,
      ocr,
    });
    expect(result.extractedData.kind).toBe("id_card");
    const written = [...warn.mock.calls, ...log.mock.calls].map((args) => args.join(" "));
    expect(written.filter(isTesseractChatter)).toEqual([]);
  });
});
