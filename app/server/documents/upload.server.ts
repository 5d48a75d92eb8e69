// POST /api/documents/upload/{label}: multipart with the repeated field `documents`. Every file is
// checked before anything is stored (size, kind by magic bytes, polyglots, the type's allowed kinds,
// duplicates by SHA-256 per user); then the files go to R2, the rows to D1 as `pending`, and one
// queue message per document starts processing; the admins are told (document_uploaded).
import { inArray } from "drizzle-orm";
import { newId } from "../../lib/ids";
import { IDENTITY_SUBTYPES, MAX_FILES_PER_UPLOAD, type DocumentType } from "../../lib/documents";
import { TEXTS } from "../../texts/user";
import { ADMIN_TEXTS } from "../../texts/admin";
import { RATE_LIMITS, consumeRate, refundRate, retryAfterSeconds, uploadPerIpRules } from "../auth/rate-limit.server";
import type { Database } from "../db/client.server";
import { documents } from "../db/schema.server";
import { appConfig } from "../config.server";
import type { Env } from "../env.server";
import { adminNotificationInsert, newAdminNotification, publishAdminNotification } from "../notifications/notifications.server";
import { documentFailure, type DocumentFailure } from "./errors.server";
import { enqueueDocuments } from "./jobs.server";
import { checkUploadedFile } from "./magic-bytes.server";
import { inspectPdf } from "./pdf-active-content.server";
import { readBodyWithin } from "../http/body-limit.server";
import { documentEventInsert, findUserDocumentBySha, type DocumentRow } from "./repository.server";
import { cleanFileName, deleteDocumentFile, newStorageKey, putDocumentFile, sha256HexOfBytes } from "./storage.server";

