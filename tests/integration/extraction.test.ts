// Proves the extraction stack runs inside workerd: PDF.js (unpdf) reads a bill's text layer, and
// tesseract-wasm, instantiated from a precompiled module with the Romanian model as a Data module,
// reads ID photos and a scanned PDF. Timings are printed for docs/decisions/0005-offline-ocr.md.
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../app/server/documents/extraction/extract-document.server";
import { WORKER_OCR_ASSETS } from "../../app/server/documents/extraction/ocr-assets.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { checkUploadedFile } from "../../app/server/documents/magic-bytes.server";
import { crossCheck, combineValidations, decideStatus, verifyBill, verifyIdentity } from "../../app/server/documents/verification.server";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import scannedPdf from "../fixtures/generated/bill-scanned-electrica.pdf";
import idRotated from "../fixtures/generated/id-stefanescu-rotated90.jpg";
import idScan from "../fixtures/generated/id-popescu-scan.png";
import manifest from "../fixtures/generated/manifest.json";

const NOW = Date.parse(manifest.now);
const ocr = async () => (await getOcrEngine(WORKER_OCR_ASSETS)).engine;
const billTruth = manifest.bills.find((b) => b.file === "bill-electrica-popescu.pdf")!.truth;
const idTruth = (file: string) => manifest.ids.find((i) => i.file === file)!.truth;

/** workerd only advances its clock across I/O: yield to the event loop before reading it. */
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const started = Date.now();
  const result = await work();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return [result, Date.now() - started];
}

describe("document extraction inside workerd", { timeout: 120_000 }, () => {
  it("reads a bill PDF's text layer and verifies it", async () => {
    const bytes = new Uint8Array(billPdf);
    expect(checkUploadedFile({ bytes, declaredMimeType: "application/pdf", maxBytes: 10_485_760, documentType: "ultima_factura" })).toMatchObject({ ok: true });
    const [result, ms] = await timed(() => extractDocument({ bytes, mimeType: "application/pdf", documentType: "ultima_factura", now: NOW, ocr }));
    const [, warmMs] = await timed(() => extractDocument({ bytes, mimeType: "application/pdf", documentType: "ultima_factura", now: NOW, ocr }));
    console.log(`workerd: bill PDF text extraction ${ms} ms first (loads PDF.js), ${warmMs} ms warm`);
    expect(result.processingMethod).toBe("pdf_text");
    expect(result.extractedData).toMatchObject({ kind: "bill", ...billTruth });
    if (result.extractedData.kind !== "bill") throw new Error("not a bill");
    expect(decideStatus(verifyBill(result.extractedData, { now: NOW, ocrQuality: null, maxAgeDays: 92 }))).toBe("verified");
  });

  it("starts the OCR engine from the bundled wasm and model", async () => {
    const [{ stats }, ms] = await timed(() => getOcrEngine(WORKER_OCR_ASSETS));
    console.log(`workerd: OCR engine cold start ${ms} ms, model ${stats.modelBytes} bytes`);
    expect(stats.modelBytes).toBeGreaterThan(1_000_000);
  });

  it("OCRs an ID card scan (PNG) and a photo turned by 90°", async () => {
    const [scan, scanMs] = await timed(() => extractDocument({ bytes: new Uint8Array(idScan), mimeType: "image/png", documentType: "document_identitate", now: NOW, ocr }));
    const [rotated, rotatedMs] = await timed(() => extractDocument({ bytes: new Uint8Array(idRotated), mimeType: "image/jpeg", documentType: "document_identitate", now: NOW, ocr }));
    const [, warmMs] = await timed(() => extractDocument({ bytes: new Uint8Array(idScan), mimeType: "image/png", documentType: "document_identitate", now: NOW, ocr }));
    console.log(`workerd: ID scan OCR ${scanMs} ms first, ${warmMs} ms warm (passes ${scan.ocr?.passes}); photo turned 90° ${rotatedMs} ms (passes ${rotated.ocr?.passes})`);
    for (const [result, file] of [[scan, "id-popescu-scan.png"], [rotated, "id-stefanescu-rotated90.jpg"]] as const) {
      const truth = idTruth(file);
      expect(result.processingMethod).toBe("ocr_image");
      expect(result.extractedData).toMatchObject({ kind: "id_card", cnp: truth.cnp, series: truth.series, number: truth.number, expiryDate: truth.expiryDate, birthDate: truth.birthDate });
    }
    if (scan.extractedData.kind !== "id_card") throw new Error("not an ID");
    const identity = verifyIdentity(scan.extractedData, { now: NOW, ocrQuality: scan.ocrQuality });
    expect(identity.isValid).toBe(true);
    const bill = await extractDocument({ bytes: new Uint8Array(billPdf), mimeType: "application/pdf", documentType: "ultima_factura", now: NOW, ocr });
    if (bill.extractedData.kind !== "bill") throw new Error("not a bill");
    expect(combineValidations(identity, crossCheck(scan.extractedData, bill.extractedData)).isValid).toBe(true);
  });

  it("OCRs a scanned (image-only) PDF bill", async () => {
    const [result, ms] = await timed(() => extractDocument({ bytes: new Uint8Array(scannedPdf), mimeType: "application/pdf", documentType: "ultima_factura", now: NOW, ocr }));
    console.log(`workerd: scanned PDF OCR ${ms} ms`);
    expect(result.processingMethod).toBe("ocr_scanned_pdf");
    expect(result.extractedData).toMatchObject({ kind: "bill", pod: manifest.scanned!.truth.pod, totalWithVat: manifest.scanned!.truth.totalWithVat });
  });
});
