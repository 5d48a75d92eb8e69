// The whole extraction in Node on the generated fixtures: OCR of ID photos (rotated, low contrast),
// a scanned PDF, and honest failures.
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../app/server/documents/extraction/extract-document.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { FIXTURE_NOW, idFixtures, readGenerated, scannedBillFixtures } from "../fixtures/documents";
import { nodeOcrAssets } from "../fixtures/node-ocr";

const ocr = async () => (await getOcrEngine(nodeOcrAssets())).engine;
const run = (file: string, mimeType: string, documentType: string) =>
  extractDocument({ bytes: readGenerated(file), mimeType, documentType, now: FIXTURE_NOW, ocr });

describe("extractDocument (Node)", { timeout: 60_000 }, () => {
  for (const variant of ["scan", "rotated90", "lowContrast"] as const) {
    it(`reads an ID card: ${variant}`, async () => {
      const fixture = idFixtures().find((f) => f.person === "popescu" && f.variant === variant)!;
      const result = await run(fixture.file, fixture.format === "png" ? "image/png" : "image/jpeg", "document_identitate");
      expect(result.processingMethod).toBe("ocr_image");
      expect(result.extractedData).toMatchObject({
        kind: "id_card",
        cnp: fixture.truth.cnp,
        lastName: fixture.truth.lastName,
        series: fixture.truth.series,
        number: fixture.truth.number,
        expiryDate: fixture.truth.expiryDate,
      });
      expect(result.ocrQuality).toBeGreaterThan(0.5);
    });
  }

  it("OCRs a scanned PDF bill", async () => {
    const scanned = scannedBillFixtures();
    const result = await run(scanned.pdf, "application/pdf", "ultima_factura");
    expect(result.processingMethod).toBe("ocr_scanned_pdf");
    expect(result.extractedData).toMatchObject({ kind: "bill", pod: scanned.truth.pod, totalWithVat: scanned.truth.totalWithVat, billDate: scanned.truth.billDate });
  });

  it("leaves a PDF with neither text nor image for an admin, with the reason", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const result = await extractDocument({ bytes: await doc.save(), mimeType: "application/pdf", documentType: "ultima_factura", now: FIXTURE_NOW, ocr });
    expect(result).toMatchObject({ processingMethod: "none", extractedData: { kind: "unreadable", reason: "scanned_pdf_without_image" } });
  });

  it("does not try to read document types it has no parser for", async () => {
    const result = await run(scannedBillFixtures().photo, "image/jpeg", "poza_contor");
    expect(result.extractedData).toMatchObject({ kind: "unreadable", reason: "unsupported_document_type" });
  });

  it("reports a corrupt image as unreadable", async () => {
    const bytes = readGenerated(idFixtures()[1]!.file).slice(0, 2000);
    const result = await extractDocument({ bytes, mimeType: "image/jpeg", documentType: "document_identitate", now: FIXTURE_NOW, ocr });
    expect(result.extractedData).toMatchObject({ kind: "unreadable" });
  });
});
