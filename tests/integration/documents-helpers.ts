// Shared by the documents-*.test.ts files: uploads through the API, rows and files put straight
// into D1/R2 (to drive the consumer and the sweep from a known state), a capturing queue.
import { SELF, env } from "cloudflare:test";
import { createDb } from "../../app/server/db/client.server";
import { documents } from "../../app/server/db/schema.server";
import type { Env } from "../../app/server/env.server";
import type { DocumentJob } from "../../app/server/documents/jobs.server";
import { newStorageKey, sha256HexOfBytes } from "../../app/server/documents/storage.server";
import { newId } from "../../app/lib/ids";
import { BASE } from "./auth-helpers";

export type Auth = { accessToken: string } | { cookie: string };

export function authHeaders(auth: Auth): Record<string, string> {
  return "accessToken" in auth ? { Authorization: `Bearer ${auth.accessToken}` } : { Cookie: auth.cookie };
}

export interface FilePart {
  name: string;
  type: string;
  bytes: ArrayBuffer | Uint8Array<ArrayBuffer>;
}

export async function upload(auth: Auth | null, label: string, files: FilePart[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("documents", new File([f.bytes], f.name, { type: f.type }));
  const res = await SELF.fetch(`${BASE}/api/documents/upload/${label}`, {
    method: "POST",
    headers: auth ? authHeaders(auth) : {},
    body: form,
  });
  return { res, body: (await res.json()) as ApiBody };
}

export type ApiBody = Record<string, unknown> & { success: boolean; message?: string; error?: string };

export async function api(auth: Auth | null, path: string, init: RequestInit = {}) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    ...init,
    headers: { ...(auth ? authHeaders(auth) : {}), ...(init.headers as Record<string, string> | undefined) },
  });
  const text = await res.text();
  let body: ApiBody | null = null;
  try {
    body = JSON.parse(text) as ApiBody;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
  return { res, body, text };
}

/** Bytes with a unique trailer: a different SHA-256 each call, same content for every reader. */
export function uniqueCopy(bytes: ArrayBuffer): Uint8Array<ArrayBuffer> {
  const tail = new TextEncoder().encode(`\n%${crypto.randomUUID()}\n`);
  const out = new Uint8Array(bytes.byteLength + tail.length);
  out.set(new Uint8Array(bytes));
  out.set(tail, bytes.byteLength);
  return out;
}

export interface StoredDocument {
  id: string;
  userId: string;
  r2Key: string;
}

/** A document row (and, unless `file: null`, its R2 object) put in place without the upload route. */
export async function storeDocument(
  userId: string,
  documentType: string,
  file: { bytes: Uint8Array<ArrayBuffer>; mimeType: string; name: string } | null,
  overrides: Partial<typeof documents.$inferInsert> = {},
): Promise<StoredDocument> {
  const id = newId();
  const r2Key = newStorageKey(userId);
  const bytes = file?.bytes ?? crypto.getRandomValues(new Uint8Array(16));
  if (file) await env.DOCUMENTS.put(r2Key, bytes, { httpMetadata: { contentType: file.mimeType } });
  const now = Date.now();
  await createDb(env.DB)
    .insert(documents)
    .values({
      id,
      userId,
      documentType,
      documentSubtype: documentType === "document_identitate" ? "ci" : null,
      r2Key,
      fileName: file?.name ?? "lipsa.pdf",
      fileSize: bytes.byteLength,
      mimeType: file?.mimeType ?? "application/pdf",
      sha256: await sha256HexOfBytes(bytes.slice()),
      status: "pending",
      uploadedAt: now,
      updatedAt: now,
      ...overrides,
    });
  return { id, userId, r2Key };
}

/** A user row without a session (for rows whose owner never calls the API in the test). */
export async function createUserRow(): Promise<string> {
  const id = newId();
  const phone = `+4079${String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000).padStart(7, "0")}`;
  await env.DB.prepare("INSERT INTO users (id, phone) VALUES (?, ?)").bind(id, phone).run();
  return id;
}

export async function documentRow(id: string) {
  return env.DB.prepare("SELECT * FROM documents WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

export async function notificationEvents(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT event FROM notifications WHERE user_id = ? ORDER BY rowid").bind(userId).all<{ event: string }>();
  return results.map((r) => r.event);
}

/** The env with the queue producers replaced by recorders. */
export function withRecordingQueues(base: Env = env): { env: Env; sent: DocumentJob[]; deadLettered: unknown[] } {
  const sent: DocumentJob[] = [];
  const deadLettered: unknown[] = [];
  const queue = (into: unknown[]) =>
    ({
      async send(body: unknown) {
        into.push(body);
      },
      async sendBatch(messages: Iterable<MessageSendRequest<unknown>>) {
        for (const m of messages) into.push(m.body);
      },
    }) as unknown as Queue<DocumentJob>;
  return { env: { ...base, DOCUMENT_QUEUE: queue(sent), DOCUMENT_DLQ: queue(deadLettered) }, sent, deadLettered };
}
