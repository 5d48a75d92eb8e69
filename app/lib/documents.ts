// Documents as both the browser and the server see them: types and upload labels (user spec §3,
// admin spec document types), the 10 MB limit, what each upload area accepts, status and confidence
// display, and the upload error mapping of spec §8. Pure; unit-tested beside.
import { TEXTS } from "../texts/user";

export const DOCUMENT_TYPES = [
  "document_identitate",
  "ultima_factura",
  "contract_furnizor_actual",
  "dovada_proprietate",
  "poza_contor",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const IDENTITY_SUBTYPES = ["ci", "pasaport", "permis_sedere"] as const;
export type IdentitySubtype = (typeof IDENTITY_SUBTYPES)[number];

export const DOCUMENT_STATUSES = ["pending", "processing", "verified", "rejected", "uploaded", "failed"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The {documentTypeLabel} of POST /api/documents/upload/{label} → the stored document type. */
const UPLOAD_LABELS: Record<string, DocumentType> = {
  document_identitate: "document_identitate",
  ultima_factura: "ultima_factura",
  contract_furnizor_actual: "contract_furnizor_actual",
  dovada_proprietate: "dovada_proprietate",
  meter_photos: "poza_contor",
  poza_contor: "poza_contor",
};

export function documentTypeOfLabel(label: string): DocumentType | null {
  return Object.hasOwn(UPLOAD_LABELS, label) ? UPLOAD_LABELS[label]! : null;
}

/** Keys of GET /api/documents/progress (progress.documents.{key}.count). */
export const PROGRESS_KEYS = {
  document_identitate: "identity",
  ultima_factura: "bills",
  contract_furnizor_actual: "contracts",
  poza_contor: "meter_photos",
} as const satisfies Partial<Record<DocumentType, string>>;

/** 10 MB per file (user spec §5, §9). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Files per upload request (ours: the spec names no limit; keeps one request's memory bounded). */
export const MAX_FILES_PER_UPLOAD = 5;

const IMAGE_TYPES = ["image/jpeg", "image/png"];
const IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png"];

/** What each upload area accepts: identity images only; everything else images and PDF. */
export function acceptedFor(type: DocumentType): { mimeTypes: string[]; extensions: string[]; accept: string } {
  const imagesOnly = type === "document_identitate" || type === "poza_contor";
  const mimeTypes = imagesOnly ? IMAGE_TYPES : [...IMAGE_TYPES, "application/pdf"];
  const extensions = imagesOnly ? IMAGE_EXTENSIONS : [...IMAGE_EXTENSIONS, ".pdf"];
  return { mimeTypes, extensions, accept: [...mimeTypes, ...extensions].join(",") };
}

export type ClientFileProblem = "too_large" | "unsupported_type";

/**
 * The browser's check before sending (spec §5: by MIME type or extension). The server decides
 * again from the bytes; this only spares a pointless upload.
 */
export function checkFileBeforeUpload(file: { name: string; type: string; size: number }, type: DocumentType): ClientFileProblem | null {
  if (file.size > MAX_UPLOAD_BYTES) return "too_large";
  const { mimeTypes, extensions } = acceptedFor(type);
  const mime = file.type.toLowerCase().replace("image/jpg", "image/jpeg");
  const name = file.name.toLowerCase();
  if (!mimeTypes.includes(mime) && !extensions.some((ext) => name.endsWith(ext))) return "unsupported_type";
  return null;
}

/** A confidence score (fraction 0..1, or already a percent) as a whole percent capped at 100. */
export function confidencePercent(score: number | null | undefined): number | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  const percent = score <= 1 ? score * 100 : score;
  return Math.max(0, Math.min(100, Math.round(percent)));
}

export function statusLabel(status: string): string {
  return TEXTS.documents.statusLabels[status] ?? status;
}

export function processingMethodLabel(method: string | null | undefined): string {
  if (!method) return TEXTS.documents.defaultProcessingMethod;
  return TEXTS.documents.processingMethods[method] ?? method;
}

/** Statuses that are still moving: the page polls while one of its documents has one. */
export function isInFlight(doc: { status: string; awaitingReview?: boolean }): boolean {
  return doc.status === "processing" || (doc.status === "pending" && !doc.awaitingReview);
}

/**
 * The message of the 'Eroare la încărcare' toast for a failed upload answer (spec §8): the
 * technical error is built first, then mapped to the Romanian text the user reads.
 */
export function uploadErrorMessage(status: number, statusText: string, body: { message?: string; error?: string } | null): string {
  const t = TEXTS.documents;
  const message = body?.message;
  let technical: string;
  if (status === 413) technical = t.technical.payloadTooLarge(message);
  else if (status === 401) technical = t.technical.unauthorized(message);
  else if (status >= 500) technical = t.technical.serverError(message);
  else if (body === null) return t.technical.invalidJson;
  else technical = message ?? t.technical.httpStatus(status, statusText);
  const probe = `${technical} ${body?.error ?? ""}`.toLowerCase();
  if (probe.includes("payload too large")) return t.uploadTooLarge;
  if (probe.includes("unauthorized")) return TEXTS.auth.sessionExpired;
  if (probe.includes("duplicate") || probe.includes("deja încărcat")) return t.duplicate;
  if (probe.includes("format")) return t.unsupportedFormat;
  return technical;
}

/** A display file name from a Content-Disposition header (RFC 6266 / 5987), or null. */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch (error) {
      if (!(error instanceof URIError)) throw error;
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? (plain[1] ?? plain[2]!.trim()) : null;
}

const timeFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Bucharest",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** '23.11.2026, 12:18' in Bucharest time, the same on the server and in the browser. */
export function formatUploadTime(iso: string): string {
  const parts = Object.fromEntries(timeFormatter.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year}, ${parts.hour}:${parts.minute}`;
}
