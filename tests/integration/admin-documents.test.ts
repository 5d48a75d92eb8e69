// The admin document review through the Worker (issue #12 item 2; admin spec §3, §4, §5, §7): the list
// with its filters and pages, the review detail and the full details, the file for the dialog, verify
// (override rule, corrections), reject (reason rule), reprocess (state rules, the document queue),
// the statistics — and what each action leaves behind: the user's notification and visible status,
// the corrections kept apart from the machine reading and preferred downstream, the audit rows.
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { reprocessDocumentAsAdmin } from "../../app/server/admin/documents.server";
import type { AdminPrincipal } from "../../app/server/admin/admin-auth.server";
import { parseAdminPermissions } from "../../app/lib/admin-access";
import { createDb } from "../../app/server/db/client.server";
import { readDocumentData } from "../../app/server/documents/corrections.server";
import type { BillExtraction } from "../../app/server/documents/extraction/bill-parser.server";
import type { IdCardExtraction } from "../../app/server/documents/extraction/id-card-parser.server";
import { ISSUE_MESSAGES } from "../../app/server/documents/messages.server";
import { sealExtraction } from "../../app/server/documents/pii.server";
import { findDocument } from "../../app/server/documents/repository.server";
import type { ValidationDetails } from "../../app/server/documents/verification.server";
import type { Env as AppEnv } from "../../app/server/env.server";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import { BASE, createAdmin, openAdminSession, signInThroughApi, type SignedIn } from "./auth-helpers";
import { api, documentRow, storeDocument, uniqueCopy, withRecordingQueues, type StoredDocument } from "./documents-helpers";
import { userSocket } from "./live-helpers";

const T = ADMIN_TEXTS.documentsPage;
const appEnv = env as unknown as AppEnv;
let token = "";
let adminId = "";
let adminEmail = "";

beforeAll(async () => {
  const admin = await createAdmin("moderator", { document_verification: true });
  adminId = admin.id;
  adminEmail = admin.email;
  token = await openAdminSession(admin.id);
});

