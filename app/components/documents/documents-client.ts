// The documents page's calls to the API (user spec §7), with the spec's error handling (§8):
// a 401 clears the stored token and phone, technical errors become the Romanian toast texts. JSON
// calls go through the shared client (lib/api-client.ts: retries and the response cache).
import { fileNameFromContentDisposition, uploadErrorMessage, type DocumentType } from "~/lib/documents";
import { ApiError, apiClient, type ApiRequest } from "~/lib/api-client";
import { TEXTS } from "~/texts/user";
import type { MeterReadingView } from "~/server/documents/meter-readings.server";
import type { DocumentView } from "~/server/documents/views.server";

export type DocumentItem = DocumentView;
export type MeterReadingItem = MeterReadingView;

/** A failed call: `unauthorized` means the session is gone (the page says so and stops polling). */
export class DocumentsApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly unauthorized: boolean,
  ) {
    super(message);
    this.name = "DocumentsApiError";
  }
}

/** Spec §4: a 401 on documents clears the stored token and phone. */
function forgetSession() {
  for (const key of ["authToken", "authTokenData", "userPhone"]) window.localStorage.removeItem(key);
}

/** A JSON call through the shared client (retries, cache), with this page's error handling. */
async function call(path: string, request: ApiRequest & { timeoutMs?: number } = {}): Promise<Record<string, unknown>> {
  const { timeoutMs, ...rest } = request;
  try {
    return await apiClient().request(path, { ...rest, signal: timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) {
      forgetSession();
      throw new DocumentsApiError(TEXTS.documents.sessionExpired, 401, true);
    }
    throw new DocumentsApiError(error.message, error.status, false);
  }
}

/** The list as it is now: always asked afresh (it is refreshed because something changed). */
export async function fetchDocuments(timeoutMs = 5_000): Promise<DocumentItem[]> {
  const body = await call("/api/documents/status/all", { timeoutMs, fresh: true });
  return body.documents as DocumentItem[];
}

export async function uploadFiles(type: DocumentType, files: File[]): Promise<DocumentItem[]> {
  const form = new FormData();
  for (const file of files) form.append("documents", file);
  // Once, not through the retry wrapper: a repeated upload would come back as a duplicate of itself.
  const { ok, status, statusText, body } = await apiClient().exchange(`/api/documents/upload/${type}`, { method: "POST", body: form });
  if (status === 401) forgetSession();
  if (!ok || !body || body.success === false) {
    throw new DocumentsApiError(uploadErrorMessage(status, statusText, body as { message?: string; error?: string } | null), status, status === 401);
  }
  return (body.documents as DocumentItem[] | undefined) ?? [];
}

export async function deleteDocument(id: string): Promise<void> {
  await call(`/api/documents/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export async function reprocessDocument(id: string): Promise<DocumentItem> {
  const body = await call(`/api/documents/reprocess/${encodeURIComponent(id)}`, { method: "POST" });
  return body.document as DocumentItem;
}

/** Downloads through fetch so the name comes from Content-Disposition (spec §7). */
export async function downloadDocument(doc: Pick<DocumentItem, "id" | "fileName">): Promise<void> {
  const res = await fetch(`/api/documents/download/${encodeURIComponent(doc.id)}`, { credentials: "same-origin" });
  if (res.status === 401) {
    forgetSession();
    throw new DocumentsApiError(TEXTS.documents.sessionExpired, 401, true);
  }
  if (!res.ok) throw new DocumentsApiError(TEXTS.documents.technical.downloadStatus(res.status), res.status, false);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameFromContentDisposition(res.headers.get("Content-Disposition")) ?? doc.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function fetchMeterHistory(): Promise<MeterReadingItem[]> {
  try {
    const body = await call("/api/documents/meter-reading/history", { timeoutMs: 5_000 });
    return body.history as MeterReadingItem[];
  } catch (error) {
    if (error instanceof DocumentsApiError && !error.unauthorized) {
      throw new DocumentsApiError(TEXTS.documents.technical.meterHistoryError(error.status, error.message), error.status, false);
    }
    throw error;
  }
}

/** JSON when there is no photo, multipart with the photo in `documents` otherwise (spec §7). */
export async function submitMeterReading(input: { readingValue: string; readingDate: string; photo: File | null }): Promise<MeterReadingItem> {
  let body: unknown = { readingValue: input.readingValue, readingDate: input.readingDate };
  if (input.photo) {
    const form = new FormData();
    form.append("readingValue", input.readingValue);
    form.append("readingDate", input.readingDate);
    form.append("documents", input.photo);
    body = form;
  }
  const answer = await call("/api/documents/meter-reading", { method: "POST", body });
  const reading = answer.meterReading as MeterReadingItem | undefined;
  if (!reading) throw new DocumentsApiError(TEXTS.documents.technical.meterSubmitFailed, 500, false);
  return reading;
}
