// The whole extraction in Node on the generated fixtures: OCR of ID photos (rotated, low contrast),
// a scanned PDF, and honest failures.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../app/server/documents/extraction/extract-document.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { FIXTURE_NOW, idFixtures, readGenerated, scannedBillFixtures } from "../fixtures/documents";
import { nodeOcrAssets } from "../fixtures/node-ocr";
import { lockedPdf } from "../fixtures/locked-pdf";

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

  // Scanner apps stamp their own text on the page image ("Scanned with …", a date): enough characters
  // to pass for a text PDF, yet none of the bill's or the card's fields.
  const SCANNER_FOOTER = "Scanned with CamScanner - 28.11.2026 14:32 - Page 1 of 1 - scan ID 7f3a9c";
  const withFooter = async (doc: PDFDocument) => {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const page of doc.getPages()) page.drawText(SCANNER_FOOTER, { x: 20, y: 10, size: 6, font });
    return doc.save();
  };

  it("reads a scanned bill from its page image when a scanner app's footer is its only text", async () => {
    const scanned = scannedBillFixtures();
    const bytes = await withFooter(await PDFDocument.load(readGenerated(scanned.pdf)));
    const result = await extractDocument({ bytes, mimeType: "application/pdf", documentType: "ultima_factura", now: FIXTURE_NOW, ocr });
    expect(result.processingMethod).toBe("ocr_scanned_pdf");
    expect(result.extractedData).toMatchObject({ kind: "bill", pod: scanned.truth.pod, totalWithVat: scanned.truth.totalWithVat, billDate: scanned.truth.billDate });
  });

  it("reads an ID card scanned into a PDF from its image when the PDF's text is a scanner app's footer", async () => {
    const fixture = idFixtures().find((f) => f.person === "constantin" && f.variant === "scan")!;
    const doc = await PDFDocument.create();
    const image = await doc.embedJpg(readGenerated(fixture.file));
    doc.addPage([595, 842]).drawImage(image, { x: 40, y: 400, width: 500, height: (500 * image.height) / image.width });
    const result = await extractDocument({ bytes: await withFooter(doc), mimeType: "application/pdf", documentType: "document_identitate", now: FIXTURE_NOW, ocr });
    expect(result.processingMethod).toBe("ocr_scanned_pdf");
    expect(result.extractedData).toMatchObject({ kind: "id_card", cnp: fixture.truth.cnp, lastName: fixture.truth.lastName, number: fixture.truth.number });
  });

  it("keeps a text PDF's reading, with no OCR, when it has no page-sized image", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const noOcr = async (): Promise<never> => {
      throw new Error("OCR started for a PDF with no image");
    };
    const result = await extractDocument({ bytes: await withFooter(doc), mimeType: "application/pdf", documentType: "ultima_factura", now: FIXTURE_NOW, ocr: noOcr });
    expect(result.processingMethod).toBe("pdf_text");
    expect(result.extractedData).toMatchObject({ kind: "bill", totalWithVat: null });
  });

  it("leaves a PDF with neither text nor image for an admin, with the reason", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const result = await extractDocument({ bytes: await doc.save(), mimeType: "application/pdf", documentType: "ultima_factura", now: FIXTURE_NOW, ocr });
    expect(result).toMatchObject({ processingMethod: "none", extractedData: { kind: "unreadable", reason: "scanned_pdf_without_image" } });
  });

  it("names a PDF locked with a password as such; one locked only against printing is read", async () => {
    const locked = await extractDocument({ bytes: lockedPdf("parola"), mimeType: "application/pdf", documentType: "ultima_factura", now: FIXTURE_NOW, ocr });
    expect(locked).toMatchObject({ processingMethod: "none", extractedData: { kind: "unreadable", reason: "pdf_password_protected" } });
    const printLocked = await extractDocument({ bytes: lockedPdf(""), mimeType: "application/pdf", documentType: "ultima_factura", now: FIXTURE_NOW, ocr });
    expect(printLocked.extractedData).toMatchObject({ kind: "unreadable", reason: "scanned_pdf_without_image" });
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
