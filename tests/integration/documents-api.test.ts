// Every documents route of user spec §7: sign-in, ownership (another user's document is 404), every
// upload error with its status, files in R2 with their headers, delete, reprocess, meter readings.
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TEXTS } from "../../app/texts/user";
import { UPLOAD_MESSAGES } from "../../app/server/documents/messages.server";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import idScan from "../fixtures/generated/id-popescu-scan.png";
import idPhoto from "../fixtures/generated/id-popescu-photo.jpg";
import polyglot from "../fixtures/generated/polyglot-jpeg-pdf.jpg";
import pdfWithJavaScript from "../fixtures/generated/pdf-with-javascript.pdf";
import renamedDocx from "../fixtures/generated/renamed-docx.pdf";
import renamedJpeg from "../fixtures/generated/renamed-jpeg.pdf";
import { signInThroughApi, type SignedIn } from "./auth-helpers";
import { api, documentRow, storeDocument, uniqueCopy, upload, type Auth } from "./documents-helpers";
import { lockedPdf } from "../fixtures/locked-pdf";

const t = TEXTS.documents;
const pdf = (name = "factura.pdf", bytes: ArrayBuffer | Uint8Array<ArrayBuffer> = uniqueCopy(billPdf)) => ({ name, type: "application/pdf", bytes });

let alice: SignedIn;
let bob: SignedIn;
let aliceAuth: Auth;
let bobAuth: Auth;

beforeAll(async () => {
  alice = await signInThroughApi();
  bob = await signInThroughApi();
  aliceAuth = { accessToken: alice.accessToken };
  bobAuth = { cookie: bob.cookie };
});

describe("sign-in is required", () => {
  const routes: [string, string][] = [
    ["POST", "/api/documents/upload/ultima_factura"],
    ["GET", "/api/documents/progress"],
    ["GET", "/api/documents/status/all"],
    ["GET", "/api/documents/download/x"],
    ["GET", "/api/documents/view/x"],
    ["GET", "/api/documents/x"],
    ["DELETE", "/api/documents/x"],
    ["POST", "/api/documents/reprocess/x"],
    ["GET", "/api/documents/processing-status/x"],
    ["POST", "/api/documents/meter-reading"],
    ["GET", "/api/documents/meter-reading/history"],
  ];
  it.each(routes)("%s %s → 401", async (method, path) => {
    const { res, body } = await api(null, path, { method });
    expect(res.status).toBe(401);
    expect(body).toMatchObject({ success: false, error: "unauthorized", message: TEXTS.auth.sessionExpired });
  });

  it("a bad Bearer token is 401 too", async () => {
    const { res } = await api({ accessToken: "nonsense" }, "/api/documents/status/all");
    expect(res.status).toBe(401);
  });
});

