// The admin document review (admin spec §2 "Documents", §3, §4, §5, §9), as both the page and the
// server see it: which statuses allow which action, the rejection reasons, the fields a reviewer may
// correct (and how each value must look), the file size and confidence display. Pure; unit-tested beside.

/** The statuses of the admin filter (admin spec §2). */
export const ADMIN_DOCUMENT_STATUSES = ["pending", "processing", "verified", "rejected", "failed"] as const;
export type AdminDocumentStatus = (typeof ADMIN_DOCUMENT_STATUSES)[number];

/** Admin spec §5 / §9. */
export const REJECTION_REASONS = ["poor_quality", "incomplete", "invalid_type", "expired", "other"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** Documents per page of the admin list (admin spec §9). */
export const ADMIN_DOCUMENTS_PAGE_SIZE = 20;

/** Verify and reject only on pending documents (admin spec §4). */
export function canDecide(status: string): boolean {
  return status === "pending";
}

/**
 * Reprocess is offered on failed or rejected documents (admin spec §4); with `force` also on one
 * waiting for review or already verified. Never while a run holds it (the server checks the lease).
 */
export function canReprocess(status: string, force: boolean): boolean {
  if (status === "failed" || status === "rejected") return true;
  return force && (status === "pending" || status === "verified");
}

export type CorrectionValueKind = "text" | "date" | "cnp" | "sex" | "amount" | "kwh" | "pod" | "price";

/** Fields of an identity card reading a reviewer may correct (names of IdCardExtraction). */
export const ID_CARD_CORRECTABLE = {
  lastName: "text",
  firstName: "text",
  cnp: "cnp",
  sex: "sex",
  birthDate: "date",
  birthPlace: "text",
  address: "text",
  series: "text",
  number: "text",
  issuedBy: "text",
  issueDate: "date",
  expiryDate: "date",
} as const satisfies Record<string, CorrectionValueKind>;

/** Fields of a bill reading a reviewer may correct (names of BillExtraction). */
export const BILL_CORRECTABLE = {
  supplierName: "text",
  customerName: "text",
  billingAddress: "text",
  billNumber: "text",
  billDate: "date",
  dueDate: "date",
  periodStart: "date",
  periodEnd: "date",
  pod: "pod",
  clientCode: "text",
  contractNumber: "text",
  consumptionKwh: "kwh",
  tariffType: "text",
  totalWithoutVat: "amount",
  vat: "amount",
  totalWithVat: "amount",
  pricePerKwh: "price",
  contractedPowerKw: "amount",
} as const satisfies Record<string, CorrectionValueKind>;

export type IdCardCorrectableField = keyof typeof ID_CARD_CORRECTABLE;
export type BillCorrectableField = keyof typeof BILL_CORRECTABLE;
export type CorrectableField = IdCardCorrectableField | BillCorrectableField;

/** What a reviewer can correct on a document of this type: identity cards and bills are read; the rest is not. */
export function correctableFieldsOf(documentType: string): Record<string, CorrectionValueKind> | null {
  if (documentType === "document_identitate") return ID_CARD_CORRECTABLE;
  if (documentType === "ultima_factura") return BILL_CORRECTABLE;
  return null;
}

const VALUE_PATTERNS: Record<CorrectionValueKind, RegExp> = {
  text: /^[^\u0000-\u001f]{1,200}$/u,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  cnp: /^\d{13}$/,
  sex: /^[MF]$/,
  amount: /^\d{1,9}(\.\d{1,2})?$/,
  kwh: /^\d{1,9}$/,
  pod: /^RO\d{3}E\d{9}$/,
  price: /^\d{1,3}(\.\d{1,4})?$/,
};

/** The corrected value in its stored form (trimmed; decimal comma → dot), or null when it does not fit the field. */
export function normalizeCorrection(kind: CorrectionValueKind, raw: string): string | null {
  let value = raw.trim().replace(/\s+/g, " ");
  if (kind === "amount" || kind === "price") value = value.replace(",", ".");
  if (kind === "pod" || kind === "sex") value = value.toUpperCase().replace(/\s/g, "");
  if (!VALUE_PATTERNS[kind].test(value)) return null;
  // A calendar day that exists (no 30 February).
  if (kind === "date" && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) return null;
  return value;
}

/** File size in B, KB, MB or GB with one decimal (admin spec §9, documents view). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "N/A";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1);
  return `${text.replace(".", ",")} ${units[unit]}`;
}

export type ConfidenceTone = "green" | "orange" | "red" | "grey";

/**
 * Admin spec §4 "Confidence display": values of 1 or below are fractions (× 100, rounded); 90 or
 * above green, 70 or above orange, above 0 red; otherwise grey, with 'N/A' when missing.
 */
export function confidenceDisplay(score: number | null | undefined): { text: string; tone: ConfidenceTone } {
  if (score === null || score === undefined || !Number.isFinite(score)) return { text: "N/A", tone: "grey" };
  const percent = Math.round(score <= 1 ? score * 100 : score);
  const tone: ConfidenceTone = percent >= 90 ? "green" : percent >= 70 ? "orange" : percent > 0 ? "red" : "grey";
  return { text: `${percent}%`, tone };
}

/**
 * A field the reviewer must look at (issue #14 item 4): a check failed on it, or it is required and
 * missing or unconfirmed. An optional field nothing confirmed (the issuing office, printed only) is
 * marked but not pushed forward: it does not hold the document back. Nor is a field a reviewer
 * already corrected: the machine's verdict was about the value it replaced.
 */
export function fieldNeedsAttention(field: { status: "ok" | "uncertain" | "failed" | "missing" | null; required: boolean | null; corrected?: boolean }): boolean {
  if (field.corrected) return false;
  if (field.status === "failed") return true;
  return field.required === true && (field.status === "missing" || field.status === "uncertain");
}

/** The fields needing attention first, each group in its original order. */
export function attentionFirst<T extends Parameters<typeof fieldNeedsAttention>[0]>(fields: T[]): T[] {
  return [...fields.filter(fieldNeedsAttention), ...fields.filter((f) => !fieldNeedsAttention(f))];
}
