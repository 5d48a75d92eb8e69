// What an uploaded file really is, from its bytes, whatever its name or declared type says.
//
// Rules (each is a test in tests/unit/document-magic-bytes.test.ts):
// - Accepted kinds are JPEG (FF D8 FF), PNG (8-byte signature) and PDF ('%PDF-' at offset 0).
//   Anything else, including a file renamed to .pdf, is `unsupported_type`.
// - The bytes decide the kind. A JPEG named .pdf is handled as the JPEG it is (warning `declared_type_mismatch`).
// - Polyglots: data after an image's end marker (JPEG EOI, PNG IEND) that carries another format's
//   signature (PDF, ZIP, executable, HTML/script) is `polyglot`. Plain trailing bytes are tolerated:
//   phones append trailers (motion photos) after EOI.
// - A PDF carrying JavaScript or a launch action, or an embedded executable/HTML document, is
//   `active_content`: a bill never needs them. This byte search is only the cheap first pass; the
//   structural check (pdf-active-content.server.ts) decodes names, strings and streams and decides.
// - Size: empty is `empty`; above the limit (DOCUMENT_MAX_BYTES, 10 MB) is `too_large`.
// - Identity documents are images only; bills are images or PDF (user spec, Documents).

export type DocumentKind = "jpeg" | "png" | "pdf";

export const MIME_BY_KIND: Record<DocumentKind, "image/jpeg" | "image/png" | "application/pdf"> = {
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

export type UploadRejection =
  | "empty"
  | "too_large"
  | "unsupported_type"
  | "polyglot"
  | "active_content"
  | "type_not_allowed_for_document";

export type FileCheck =
  | { ok: true; kind: DocumentKind; mimeType: (typeof MIME_BY_KIND)[DocumentKind]; warnings: "declared_type_mismatch"[] }
  | { ok: false; reason: UploadRejection; detail: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IEND = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Signatures of other formats that must not hide inside or after an accepted file. */
const FOREIGN_SIGNATURES: { name: string; bytes: number[]; caseInsensitive?: boolean }[] = [
  { name: "pdf", bytes: ascii("%PDF-") },
  { name: "zip", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: "windows executable", bytes: ascii("This program cannot be run in DOS mode") },
  { name: "elf executable", bytes: [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01] },
  { name: "elf executable", bytes: [0x7f, 0x45, 0x4c, 0x46, 0x01, 0x01, 0x01] },
  { name: "html", bytes: ascii("<html"), caseInsensitive: true },
  { name: "script", bytes: ascii("<script"), caseInsensitive: true },
  { name: "svg", bytes: ascii("<svg"), caseInsensitive: true },
];

/** Inside a PDF a zip signature or '%PDF-' can be legitimate (incremental saves); these cannot. */
const PDF_FORBIDDEN = FOREIGN_SIGNATURES.filter((s) => s.name !== "pdf" && s.name !== "zip");
// (A bare "/JS" key is too short to search for in compressed data; it never comes without /JavaScript.)
const PDF_ACTIVE = [ascii("/JavaScript"), ascii("/Launch")];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function lower(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b + 32 : b;
}

function indexOf(bytes: Uint8Array, signature: number[], from = 0, caseInsensitive = false): number {
  const first = signature[0]!;
  outer: for (let i = from; i <= bytes.length - signature.length; i++) {
    if ((caseInsensitive ? lower(bytes[i]!) : bytes[i]) !== first) continue;
    for (let j = 1; j < signature.length; j++) {
      const b = bytes[i + j]!;
      if ((caseInsensitive ? lower(b) : b) !== signature[j]) continue outer;
    }
    return i;
  }
  return -1;
}

function foreignSignatureIn(bytes: Uint8Array, from: number, list = FOREIGN_SIGNATURES): string | null {
  for (const signature of list) {
    if (indexOf(bytes, signature.bytes, from, signature.caseInsensitive) >= 0) return signature.name;
  }
  return null;
}

export function detectKind(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  return null;
}

/** Offset just after the JPEG end-of-image marker, walking segments so EOI bytes inside data do not count. */
function jpegEnd(bytes: Uint8Array): number {
  let offset = 2;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return -1;
    const marker = bytes[offset + 1]!;
    if (marker === 0xd9) return offset + 2;
    if (offset + 4 > bytes.length) return -1;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker >= 0xd0 && marker <= 0xd7) {
      offset += 2;
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    offset += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data: scan to the next marker that is not a stuffed byte or a restart.
      while (offset + 1 < bytes.length && !(bytes[offset] === 0xff && bytes[offset + 1] !== 0x00 && !(bytes[offset + 1]! >= 0xd0 && bytes[offset + 1]! <= 0xd7))) offset++;
    }
  }
  return -1;
}

function pngEnd(bytes: Uint8Array): number {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
    if (startsWith(bytes, PNG_IEND, offset + 4)) return offset + 12;
    offset += 12 + length;
  }
  return -1;
}

export interface FileCheckInput {
  bytes: Uint8Array;
  /** The MIME type the client declared (or the one guessed from the file name). */
  declaredMimeType?: string;
  maxBytes: number;
  documentType?: string;
}

/** Document types whose uploads must be images (identity documents). */
const IMAGE_ONLY_TYPES = new Set(["document_identitate"]);

export function checkUploadedFile(input: FileCheckInput): FileCheck {
  const { bytes } = input;
  if (bytes.length === 0) return { ok: false, reason: "empty", detail: "0 bytes" };
  if (bytes.length > input.maxBytes) return { ok: false, reason: "too_large", detail: `${bytes.length} > ${input.maxBytes} bytes` };

  const kind = detectKind(bytes);
  if (!kind) return { ok: false, reason: "unsupported_type", detail: "not a JPEG, PNG or PDF" };

  if (kind === "jpeg" || kind === "png") {
    const end = kind === "jpeg" ? jpegEnd(bytes) : pngEnd(bytes);
    if (end < 0) return { ok: false, reason: "unsupported_type", detail: `truncated or malformed ${kind}` };
    const foreign = end < bytes.length ? foreignSignatureIn(bytes, end) : null;
    if (foreign) return { ok: false, reason: "polyglot", detail: `${foreign} data after the ${kind} image` };
  } else {
    const foreign = foreignSignatureIn(bytes, 0, PDF_FORBIDDEN);
    if (foreign) return { ok: false, reason: "active_content", detail: `${foreign} embedded in the PDF` };
    if (PDF_ACTIVE.some((signature) => indexOf(bytes, signature) >= 0)) {
      return { ok: false, reason: "active_content", detail: "PDF with JavaScript or a launch action" };
    }
  }

  if (kind === "pdf" && input.documentType && IMAGE_ONLY_TYPES.has(input.documentType)) {
    return { ok: false, reason: "type_not_allowed_for_document", detail: "identity documents are images" };
  }

  const mimeType = MIME_BY_KIND[kind];
  const declared = input.declaredMimeType?.toLowerCase().replace("image/jpg", "image/jpeg");
  return { ok: true, kind, mimeType, warnings: declared && declared !== mimeType ? ["declared_type_mismatch"] : [] };
}
