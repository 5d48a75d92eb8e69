import { describe, expect, it } from "vitest";
import { checkUploadedFile, detectKind } from "../../app/server/documents/magic-bytes.server";
import { UPLOAD_MESSAGES } from "../../app/server/documents/messages.server";
import { billFixtures, idFixtures, oversizeBytes, readGenerated, SPECIAL_FILES } from "../fixtures/documents";

const MAX = 10 * 1024 * 1024;
const check = (bytes: Uint8Array, declaredMimeType?: string, documentType = "ultima_factura") =>
  checkUploadedFile({ bytes, declaredMimeType, maxBytes: MAX, documentType });

describe("upload checks from the bytes", () => {
  it("recognises the three accepted kinds", () => {
    const png = idFixtures().find((f) => f.format === "png")!;
    const jpeg = idFixtures().find((f) => f.format === "jpeg")!;
    expect(detectKind(readGenerated(png.file))).toBe("png");
    expect(detectKind(readGenerated(jpeg.file))).toBe("jpeg");
    expect(detectKind(readGenerated(billFixtures()[0]!.file))).toBe("pdf");
    expect(check(readGenerated(jpeg.file), "image/jpeg", "document_identitate")).toEqual({ ok: true, kind: "jpeg", mimeType: "image/jpeg", warnings: [] });
    expect(check(readGenerated(billFixtures()[0]!.file), "application/pdf")).toMatchObject({ ok: true, kind: "pdf" });
  });

  it("refuses an empty file and one over the limit", () => {
    expect(check(new Uint8Array(0))).toMatchObject({ ok: false, reason: "empty" });
    expect(check(oversizeBytes(MAX), "image/jpeg")).toMatchObject({ ok: false, reason: "too_large" });
  });

  it("refuses a ZIP renamed to .pdf", () => {
    expect(check(readGenerated(SPECIAL_FILES.zipRenamedPdf), "application/pdf")).toMatchObject({ ok: false, reason: "unsupported_type" });
  });

  it("treats a JPEG renamed to .pdf as the JPEG it is, with a warning", () => {
    expect(check(readGenerated(SPECIAL_FILES.jpegRenamedPdf), "application/pdf")).toEqual({
      ok: true,
      kind: "jpeg",
      mimeType: "image/jpeg",
      warnings: ["declared_type_mismatch"],
    });
  });

  it("refuses a JPEG with a PDF appended after its end marker", () => {
    expect(check(readGenerated(SPECIAL_FILES.polyglotJpegPdf), "image/jpeg", "document_identitate")).toMatchObject({ ok: false, reason: "polyglot" });
  });

  it("tolerates plain trailing bytes after a JPEG (phone trailers)", () => {
    const jpeg = readGenerated(idFixtures().find((f) => f.format === "jpeg")!.file);
    const withTrailer = new Uint8Array([...jpeg, ...new TextEncoder().encode("MotionPhoto_Data\0\0\0\u0001")]);
    expect(check(withTrailer, "image/jpeg", "document_identitate")).toMatchObject({ ok: true, kind: "jpeg" });
  });

  it("refuses PDFs carrying HTML or JavaScript", () => {
    expect(check(readGenerated(SPECIAL_FILES.pdfWithHtml), "application/pdf")).toMatchObject({ ok: false, reason: "active_content" });
    expect(check(readGenerated(SPECIAL_FILES.pdfWithJavaScript), "application/pdf")).toMatchObject({ ok: false, reason: "active_content" });
  });

  it("accepts only images for identity documents", () => {
    expect(check(readGenerated(billFixtures()[0]!.file), "application/pdf", "document_identitate")).toMatchObject({
      ok: false,
      reason: "type_not_allowed_for_document",
    });
  });

  it("has a Romanian message for every refusal", () => {
    expect(UPLOAD_MESSAGES.too_large).toBe("Fișier prea mare");
    expect(UPLOAD_MESSAGES.unsupported_type).toBe("Tip fișier neacceptat");
  });
});
