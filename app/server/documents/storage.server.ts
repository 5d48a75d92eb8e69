// Files in R2. Keys are random (256 bits) under the owner's prefix, never derived from the file
// name or a sequence, and never shown to clients: a file is reached only through the owner's
// document id. Served with the stored content type, a Content-Disposition carrying the name
// (RFC 6266 + RFC 5987 for diacritics) and nosniff.
import { randomToken } from "../auth/crypto.server";
import type { Env } from "../env.server";
import { ADMIN_REVIEW_FILE_CSP, DOCUMENT_FILE_CSP } from "../http/security-headers.server";

export function newStorageKey(userId: string): string {
  return `documents/${userId}/${randomToken(32)}`;
}

export async function putDocumentFile(
  env: Env,
  key: string,
  bytes: Uint8Array,
  meta: { mimeType: string; sha256: string; documentId: string },
): Promise<void> {
  await env.DOCUMENTS.put(key, bytes, {
    httpMetadata: { contentType: meta.mimeType },
    // R2 checks the upload against the digest we computed.
    sha256: meta.sha256,
    customMetadata: { documentId: meta.documentId },
  });
}

export async function readDocumentFile(env: Env, key: string): Promise<Uint8Array | null> {
  const object = await env.DOCUMENTS.get(key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

export async function deleteDocumentFile(env: Env, key: string): Promise<void> {
  await env.DOCUMENTS.delete(key);
}

const EXTENSION_BY_MIME: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "application/pdf": ".pdf",
};

/** The stored name with the extension of what the file really is (a JPEG uploaded as x.pdf → x.jpg). */
export function servedFileName(fileName: string, mimeType: string): string {
  const extension = EXTENSION_BY_MIME[mimeType];
  if (!extension) return fileName;
  const lower = fileName.toLowerCase();
  if (lower.endsWith(extension) || (extension === ".jpg" && lower.endsWith(".jpeg"))) return fileName;
  const dot = fileName.lastIndexOf(".");
  const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${stem}${extension}`;
}

/** RFC 5987 value: UTF-8, percent-encoded, with the characters RFC 5987 allows left as they are. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function contentDisposition(kind: "attachment" | "inline", fileName: string): string {
  // The plain fallback for old clients: diacritics dropped (ș → s), anything else non-ASCII → _.
  const ascii = fileName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/** A name safe to store and show: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined | null, fallback: string): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // Controls, and format characters (\p{Cf}: the bidi embeddings/overrides U+202A–202E and isolates
  // U+2066–2069, LRM/RLM, zero-width marks) that would make "factura\u202Efdp.exe" read as "factura.exe…pdf".
  const cleaned = base.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  if (!cleaned || cleaned === "." || cleaned === "..") return fallback;
  if (cleaned.length <= 200) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, 200 - extension.length) + extension;
}

export async function sha256HexOfBytes(bytes: Uint8Array): Promise<string> {
  // pdf-lib and R2 hand out plain Uint8Arrays typed over ArrayBufferLike; none is shared memory.
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The stored file as an HTTP answer: its own content type, never sniffed, never cached by others. */
export async function documentFileResponse(
  env: Env,
  row: { r2Key: string; fileName: string; mimeType: string },
  disposition: "attachment" | "inline",
  /** the admin review dialog frames the file on this origin's page (issue #12); everything else forbids framing */
  options: { framedBySameOrigin?: boolean } = {},
): Promise<Response | null> {
  const object = await env.DOCUMENTS.get(row.r2Key);
  if (!object) return null;
  const framing: Record<string, string> = options.framedBySameOrigin ? { "Content-Security-Policy": ADMIN_REVIEW_FILE_CSP, "X-Frame-Options": "SAMEORIGIN" } : { "Content-Security-Policy": DOCUMENT_FILE_CSP };
  return new Response(object.body, {
    headers: {
      "Content-Type": row.mimeType,
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(disposition, servedFileName(row.fileName, row.mimeType)),
      "X-Content-Type-Options": "nosniff",
      // An uploaded file runs nothing and loads nothing, whatever it contains.
      ...framing,
      "Cache-Control": "private, no-store",
      "Cross-Origin-Resource-Policy": "same-origin",
      ETag: object.httpEtag,
    },
  });
}