async function adminApi(path: string, init: { method?: string; body?: unknown; ip?: string } = {}) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${token}`,
      "CF-Connecting-IP": init.ip ?? "10.9.8.7",
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // The answers are checked field by field below; their shape is the assertion, not a type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

const NOW = Date.now();

function idReading(overrides: Partial<IdCardExtraction> = {}): IdCardExtraction {
  return {
    kind: "id_card",
    cardType: "ci",
    cnp: "1850312400017",
    lastName: "POPESCUU",
    firstName: "ION",
    sex: "M",
    birthDate: "1985-03-12",
    birthPlace: "Mun. București",
    address: "Str. Lungă nr. 212",
    series: "RX",
    number: "123456",
    issuedBy: "SPCEP Sector 1",
    issueDate: "2020-01-10",
    expiryDate: "2030-03-12",
    nationality: "ROU",
    mrz: null,
    sources: { lastName: "printed" },
    conflicts: [],
    missingFields: [],
    ...overrides,
  };
}

const failedChecks: ValidationDetails = {
  confidence: 0.45,
  isValid: false,
  issues: [
    { code: "mrz_missing", message: ISSUE_MESSAGES.mrz_missing, field: "mrz", severity: "warning", blocking: false },
    { code: "cnp_invalid", message: ISSUE_MESSAGES.cnp_invalid, field: "cnp", severity: "error", blocking: false },
  ],
};
const passedChecks: ValidationDetails = { confidence: 0.7, isValid: true, issues: [] };

/** A document that went through the pipeline and was left for review, with its reading stored as the consumer stores it. */
async function awaitingReview(
  userId: string,
  options: { type?: string; reading?: IdCardExtraction | BillExtraction; validation?: ValidationDetails; status?: string; file?: boolean } = {},
): Promise<StoredDocument> {
  const type = options.type ?? "document_identitate";
  const file = options.file === false ? null : { bytes: uniqueCopy(billPdf), mimeType: "application/pdf", name: "act.pdf" };
  const doc = await storeDocument(userId, type, file, { status: (options.status ?? "pending") as "pending", processedAt: NOW, confidence: (options.validation ?? failedChecks).confidence });
  const sealed = await sealExtraction(appEnv, doc.id, options.reading ?? idReading());
  await env.DB.prepare("UPDATE documents SET extracted_data_json = ?, pii_encrypted = ?, validation_json = ?, processing_method = 'ocr_image' WHERE id = ?")
    .bind(sealed.extractedDataJson, sealed.piiEncrypted, JSON.stringify(options.validation ?? failedChecks), doc.id)
    .run();
  return doc;
}

async function auditRows(documentId: string) {
  const { results } = await env.DB.prepare("SELECT admin_id, action, target_type, details_json, ip_address, created_at FROM audit_log WHERE target_id = ? ORDER BY created_at, id")
    .bind(documentId)
    .all<{ admin_id: string; action: string; target_type: string; details_json: string; ip_address: string; created_at: number }>();
  return results.map((r) => ({ ...r, details: JSON.parse(r.details_json) as Record<string, unknown> }));
}

async function userNotifications(userId: string) {
  const { results } = await env.DB.prepare("SELECT event, title, message, data_json FROM notifications WHERE user_id = ? ORDER BY created_at, id")
    .bind(userId)
    .all<{ event: string; title: string; message: string; data_json: string | null }>();
  return results;
}

async function userDocument(user: SignedIn, id: string) {
  const { body } = await api(user, "/api/documents/status/all");
  const grouped = body!.documentsByType as Record<string, { id: string; status: string; rejection: unknown; issues: { message: string }[] }[]>;
  return Object.values(grouped).flat().find((d) => d.id === id)!;
}

describe("GET /api/admin/documents", () => {
  let user: SignedIn;
  let docs: StoredDocument[];
  beforeAll(async () => {
    user = await signInThroughApi();
    docs = [];
    // 23 documents of one user: 21 bills pending, one ID verified, one ID rejected; uploaded a second apart.
    for (let i = 0; i < 23; i++) {
      const type = i < 21 ? "ultima_factura" : "document_identitate";
      const status = i < 21 ? "pending" : i === 21 ? "verified" : "rejected";
      docs.push(await storeDocument(user.userId, type, null, { status, uploadedAt: NOW - (23 - i) * 1000, fileName: `doc-${i}.pdf`, fileSize: 1000 + i, confidence: i / 23 }));
    }
  });

  it("lists the newest first in pages of 20 with the spec's fields and both pagination shapes", async () => {
    const first = await adminApi(`/api/admin/documents?user_id=${user.userId}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2, total_pages: 2 });
    expect(first.body.data.documents).toHaveLength(20);
    expect(first.body.data.documents[0]).toEqual({
      id: docs[22]!.id,
      user_id: user.userId,
      user_phone: user.phone,
      user_name: null,
      document_type: "document_identitate",
      document_subtype: "ci",
      file_name: "doc-22.pdf",
      mime_type: "application/pdf",
      status: "rejected",
      awaiting_review: false,
      uploaded_at: new Date(NOW - 1000).toISOString(),
      file_size: 1022,
      confidence_score: 22 / 23,
    });
    const second = await adminApi(`/api/admin/documents?user_id=${user.userId}&page=2`);
    expect(second.body.data.documents.map((d: { id: string }) => d.id)).toEqual([docs[2]!.id, docs[1]!.id, docs[0]!.id]);
  });

  it("filters by status, by document type and by phone (0… or +40…, or a part of it)", async () => {
    const pending = await adminApi(`/api/admin/documents?user_id=${user.userId}&status=pending&limit=50`);
    expect(pending.body.data.pagination.total).toBe(21);
    expect(new Set(pending.body.data.documents.map((d: { status: string }) => d.status))).toEqual(new Set(["pending"]));
    const ids = await adminApi(`/api/admin/documents?user_id=${user.userId}&document_type=document_identitate`);
    expect(ids.body.data.documents.map((d: { id: string }) => d.id)).toEqual([docs[22]!.id, docs[21]!.id]);
    const verifiedIds = await adminApi(`/api/admin/documents?user_id=${user.userId}&document_type=document_identitate&status=verified`);
    expect(verifiedIds.body.data.documents.map((d: { id: string }) => d.id)).toEqual([docs[21]!.id]);

    const national = `0${user.phone.slice(3)}`;
    for (const search of [national, user.phone, user.phone.slice(-7)]) {
      const found = await adminApi(`/api/admin/documents?user_id=${encodeURIComponent(search)}&limit=100`);
      expect(found.status).toBe(200);
      expect(found.body.data.documents.every((d: { user_phone: string }) => d.user_phone.includes(user.phone.slice(-7))), search).toBe(true);
      expect(found.body.data.documents.filter((d: { user_id: string }) => d.user_id === user.userId), search).toHaveLength(23);
    }
    const nobody = await adminApi(`/api/admin/documents?user_id=nu-exista-${crypto.randomUUID()}`);
    expect(nobody.body.data).toEqual({ documents: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 1, total_pages: 1 } });
  });

  it.each([["status=uploadedd"], ["document_type=pasaport"], ["page=0"], ["limit=1000"], ["page=abc"]])("refuses %s with 400 JSON", async (query) => {
    const res = await adminApi(`/api/admin/documents?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: "invalid_input" });
  });
});

describe("GET /api/admin/documents/{id}, /details and /file", () => {
  it("answers an unknown or malformed id with 404 JSON", async () => {
    for (const path of ["/api/admin/documents/nu-exista", "/api/admin/documents/nu-exista/details", "/api/admin/documents/nu-exista/file", "/api/admin/documents/a%20b"]) {
      const res = await adminApi(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ success: false, error: "not_found", message: T.notFound });
    }
  });

  it("gives the review dialog the user, the reading field by field, every issue and the actions the state allows", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId);
    const { status, body } = await adminApi(`/api/admin/documents/${doc.id}`);
    expect(status).toBe(200);
    const data = body.data;
    expect(data).toMatchObject({
      id: doc.id,
      user: { id: user.userId, phone: user.phone },
      document_type: "document_identitate",
      status: "pending",
      awaiting_review: true,
      file_url: `/api/admin/documents/${doc.id}/file`,
      confidence_score: 0.45,
      processing_method: "ocr_image",
      validation: failedChecks,
      actions: { verify: true, reject: true, reprocess: false, override_required: true },
      corrections: [],
      review: null,
    });
    // The sealed values are shown to the reviewer (they are what must be compared with the image).
    const cnp = data.fields.find((f: { field: string }) => f.field === "cnp");
    expect(cnp).toMatchObject({ value: "1850312400017", machine_value: "1850312400017", corrected: false, kind: "cnp" });
    expect(data.fields.map((f: { field: string }) => f.field)).toContain("expiryDate");
  });

  it("serves the file inline, sandboxed, uncached, framable only by this origin", async () => {
    const user = await signInThroughApi();
    const bytes = uniqueCopy(billPdf);
    const doc = await storeDocument(user.userId, "ultima_factura", { bytes, mimeType: "application/pdf", name: "factura.pdf" });
    const res = await SELF.fetch(`${BASE}/api/admin/documents/${doc.id}/file`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toMatch(/^inline;/);
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

    // The user's own view route keeps refusing every frame.
    const own = await SELF.fetch(`${BASE}/api/documents/view/${doc.id}`, { headers: { Authorization: `Bearer ${user.accessToken}` } });
    expect(own.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(own.headers.get("X-Frame-Options")).toBe("DENY");

    const gone = await storeDocument(user.userId, "ultima_factura", null);
    const missing = await adminApi(`/api/admin/documents/${gone.id}/file`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: T.fileMissing });
  });
});

describe("POST /api/admin/documents/{id}/verify", () => {
  it("refuses a document whose checks failed without override_validation, then verifies it with it", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId);
    const refused = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { admin_notes: "ok" } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, error: "override_required", message: T.overrideRequired });
    expect((await documentRow(doc.id))!.status).toBe("pending");
    expect(await auditRows(doc.id)).toEqual([]);

    const verified = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { admin_notes: "Comparat cu imaginea", override_validation: true }, ip: "10.1.2.3" });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, message: T.verifiedMessage, data: { document: { id: doc.id, status: "verified", awaitingReview: false } } });
    const row = (await documentRow(doc.id))!;
    expect(row).toMatchObject({ status: "verified", reviewed_by: adminId, review_notes: "Comparat cu imaginea", rejection_reason: null });
    expect(row.verified_at).toBeTypeOf("number");

    // What the user sees: a notification (stored and pushed) and the verified status on /documente and in the wizard.
    const notes = await userNotifications(user.userId);
    expect(notes.at(-1)).toMatchObject({ event: "document_verified", title: T.userVerified.title, message: T.userVerified.message("act.pdf") });
    expect((await userDocument(user, doc.id)).status).toBe("verified");

    const [audit] = await auditRows(doc.id);
    expect(audit).toMatchObject({ admin_id: adminId, action: "document.verify", target_type: "document", ip_address: "10.1.2.3" });
    expect(audit!.details).toMatchObject({
      before: { status: "pending", verified_at: null },
      after: { status: "verified", review_notes: "Comparat cu imaginea", reviewed_by: adminId },
      override_validation: true,
      checks_passed: false,
    });

    const again = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { override_validation: true } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: "not_pending", message: T.notPending });
  });

  it("verifies a document whose checks passed without an override", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId, { validation: passedChecks });
    const res = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: {} });
    expect(res.status).toBe(200);
    expect((await documentRow(doc.id))!.status).toBe("verified");
  });

  it.each([["processing"], ["rejected"], ["failed"]])("refuses a %s document with 409 and changes nothing", async (status) => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId, { status });
    const res = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { override_validation: true } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(T.notPending);
    expect((await documentRow(doc.id))!.status).toBe(status);
  });

  it("keeps corrections apart from the machine reading, sealed where the reading is, and downstream reads the corrected values", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId);

    const bad = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { override_validation: true, corrections: { cnp: "12345" } } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid_input", message: T.invalidCorrection(T.fieldLabels.cnp!) });
    const unknown = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { override_validation: true, corrections: { pod: "RO001E123456789" } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(T.unknownField("pod"));
    const notAString = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { corrections: { cnp: 1850312400017 } } });
    expect(notAString.status).toBe(400);
    expect((await documentRow(doc.id))!.status).toBe("pending");

    const res = await adminApi(`/api/admin/documents/${doc.id}/verify`, {
      method: "POST",
      // lastName misread, the CNP's check digit misread, the first name already right (no correction kept).
      body: { override_validation: true, corrections: { lastName: " POPESCU ", cnp: "1850312400010", firstName: "ION" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.corrected_fields.sort()).toEqual(["cnp", "lastName"]);

    const { results } = await env.DB.prepare("SELECT * FROM document_field_corrections WHERE document_id = ? ORDER BY field")
      .bind(doc.id)
      .all<Record<string, unknown>>();
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ field: "cnp", machine_value: null, corrected_value: null, admin_id: adminId });
    expect(JSON.stringify(results[0])).not.toContain("1850312400010");
    expect(results[0]!.values_encrypted).toBeTypeOf("string");
    expect(results[1]).toMatchObject({ field: "lastName", machine_value: "POPESCUU", corrected_value: "POPESCU", values_encrypted: null });
    // The machine reading itself is untouched.
    expect((await documentRow(doc.id))!.extracted_data_json as string).toContain("POPESCUU");

    // Downstream: the wizard's summary of the owner shows the corrected values …
    const summary = await api(user, `/api/documents/processing-status/${doc.id}`);
    expect(summary.body).toMatchObject({ extractedData: { lastName: "POPESCU", cnp: "1850312400010", firstName: "ION" } });
    // … and the pipeline's reader (revealed) and the holder check's (not revealed) do too.
    const row = (await findDocument(createDb(env.DB), doc.id))!;
    expect(await readDocumentData(appEnv, createDb(env.DB), row, { reveal: true })).toMatchObject({ lastName: "POPESCU", cnp: "1850312400010" });
    expect(await readDocumentData(appEnv, createDb(env.DB), row, { reveal: false })).toMatchObject({ lastName: "POPESCU", cnp: null });

    // The reviewer sees both values; the audit names the fields, never the values.
    const detail = await adminApi(`/api/admin/documents/${doc.id}`);
    expect(detail.body.data.fields.find((f: { field: string }) => f.field === "cnp")).toMatchObject({ value: "1850312400010", machine_value: "1850312400017", corrected: true });
    const [audit] = await auditRows(doc.id);
    expect(audit!.details.corrected_fields).toEqual(expect.arrayContaining(["cnp", "lastName"]));
    expect(audit!.details_json).not.toContain("1850312400010");
  });

  it("lets a reviewer fill in a bill the machine could not read at all", async () => {
    const user = await signInThroughApi();
    const doc = await storeDocument(user.userId, "ultima_factura", null, { processedAt: NOW, confidence: 0, validationJson: JSON.stringify({ confidence: 0, isValid: false, issues: [] }), extractedDataJson: JSON.stringify({ kind: "unreadable", reason: "no_text_found", detail: "" }) });
    const res = await adminApi(`/api/admin/documents/${doc.id}/verify`, {
      method: "POST",
      body: { override_validation: true, corrections: { pod: "ro001e123456789", consumptionKwh: "250", totalWithVat: "312,50", billingAddress: "Str. Mare 1" } },
    });
    expect(res.status).toBe(200);
    const summary = await api(user, `/api/documents/processing-status/${doc.id}`);
    expect(summary.body).toMatchObject({ extractedData: { basicInfo: { pod: "RO001E123456789" }, consumptionData: { consumption: 250 }, totalAmounts: { totalWithVAT: "312.50" } } });
    expect((summary.body!.personalData as { address: string }).address).toBe("Str. Mare 1");
  });

  it("refuses corrections on a document type that is not read", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId, { type: "contract_furnizor_actual" });
    const res = await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { override_validation: true, corrections: { lastName: "X" } } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("not_correctable");
  });
});

describe("POST /api/admin/documents/{id}/reject", () => {
  it("needs a reason from the spec's list, and the notes for 'other'", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId);
    for (const body of [{}, { rejection_reason: "" }, { rejection_reason: "urat" }]) {
      const res = await adminApi(`/api/admin/documents/${doc.id}/reject`, { method: "POST", body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: "invalid_input", message: T.rejectionReasonRequired });
    }
    const other = await adminApi(`/api/admin/documents/${doc.id}/reject`, { method: "POST", body: { rejection_reason: "other" } });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(T.otherNeedsNotes);
    expect((await documentRow(doc.id))!.status).toBe("pending");
  });

  it("rejects with the reason, which the user reads in the notification and on /documente", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId);
    const res = await adminApi(`/api/admin/documents/${doc.id}/reject`, { method: "POST", body: { rejection_reason: "poor_quality", admin_notes: "Poză mișcată" }, ip: "10.4.5.6" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: T.rejectedMessage, data: { document: { status: "rejected" } } });
    expect(await documentRow(doc.id)).toMatchObject({ status: "rejected", rejection_reason: "poor_quality", review_notes: "Poză mișcată", reviewed_by: adminId });

    const reason = T.rejectionMessages.poor_quality;
    const note = (await userNotifications(user.userId)).at(-1)!;
    expect(note).toMatchObject({ event: "document_rejected", title: T.userRejected.title, message: T.userRejected.message("act.pdf", reason) });
    expect(JSON.parse(note.data_json!)).toMatchObject({ documentId: doc.id, status: "rejected", reason: "poor_quality" });
    const seen = await userDocument(user, doc.id);
    expect(seen).toMatchObject({ status: "rejected", rejection: { reason: "poor_quality", message: reason } });
    expect(seen.issues[0]!.message).toBe(reason);

    const [audit] = await auditRows(doc.id);
    expect(audit).toMatchObject({ action: "document.reject", admin_id: adminId, ip_address: "10.4.5.6" });
    expect(audit!.details).toMatchObject({ before: { status: "pending" }, after: { status: "rejected", rejection_reason: "poor_quality" }, rejection_reason: "poor_quality" });

    const admins = await env.DB.prepare("SELECT type FROM admin_notifications WHERE metadata_json LIKE ?").bind(`%${doc.id}%`).all<{ type: string }>();
    expect(admins.results.map((r) => r.type)).toContain("document_rejected");

    const again = await adminApi(`/api/admin/documents/${doc.id}/reject`, { method: "POST", body: { rejection_reason: "expired" } });
    expect(again.status).toBe(409);
    expect((await documentRow(doc.id))!.rejection_reason).toBe("poor_quality");
  });

  it("pushes the rejection live to the user's open socket, with the reason", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId);
    const socket = await userSocket(user.userId, user.accessToken);
    const res = await adminApi(`/api/admin/documents/${doc.id}/reject`, { method: "POST", body: { rejection_reason: "incomplete" } });
    expect(res.status).toBe(200);
    const pushed = await socket.nextOn(`document_processing_${user.userId}`);
    expect(pushed.data).toMatchObject({
      event: "document_rejected",
      notification: { title: T.userRejected.title, message: T.userRejected.message("act.pdf", T.rejectionMessages.incomplete) },
      details: { documentId: doc.id, status: "rejected", reason: "incomplete" },
    });
    socket.socket.close(1000);
  });

  it("sends the admin's own words to the user for 'other'", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId);
    const res = await adminApi(`/api/admin/documents/${doc.id}/reject`, { method: "POST", body: { rejection_reason: "other", admin_notes: "Factura este pe numele altei persoane." } });
    expect(res.status).toBe(200);
    expect((await userNotifications(user.userId)).at(-1)!.message).toBe(T.userRejected.message("act.pdf", "Factura este pe numele altei persoane."));
  });
});

describe("POST /api/admin/documents/{id}/reprocess", () => {
  it("offers reprocess on failed or rejected documents only, unless forced; never while one is processed", async () => {
    const user = await signInThroughApi();
    const pending = await awaitingReview(user.userId);
    const refused = await adminApi(`/api/admin/documents/${pending.id}/reprocess`, { method: "POST", body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, error: "not_reprocessable", message: T.notReprocessable });

    const running = await awaitingReview(user.userId, { status: "processing" });
    await env.DB.prepare("UPDATE documents SET processing_started_at = ? WHERE id = ?").bind(Date.now(), running.id).run();
    const busy = await adminApi(`/api/admin/documents/${running.id}/reprocess`, { method: "POST", body: { force_reprocess: true } });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(T.beingProcessed);

    const bad = await adminApi(`/api/admin/documents/${pending.id}/reprocess`, { method: "POST", body: { force_reprocess: "da" } });
    expect(bad.status).toBe(400);
  });

  it("sends a rejected document back through the document queue, clearing the decision", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId, { status: "rejected", type: "contract_furnizor_actual" });
    await env.DB.prepare("UPDATE documents SET rejection_reason = 'incomplete', reviewed_by = ? WHERE id = ?").bind(adminId, doc.id).run();
    const recording = withRecordingQueues(appEnv);
    const admin: AdminPrincipal = {
      id: adminId,
      email: adminEmail,
      firstName: null,
      lastName: null,
      role: "moderator",
      permissions: parseAdminPermissions(JSON.stringify({ document_verification: true })),
      lastLoginAt: null,
      createdAt: NOW,
      sessionId: "s",
    };
    const result = await reprocessDocumentAsAdmin(recording.env, createDb(env.DB), admin, { id: doc.id, force: false, notes: "din nou" }, { ip: "10.0.0.1" });
    expect(result.ok).toBe(true);
    expect(recording.sent).toEqual([{ documentId: doc.id, userId: user.userId, reason: "reprocess" }]);
    expect(await documentRow(doc.id)).toMatchObject({ status: "pending", rejection_reason: null, reviewed_by: null, extracted_data_json: null, processed_at: null });
    const event = await env.DB.prepare("SELECT admin_id, notes FROM document_events WHERE document_id = ? AND action = 'reprocess_requested'").bind(doc.id).first();
    expect(event).toEqual({ admin_id: adminId, notes: "din nou" });
    expect((await userNotifications(user.userId)).at(-1)).toMatchObject({ event: "document_processing", title: T.userReprocess.title });
    expect((await auditRows(doc.id)).map((a) => a.action)).toEqual(["document.reprocess"]);
  });

  it("reprocesses a verified document through the route when forced", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId, { status: "verified", type: "contract_furnizor_actual" });
    const plain = await adminApi(`/api/admin/documents/${doc.id}/reprocess`, { method: "POST", body: { force_reprocess: false } });
    expect(plain.status).toBe(409);
    const forced = await adminApi(`/api/admin/documents/${doc.id}/reprocess`, { method: "POST", body: { force_reprocess: true, admin_notes: "verificare" } });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ success: true, message: T.reprocessMessage });
    expect((await auditRows(doc.id))[0]!.details).toMatchObject({ before: { status: "verified" }, after: { status: "pending" }, force_reprocess: true });
  });
});

describe("GET /api/admin/documents/{id}/details", () => {
  it("gives the processing history with the admin and the audit log of the document", async () => {
    const user = await signInThroughApi();
    const doc = await awaitingReview(user.userId);
    await env.DB.prepare("INSERT INTO document_events (id, document_id, action, notes, created_at) VALUES (?, ?, 'needs_review', 'cnp_invalid', ?)").bind(crypto.randomUUID(), doc.id, NOW).run();
    await adminApi(`/api/admin/documents/${doc.id}/verify`, { method: "POST", body: { override_validation: true, admin_notes: "verificat", corrections: { lastName: "POPESCU" } } });
    const { status, body } = await adminApi(`/api/admin/documents/${doc.id}/details`);
    expect(status).toBe(200);
    expect(body.data.document).toMatchObject({ id: doc.id, document_type: "document_identitate", verification_status: "verified", confidence_score: 0.45 });
    expect(body.data.user).toMatchObject({ id: user.userId, phone_number: user.phone });
    expect(body.data.extractedData).toMatchObject({ processing_method: "ocr_image", extracted_fields: { lastName: "POPESCU", cnp: "1850312400017" }, confidence_scores: { overall: 0.45 } });
    const actions = body.data.processingHistory.map((h: { action: string }) => h.action);
    expect(actions).toEqual(expect.arrayContaining(["verified", "corrected", "needs_review"]));
    expect(body.data.processingHistory.find((h: { action: string }) => h.action === "verified")).toMatchObject({ admin_email: adminEmail, notes: T.historyNotes.verified("verificat") });
    expect(body.data.auditLog).toEqual([expect.objectContaining({ action: "document.verify", admin_id: adminId, admin_email: adminEmail })]);
  });
});

describe("GET /api/admin/documents/stats", () => {
  it("counts by status and type, the last 24 hours and the rejection reasons", async () => {
    const before = (await adminApi("/api/admin/documents/stats")).body.data;
    const user = await signInThroughApi();
    const a = await awaitingReview(user.userId);
    await awaitingReview(user.userId, { type: "ultima_factura", reading: undefined, status: "verified" });
    await adminApi(`/api/admin/documents/${a.id}/reject`, { method: "POST", body: { rejection_reason: "expired" } });
    await env.DB.prepare("UPDATE documents SET verified_at = ? WHERE user_id = ? AND status = 'verified'").bind(Date.now(), user.userId).run();
    const { status, body } = await adminApi("/api/admin/documents/stats");
    expect(status).toBe(200);
    const after = body.data;
    expect(after.total_uploaded - before.total_uploaded).toBe(2);
    expect(after.rejected - before.rejected).toBe(1);
    expect(after.verified - before.verified).toBe(1);
    expect(after.by_type.identity - before.by_type.identity).toBe(1);
    expect(after.by_type.bills - before.by_type.bills).toBe(1);
    expect(after.recent_activity.last_24h_rejected - before.recent_activity.last_24h_rejected).toBe(1);
    expect(after.recent_activity.last_24h_verified - before.recent_activity.last_24h_verified).toBe(1);
    const expired = (s: typeof after) => s.rejection_reasons.find((r: { reason: string }) => r.reason === "expired")?.count ?? 0;
    expect(expired(after) - expired(before)).toBe(1);
    expect(after.recent_uploads.length).toBeLessThanOrEqual(10);
    expect(after.recent_uploads[0]).toEqual(expect.objectContaining({ phone: expect.any(String), document_type: expect.any(String), status: expect.any(String) }));
    expect(Object.keys(after)).toEqual(
      expect.arrayContaining(["total_uploaded", "verified", "pending", "rejected", "processing", "by_type", "recent_uploads", "processing_times", "verification_rates", "recent_activity", "processing_queue", "rejection_reasons"]),
    );
  });
});