export interface UploadedFile {
  name: string;
  declaredType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export type UploadForm =
  | { ok: true; files: UploadedFile[]; fields: Record<string, string> }
  | { ok: false; failure: DocumentFailure };

/** Room for the multipart framing and a few text fields around the files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function maxUploadBytes(env: Env): number {
  return appConfig(env).documents.maxUploadBytes;
}

/** Reads the multipart body: the files of `field` and the text fields; refuses oversize early. */
export async function readUploadForm(
  request: Request,
  maxBytes: number,
  options: { field?: string; maxFiles?: number; filesRequired?: boolean } = {},
): Promise<UploadForm> {
  const field = options.field ?? "documents";
  const maxFiles = options.maxFiles ?? MAX_FILES_PER_UPLOAD;
  const bodyLimit = maxFiles * maxBytes + MULTIPART_OVERHEAD_BYTES;
  const declaredLength = Number(request.headers.get("Content-Length"));
  // A body that says it cannot fit is refused unread; one that does not say is counted as it comes.
  if (Number.isFinite(declaredLength) && declaredLength > bodyLimit) {
    return { ok: false, failure: documentFailure("too_large") };
  }
  let form: FormData;
  try {
    const body = await readBodyWithin(request, bodyLimit);
    if (!body) return { ok: false, failure: documentFailure("too_large") };
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    // Not multipart, no boundary, broken framing, a body cut off: the client's doing, never a server fault.
    return { ok: false, failure: documentFailure("bad_upload") };
  }
  const fields: Record<string, string> = {};
  const entries: File[] = [];
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] = value;
    else if (name === field) entries.push(value);
  }
  // Browsers send an empty file part for an untouched file input.
  const chosen = entries.filter((file) => file.size > 0 || file.name !== "");
  if (chosen.length === 0 && options.filesRequired !== false) return { ok: false, failure: documentFailure("no_files") };
  if (chosen.length > maxFiles) return { ok: false, failure: documentFailure("too_many_files") };
  const files: UploadedFile[] = [];
  for (const file of chosen) {
    const name = cleanFileName(file.name, "document");
    if (file.size > maxBytes) return { ok: false, failure: documentFailure("too_large", name) };
    files.push({ name, declaredType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  return { ok: true, files, fields };
}

/**
 * Charges one upload request to the account and to the address (decision 0012); a refusal is the
 * failure to answer with (429 + Retry-After). Checked before the body is read.
 */
export async function chargeUpload(env: Env, userId: string, ip: string, now = Date.now()): Promise<DocumentFailure | null> {
  const userKey = `upload-user:${userId}` as const;
  const userDecision = await consumeRate(env, userKey, RATE_LIMITS.uploadPerUser, now);
  if (!userDecision.allowed) return { ...documentFailure("rate_limited"), retryAfterSeconds: retryAfterSeconds(userDecision) };
  const ipDecision = await consumeRate(env, `upload-ip:${ip}`, uploadPerIpRules(appConfig(env).limits), now);
  if (!ipDecision.allowed) {
    await refundRate(env, userKey, userDecision);
    return { ...documentFailure("rate_limited"), retryAfterSeconds: retryAfterSeconds(ipDecision) };
  }
  return null;
}

/** The identity subtype from the form (`documentSubtype`), defaulting to the identity card. */
export function identitySubtype(fields: Record<string, string>): string | null | "invalid" {
  const value = (fields.documentSubtype ?? fields.document_subtype ?? "").trim();
  if (!value) return "ci";
  return (IDENTITY_SUBTYPES as readonly string[]).includes(value) ? value : "invalid";
}

export type UploadResult = { ok: true; documents: DocumentRow[] } | { ok: false; failure: DocumentFailure };

interface UploadInput {
  userId: string;
  documentType: DocumentType;
  subtype: string | null;
  files: UploadedFile[];
  maxBytes: number;
  now?: number;
}

function isUniqueViolation(error: unknown): boolean {
  const texts: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) texts.push(e.message);
  return texts.some((text) => text.includes("UNIQUE constraint failed"));
}

export async function uploadDocuments(env: Env, db: Database, input: UploadInput): Promise<UploadResult> {
  const now = input.now ?? Date.now();
  const prepared: { file: UploadedFile; mimeType: string; sha256: string }[] = [];
  for (const file of input.files) {
    const check = checkUploadedFile({
      bytes: file.bytes,
      declaredMimeType: file.declaredType || undefined,
      maxBytes: input.maxBytes,
      documentType: input.documentType,
    });
    if (!check.ok) return { ok: false, failure: documentFailure(check.reason, file.name) };
    if (input.documentType === "poza_contor" && check.kind === "pdf") return { ok: false, failure: documentFailure("image_required", file.name) };
    const inspection = check.kind === "pdf" ? await inspectPdf(file.bytes) : null;
    if (inspection && !inspection.ok) return { ok: false, failure: documentFailure(inspection.encrypted ? "encrypted_pdf" : "active_content", file.name) };
    const sha256 = await sha256HexOfBytes(file.bytes);
    if (prepared.some((p) => p.sha256 === sha256) || (await findUserDocumentBySha(db, input.userId, sha256))) {
      return { ok: false, failure: documentFailure("duplicate", file.name) };
    }
    prepared.push({ file, mimeType: check.mimeType, sha256 });
  }

  const rows = prepared.map(({ file, mimeType, sha256 }, index) => ({
    id: newId(now + index),
    userId: input.userId,
    documentType: input.documentType,
    documentSubtype: input.subtype,
    r2Key: newStorageKey(input.userId),
    fileName: file.name,
    fileSize: file.bytes.byteLength,
    mimeType,
    sha256,
    status: "pending" as const,
    uploadedAt: now + index,
    updatedAt: now,
  }));

  const uploadedNote = ADMIN_TEXTS.notifications.documentUploaded;
  const adminNotes = rows.map((row) =>
    newAdminNotification({
      type: "document_uploaded",
      title: uploadedNote.title,
      message: uploadedNote.message(row.fileName, TEXTS.documents.typeLabels[row.documentType] ?? row.documentType),
      metadata: { user_id: row.userId, document_id: row.id, document_type: row.documentType },
      now,
    }),
  );

  const stored: string[] = [];
  try {
    for (const [index, row] of rows.entries()) {
      await putDocumentFile(env, row.r2Key, prepared[index]!.file.bytes, { mimeType: row.mimeType, sha256: row.sha256, documentId: row.id });
      stored.push(row.r2Key);
    }
    const [first, ...rest] = [
      ...rows.flatMap((row) => [db.insert(documents).values(row), documentEventInsert(db, row.id, "uploaded", row.fileName, now)]),
      ...adminNotes.map((note) => adminNotificationInsert(db, note)),
    ];
    await db.batch([first!, ...rest]);
  } catch (error) {
    await Promise.all(stored.map((key) => deleteDocumentFile(env, key)));
    // Two uploads of the same file racing: the unique (user, sha256) index decides.
    if (isUniqueViolation(error)) return { ok: false, failure: documentFailure("duplicate") };
    console.error("documents: upload could not be stored", error);
    return { ok: false, failure: documentFailure("storage_failed") };
  }

  try {
    await enqueueDocuments(env, db, rows.map((row) => ({ documentId: row.id, userId: row.userId, reason: "upload" as const })), now);
  } catch (error) {
    // The rows are safe in D1 as `pending`: the sweep queues them after DOCUMENT_STUCK_MINUTES.
    console.error("documents: queue send failed after upload; the sweep will retry", error);
  }
  for (const note of adminNotes) await publishAdminNotification(env, note);
  const saved = await db.select().from(documents).where(inArray(documents.id, rows.map((row) => row.id)));
  saved.sort((a, b) => b.uploadedAt - a.uploadedAt);
  return { ok: true, documents: saved };
}