describe("upload", () => {
  it("stores a bill PDF in R2 under a random key, the row as pending, and lists it", async () => {
    const bytes = uniqueCopy(billPdf);
    const { res, body } = await upload(aliceAuth, "ultima_factura", [pdf("Factură noiembrie.pdf", bytes)]);
    expect(res.status).toBe(201);
    expect(body.message).toBe(t.uploadSucceeded);
    const [doc] = body.documents as Record<string, unknown>[];
    expect(doc).toMatchObject({ fileName: "Factură noiembrie.pdf", document_type: "ultima_factura", mimeType: "application/pdf", fileSize: bytes.byteLength });
    expect(["pending", "processing", "verified"]).toContain(doc!.status);

    const row = await documentRow(doc!.id as string);
    expect(row).toMatchObject({ user_id: alice.userId, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), file_size: bytes.byteLength });
    const key = row!.r2_key as string;
    expect(key).toMatch(new RegExp(`^documents/${alice.userId}/[A-Za-z0-9_-]{43}$`));
    expect(key).not.toContain("Factur");
    const object = await env.DOCUMENTS.get(key);
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);

    const list = await api(aliceAuth, "/api/documents/status/all");
    expect(list.res.status).toBe(200);
    const byType = list.body!.documentsByType as Record<string, { id: string }[]>;
    expect(byType.ultima_factura!.map((d) => d.id)).toContain(doc!.id);
    expect((list.body!.documents as { id: string }[]).map((d) => d.id)).toContain(doc!.id);

    const progress = await api(aliceAuth, "/api/documents/progress");
    expect((progress.body!.progress as { documents: Record<string, { count: number }> }).documents.bills!.count).toBeGreaterThanOrEqual(1);
  });

  it("stores an ID image with the cookie session and its subtype", async () => {
    const { res, body } = await upload({ cookie: alice.cookie }, "document_identitate", [{ name: "buletin.png", type: "image/png", bytes: uniqueCopy(idScan) }], { documentSubtype: "ci" });
    expect(res.status).toBe(201);
    expect((body.documents as Record<string, unknown>[])[0]).toMatchObject({ document_type: "document_identitate", document_subtype: "ci", mimeType: "image/png" });
  });

  it("takes several files in one request (repeated field `documents`)", async () => {
    const { res, body } = await upload(aliceAuth, "ultima_factura", [pdf("a.pdf"), pdf("b.pdf")]);
    expect(res.status).toBe(201);
    expect((body.documents as unknown[]).length).toBe(2);
  });

  it("refuses the same file twice for a user (409), but another user may upload it", async () => {
    const bytes = uniqueCopy(billPdf);
    expect((await upload(aliceAuth, "ultima_factura", [pdf("x.pdf", bytes)])).res.status).toBe(201);
    const again = await upload(aliceAuth, "ultima_factura", [pdf("alt-nume.pdf", bytes)]);
    expect(again.res.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: "duplicate", message: t.duplicate });
    expect((await upload(bobAuth, "ultima_factura", [pdf("x.pdf", bytes)])).res.status).toBe(201);
  });

  it("refuses the same file twice within one request", async () => {
    const bytes = uniqueCopy(billPdf);
    const { res, body } = await upload(aliceAuth, "ultima_factura", [pdf("a.pdf", bytes), pdf("b.pdf", bytes)]);
    expect(res.status).toBe(409);
    expect(body.message).toBe(t.duplicate);
  });

  it("refuses a file over 10 MB with 413", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const { res, body } = await upload(aliceAuth, "ultima_factura", [{ name: "mare.jpg", type: "image/jpeg", bytes: big }]);
    expect(res.status).toBe(413);
    expect(body).toMatchObject({ success: false, error: "too_large", message: t.uploadTooLarge, title: t.fileTooLarge, fileName: "mare.jpg" });
  });

  it("refuses a body larger than any allowed upload before reading it (413)", async () => {
    const { res } = await api(aliceAuth, "/api/documents/upload/ultima_factura", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(200 * 1024 * 1024) },
      body: "--x--",
    });
    expect(res.status).toBe(413);
  });

  it.each([
    ["a text file", "notite.pdf", "application/pdf", new TextEncoder().encode("doar text, nu un PDF").buffer as ArrayBuffer, "unsupported_type", t.unsupportedFormat],
    ["a .docx renamed to .pdf", "factura.pdf", "application/pdf", renamedDocx, "unsupported_type", t.unsupportedFormat],
    ["a JPEG/PDF polyglot", "poza.jpg", "image/jpeg", polyglot, "polyglot", t.unsupportedFormat],
    ["a PDF with JavaScript", "factura.pdf", "application/pdf", pdfWithJavaScript, "active_content", t.activeContentPdf],
    ["a PDF locked with a password", "factura.pdf", "application/pdf", lockedPdf("parola").slice().buffer as ArrayBuffer, "encrypted_pdf", t.encryptedPdf],
  ])("refuses %s with 400 and the format message", async (_what, name, type, bytes, code, message) => {
    const { res, body } = await upload(aliceAuth, "ultima_factura", [{ name, type, bytes }]);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, error: code, message, title: t.unsupportedType });
  });

  it("takes a JPEG renamed to .pdf as the JPEG it is, and serves it as .jpg", async () => {
    const { res, body } = await upload(aliceAuth, "ultima_factura", [{ name: "scan.pdf", type: "application/pdf", bytes: uniqueCopy(renamedJpeg) }]);
    expect(res.status).toBe(201);
    const doc = (body.documents as { id: string; mimeType: string }[])[0]!;
    expect(doc.mimeType).toBe("image/jpeg");
    const download = await api(aliceAuth, `/api/documents/download/${doc.id}`);
    expect(download.res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(download.res.headers.get("Content-Disposition")).toContain('filename="scan.jpg"');
  });

  it("refuses a PDF as an identity document", async () => {
    const { res, body } = await upload(aliceAuth, "document_identitate", [pdf()]);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ error: "type_not_allowed_for_document", message: UPLOAD_MESSAGES.type_not_allowed_for_document });
  });

  it("refuses an empty file, no file, too many files, an unknown type label and a bad subtype", async () => {
    const empty = await upload(aliceAuth, "ultima_factura", [{ name: "gol.pdf", type: "application/pdf", bytes: new Uint8Array(0) }]);
    expect(empty.res.status).toBe(400);
    const none = await upload(aliceAuth, "ultima_factura", []);
    expect(none.res.status).toBe(400);
    expect(none.body.message).toBe(t.noFiles);
    const many = await upload(aliceAuth, "ultima_factura", Array.from({ length: 6 }, (_, i) => pdf(`f${i}.pdf`)));
    expect(many.res.status).toBe(400);
    expect(many.body.error).toBe("too_many_files");
    const unknown = await upload(aliceAuth, "pasaport_extraterestru", [pdf()]);
    expect(unknown.res.status).toBe(400);
    expect(unknown.body.message).toBe(t.unknownType);
    const subtype = await upload(aliceAuth, "document_identitate", [{ name: "ci.png", type: "image/png", bytes: uniqueCopy(idScan) }], { documentSubtype: "carnet" });
    expect(subtype.res.status).toBe(400);
  });

  it("maps meter_photos to the poza_contor type", async () => {
    const { res, body } = await upload(aliceAuth, "meter_photos", [{ name: "contor.jpg", type: "image/jpeg", bytes: uniqueCopy(idPhoto) }]);
    expect(res.status).toBe(201);
    expect((body.documents as { document_type: string }[])[0]!.document_type).toBe("poza_contor");
  });

  it("answers 405 to GET on the upload path", async () => {
    const { res } = await api(aliceAuth, "/api/documents/upload/ultima_factura");
    expect(res.status).toBe(405);
  });
});

