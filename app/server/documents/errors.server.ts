// Document failures as typed values; routes turn them into the HTTP status and the Romanian message
// (user spec §8: 400 shows the server message, 413 too large, 401 session, 5xx server error).
import { TEXTS } from "../../texts/user";
import { MAX_FILES_PER_UPLOAD } from "../../lib/documents";
import { jsonError } from "../http.server";
import type { UploadRejection } from "./magic-bytes.server";
import { UPLOAD_MESSAGES } from "./messages.server";

export type DocumentErrorCode =
  | "unknown_document_type"
  | "no_files"
  | "too_many_files"
  | "bad_upload"
  | "duplicate"
  | "not_found"
  | "already_processing"
  | "storage_failed"
  | "image_required"
  | "rate_limited"
  | "encrypted_pdf"
  | UploadRejection;

export interface DocumentFailure {
  code: DocumentErrorCode;
  status: number;
  message: string;
  /** the toast title of the spec, when it names one */
  title?: string;
  fileName?: string;
  /** sent as Retry-After (and in the body) when a limit refuses */
  retryAfterSeconds?: number;
}

const t = TEXTS.documents;

export function documentFailure(code: DocumentErrorCode, fileName?: string): DocumentFailure {
  const base = ((): Omit<DocumentFailure, "code"> => {
    switch (code) {
      case "too_large":
        return { status: 413, message: t.uploadTooLarge, title: t.fileTooLarge };
      case "unsupported_type":
      case "polyglot":
        return { status: 400, message: t.unsupportedFormat, title: t.unsupportedType };
      case "active_content":
        return { status: 400, message: t.activeContentPdf, title: t.unsupportedType };
      case "encrypted_pdf":
        return { status: 400, message: t.encryptedPdf, title: t.unsupportedType };
      case "type_not_allowed_for_document":
        return { status: 400, message: UPLOAD_MESSAGES.type_not_allowed_for_document, title: t.unsupportedType };
      case "image_required":
        return { status: 400, message: TEXTS.meter.photoMustBeImage, title: t.unsupportedType };
      case "empty":
        return { status: 400, message: UPLOAD_MESSAGES.empty, title: t.uploadFailed };
      case "duplicate":
        return { status: 409, message: t.duplicate, title: t.uploadFailed };
      case "unknown_document_type":
        return { status: 400, message: t.unknownType };
      case "no_files":
        return { status: 400, message: t.noFiles };
      case "too_many_files":
        return { status: 400, message: t.tooManyFiles(MAX_FILES_PER_UPLOAD) };
      case "bad_upload":
        return { status: 400, message: t.badUpload };
      case "not_found":
        return { status: 404, message: t.notFound };
      case "already_processing":
        return { status: 409, message: t.alreadyProcessing };
      case "storage_failed":
        return { status: 500, message: t.storageFailed };
      case "rate_limited":
        return { status: 429, message: t.tooManyUploads, title: t.uploadFailed };
    }
  })();
  return { code, ...base, ...(fileName === undefined ? {} : { fileName }) };
}

export function documentFailureResponse(failure: DocumentFailure): Response {
  const { code, status, message, ...extra } = failure;
  const response = jsonError(status, code, message, extra);
  if (failure.retryAfterSeconds) response.headers.set("Retry-After", String(failure.retryAfterSeconds));
  return response;
}

export function notFoundResponse(): Response {
  return documentFailureResponse(documentFailure("not_found"));
}
