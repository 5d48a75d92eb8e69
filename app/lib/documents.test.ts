import { describe, expect, it } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  acceptedFor,
  checkFileBeforeUpload,
  confidencePercent,
  documentTypeOfLabel,
  fileNameFromContentDisposition,
  formatUploadTime,
  isInFlight,
  processingMethodLabel,
  statusLabel,
  uploadErrorMessage,
} from "./documents";
import { TEXTS } from "../texts/user";

describe("documents (shared)", () => {
  it("maps the upload labels of the spec to stored types", () => {
    expect(documentTypeOfLabel("document_identitate")).toBe("document_identitate");
    expect(documentTypeOfLabel("ultima_factura")).toBe("ultima_factura");
    expect(documentTypeOfLabel("contract_furnizor_actual")).toBe("contract_furnizor_actual");
    expect(documentTypeOfLabel("meter_photos")).toBe("poza_contor");
    expect(documentTypeOfLabel("toString")).toBeNull();
    expect(documentTypeOfLabel("altceva")).toBeNull();
  });

  it("identity accepts images only; bills images and PDF", () => {
    expect(acceptedFor("document_identitate").mimeTypes).toEqual(["image/jpeg", "image/png"]);
    expect(acceptedFor("ultima_factura").mimeTypes).toContain("application/pdf");
    expect(acceptedFor("ultima_factura").accept).toBe("image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf");
  });

  it("checks a file by size, then by MIME type or extension", () => {
    expect(checkFileBeforeUpload({ name: "a.pdf", type: "application/pdf", size: MAX_UPLOAD_BYTES + 1 }, "ultima_factura")).toBe("too_large");
    expect(checkFileBeforeUpload({ name: "a.pdf", type: "application/pdf", size: 10 }, "ultima_factura")).toBeNull();
    expect(checkFileBeforeUpload({ name: "a.pdf", type: "application/pdf", size: 10 }, "document_identitate")).toBe("unsupported_type");
    expect(checkFileBeforeUpload({ name: "poza.JPG", type: "", size: 10 }, "document_identitate")).toBeNull();
    expect(checkFileBeforeUpload({ name: "x", type: "image/jpg", size: 10 }, "document_identitate")).toBeNull();
    expect(checkFileBeforeUpload({ name: "a.docx", type: "application/msword", size: 10 }, "ultima_factura")).toBe("unsupported_type");
  });

  it("shows confidence as a whole percent capped at 100", () => {
    expect(confidencePercent(0.876)).toBe(88);
    expect(confidencePercent(1)).toBe(100);
    expect(confidencePercent(1.2)).toBe(1);
    expect(confidencePercent(130)).toBe(100);
    expect(confidencePercent(null)).toBeNull();
    expect(confidencePercent(Number.NaN)).toBeNull();
  });

  it("labels statuses and methods (pending = 'În așteptare', default 'AI Processing')", () => {
    expect(statusLabel("pending")).toBe("În așteptare");
    expect(processingMethodLabel(null)).toBe("AI Processing");
    expect(processingMethodLabel("pdf_text")).toBe(TEXTS.documents.processingMethods.pdf_text);
  });

  it("polls only while a document is moving", () => {
    expect(isInFlight({ status: "pending" })).toBe(true);
    expect(isInFlight({ status: "processing" })).toBe(true);
    expect(isInFlight({ status: "pending", awaitingReview: true })).toBe(false);
    expect(isInFlight({ status: "verified" })).toBe(false);
  });

  it("maps failed uploads to the spec's toast messages", () => {
    const t = TEXTS.documents;
    expect(uploadErrorMessage(413, "Payload Too Large", { message: "x" })).toBe(t.uploadTooLarge);
    expect(uploadErrorMessage(413, "Payload Too Large", null)).toBe(t.uploadTooLarge);
    expect(uploadErrorMessage(401, "Unauthorized", { message: "Sesiunea a expirat" })).toBe(TEXTS.auth.sessionExpired);
    expect(uploadErrorMessage(409, "Conflict", { error: "duplicate", message: t.duplicate })).toBe(t.duplicate);
    expect(uploadErrorMessage(400, "Bad Request", { error: "unsupported_type", message: t.unsupportedFormat })).toBe(t.unsupportedFormat);
    expect(uploadErrorMessage(400, "Bad Request", { message: "Alt mesaj." })).toBe("Alt mesaj.");
    expect(uploadErrorMessage(502, "Bad Gateway", null)).toBe("Server Error - Please try again later");
    expect(uploadErrorMessage(418, "I'm a teapot", {})).toBe("HTTP 418: I'm a teapot");
    expect(uploadErrorMessage(400, "Bad Request", null)).toBe("Invalid JSON response from server");
  });

  it("reads the file name of a Content-Disposition header", () => {
    expect(fileNameFromContentDisposition(`attachment; filename="Factura.pdf"; filename*=UTF-8''Factur%C4%83.pdf`)).toBe("Factură.pdf");
    expect(fileNameFromContentDisposition(`attachment; filename="Factura.pdf"`)).toBe("Factura.pdf");
    expect(fileNameFromContentDisposition(`attachment; filename=plain.pdf`)).toBe("plain.pdf");
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});

describe("formatUploadTime", () => {
  it("prints Bucharest time", () => {
    expect(formatUploadTime("2026-11-23T10:18:30Z")).toBe("23.11.2026, 12:18");
    expect(formatUploadTime("2026-07-01T21:05:00Z")).toBe("02.07.2026, 00:05");
  });
});