describe("files, ownership, delete and reprocess", () => {
  async function aliceBill(name = "Factură ianuarie – ș.pdf") {
    const bytes = uniqueCopy(billPdf);
    const { body } = await upload(aliceAuth, "ultima_factura", [pdf(name, bytes)]);
    return { id: (body.documents as { id: string }[])[0]!.id, bytes };
  }

  it("downloads with the name (RFC 5987), the stored type and nosniff; view is inline", async () => {
    const { id, bytes } = await aliceBill();
    const download = await api(aliceAuth, `/api/documents/download/${id}`);
    expect(download.res.status).toBe(200);
    expect(download.res.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(download.res.headers.get("Cache-Control")).toContain("no-store");
    expect(download.res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Factura ianuarie _ s.pdf"; filename*=UTF-8''${encodeURIComponent("Factură ianuarie – ș.pdf")}`,
    );
    const raw = await SELF.fetch(`http://local.test/api/documents/download/${id}`, { headers: { Authorization: `Bearer ${alice.accessToken}` } });
    expect(new Uint8Array(await raw.arrayBuffer())).toEqual(bytes);

    const view = await api(aliceAuth, `/api/documents/view/${id}`);
    expect(view.res.status).toBe(200);
    expect(view.res.headers.get("Content-Disposition")).toMatch(/^inline; filename=/);
    expect(view.res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // Served from the app's origin, the file runs nothing and loads nothing (issue 15).
    expect(view.res.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none';.*; sandbox; frame-ancestors 'none'$/);
    expect(view.res.headers.get("Content-Security-Policy")).not.toMatch(/script-src|allow-scripts/);
  });

  it("another user gets 404 on every route, and nothing changes", async () => {
    const { id } = await aliceBill("privat.pdf");
    for (const [method, path] of [
      ["GET", `/api/documents/${id}`],
      ["GET", `/api/documents/download/${id}`],
      ["GET", `/api/documents/view/${id}`],
      ["GET", `/api/documents/processing-status/${id}`],
      ["POST", `/api/documents/reprocess/${id}`],
      ["DELETE", `/api/documents/${id}`],
    ] as const) {
      const { res, body } = await api(bobAuth, path, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(body).toMatchObject({ success: false, error: "not_found", message: t.notFound });
    }
    expect(await documentRow(id)).not.toBeNull();
    const list = await api(bobAuth, "/api/documents/status/all");
    expect((list.body!.documents as { id: string }[]).map((d) => d.id)).not.toContain(id);
  });

  it("an unknown id is 404", async () => {
    expect((await api(aliceAuth, "/api/documents/download/0190f1f0-0000-7000-8000-000000000000")).res.status).toBe(404);
  });

  it("delete removes the R2 object and the row", async () => {
    const { id } = await aliceBill("de-sters.pdf");
    const key = (await documentRow(id))!.r2_key as string;
    const { res, body } = await api(aliceAuth, `/api/documents/${id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, id });
    expect(await documentRow(id)).toBeNull();
    expect(await env.DOCUMENTS.get(key)).toBeNull();
    expect((await api(aliceAuth, `/api/documents/${id}`, { method: "DELETE" })).res.status).toBe(404);
  });

  it("reprocess sends a finished document back to pending; refused (409) while it is processing", async () => {
    const done = await storeDocument(alice.userId, "ultima_factura", { bytes: uniqueCopy(billPdf), mimeType: "application/pdf", name: "r.pdf" }, {
      status: "rejected",
      confidence: 0.9,
      processedAt: Date.now(),
      validationJson: JSON.stringify({ confidence: 0.9, isValid: false, issues: [] }),
    });
    const { res, body } = await api(aliceAuth, `/api/documents/reprocess/${done.id}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, message: t.reprocessStarted, document: { id: done.id, status: "pending", confidenceScore: null } });
    const row = await documentRow(done.id);
    expect(row).toMatchObject({ processed_at: null, validation_json: null });
    expect(row!.queued_at).not.toBeNull();

    const busy = await storeDocument(alice.userId, "ultima_factura", null, { status: "processing", processingStartedAt: Date.now() });
    const refused = await api(aliceAuth, `/api/documents/reprocess/${busy.id}`, { method: "POST" });
    expect(refused.res.status).toBe(409);
    expect(refused.body!.message).toBe(t.alreadyProcessing);
  });

  it("processing-status of a document not read yet has no extracted data", async () => {
    const waiting = await storeDocument(alice.userId, "ultima_factura", null);
    const { res, body } = await api(aliceAuth, `/api/documents/processing-status/${waiting.id}`);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, status: "pending", hasExtractedData: false, extractedData: null, personalData: null, validationDetails: { isValid: false, issues: [] } });
  });
});

describe("meter readings", () => {
  it("takes JSON {readingValue, readingDate} and lists it in the history", async () => {
    const { res, body } = await api(aliceAuth, "/api/documents/meter-reading", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ readingValue: " A12345.6 ", readingDate: "2026-11-20" }),
    });
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ success: true, meterReading: { value: "A12345.6", date: "2026-11-20", hasPhoto: false, validated: true } });
    const history = await api(aliceAuth, "/api/documents/meter-reading/history");
    expect(history.body).toMatchObject({ success: true });
    expect((history.body!.history as { id: string }[]).map((h) => h.id)).toContain((body!.meterReading as { id: string }).id);
    expect((await api(bobAuth, "/api/documents/meter-reading/history")).body!.history).toEqual([]);
  });

  it("takes multipart with a photo, stored as a poza_contor document", async () => {
    const form = new FormData();
    form.append("readingValue", "004512");
    form.append("readingDate", "2026-11-21");
    form.append("documents", new File([uniqueCopy(idPhoto)], "contor.jpg", { type: "image/jpeg" }));
    const { res, body } = await api(aliceAuth, "/api/documents/meter-reading", { method: "POST", body: form });
    expect(res.status).toBe(201);
    const reading = body!.meterReading as { photoDocumentId: string; hasPhoto: boolean; validated: boolean };
    expect(reading).toMatchObject({ hasPhoto: true, validated: false });
    expect(await documentRow(reading.photoDocumentId)).toMatchObject({ document_type: "poza_contor", user_id: alice.userId });
  });

  it("takes multipart without a photo", async () => {
    const form = new FormData();
    form.append("readingValue", "12,5");
    form.append("readingDate", "2026-11-21");
    const { res, body } = await api(aliceAuth, "/api/documents/meter-reading", { method: "POST", body: form });
    expect(res.status).toBe(201);
    expect(body!.meterReading).toMatchObject({ value: "12,5", hasPhoto: false });
  });

  it.each([
    [{ readingValue: "", readingDate: "2026-11-20" }, TEXTS.meter.required],
    [{ readingDate: "2026-11-20" }, TEXTS.meter.required],
    [{ readingValue: "12 345", readingDate: "2026-11-20" }, TEXTS.meter.invalid],
    [{ readingValue: "123456789012345678901", readingDate: "2026-11-20" }, TEXTS.meter.invalid],
    [{ readingValue: "1234#", readingDate: "2026-11-20" }, TEXTS.meter.invalid],
    [{ readingValue: "1234", readingDate: "2099-01-01" }, TEXTS.meter.dateInFuture],
    [{ readingValue: "1234", readingDate: "2026-02-30" }, TEXTS.meter.dateInvalid],
  ])("refuses %j with the spec's message", async (payload, message) => {
    const { res, body } = await api(aliceAuth, "/api/documents/meter-reading", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, error: "invalid_input", message });
  });

  it("refuses a meter photo that is not an image", async () => {
    const form = new FormData();
    form.append("readingValue", "1234");
    form.append("readingDate", "2026-11-21");
    form.append("documents", new File([uniqueCopy(billPdf)], "contor.pdf", { type: "application/pdf" }));
    const { res } = await api(aliceAuth, "/api/documents/meter-reading", { method: "POST", body: form });
    expect(res.status).toBe(400);
  });
});
