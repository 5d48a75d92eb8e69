// Rules an extracted document must pass, as `validationDetails { confidence, isValid, issues }`
// (the shape processing-status/{id} returns), and the decision that follows: verified, rejected, or
// left for an admin when the reading is not trustworthy enough to decide either way.
import { addDays, bucharestDay } from "../../lib/dates";
import { parseCnp } from "../../lib/cnp";
import { isValidPod } from "../../lib/pod";
import { fullNameMatches } from "../../lib/text-normalize";
import type { BillCheckName, BillExtraction } from "./extraction/bill-parser.server";
import type { IdCardExtraction, IdField } from "./extraction/id-card-parser.server";
import { ISSUE_MESSAGES, type IssueCode } from "./messages.server";

/** At or above: verified automatically (when no rule failed). */
export const VERIFY_CONFIDENCE = 0.8;
/** At or above: a failed blocking rule rejects the document; below, an admin looks at it. */
export const REJECT_CONFIDENCE = 0.6;
/** OCR confidence (0..1) under which an image counts as hard to read. */
export const LOW_OCR_QUALITY = 0.6;
/** Default for BILL_MAX_AGE_DAYS (about 3 months). */
export const DEFAULT_BILL_MAX_AGE_DAYS = 92;
/** Household all-in prices outside this band (lei/kWh) are suspicious, not impossible. */
export const PRICE_BAND = { min: 0.4, max: 3 } as const;
/** Tolerance when checking net + VAT against the printed total, in bani. */
export const TOTALS_TOLERANCE_CENTS = 2;

const ERROR_PENALTY = 0.35;
const WARNING_PENALTY = 0.1;

export interface ValidationIssue {
  code: IssueCode;
  /** Romanian, from messages.server.ts */
  message: string;
  /** The extracted field the rule looked at (null for whole-document rules). */
  field: string | null;
  severity: "error" | "warning";
  /** A failed rule that makes the document unacceptable, not just unread. */
  blocking: boolean;
}

/** One field's verdict, for the admin review dialog: why it is (not) trusted. */
export interface FieldVerdict {
  field: string;
  /** A required field must be `ok` for the document to be verified automatically. */
  required: boolean;
  /** ok: present and every check on it held; uncertain: present, nothing confirmed it or a source disagrees. */
  status: "ok" | "missing" | "failed" | "uncertain";
  /** Machine-readable reason; null when ok. */
  code: IssueCode | null;
  /** Romanian text of the reason; null when ok. */
  message: string | null;
}

export interface ValidationDetails {
  /** 0..1 */
  confidence: number;
  isValid: boolean;
  issues: ValidationIssue[];
  /** Per-field verdicts (absent on documents verified before issue #14). */
  fields?: FieldVerdict[];
}

/** A field's own confidence at or above which it counts as confirmed by its checks. */
export const FIELD_CONFIRMED = 0.9;

function verdict(field: string, required: boolean, status: FieldVerdict["status"], code: IssueCode | null = null): FieldVerdict {
  return { field, required, status, code: status === "ok" ? null : code, message: status === "ok" || !code ? null : ISSUE_MESSAGES[code] };
}

export type VerificationDecision = "verified" | "rejected" | "needs_review";

function issue(code: IssueCode, field: string | null, severity: ValidationIssue["severity"], blocking = false): ValidationIssue {
  return { code, message: ISSUE_MESSAGES[code], field, severity, blocking };
}

function score(base: number, issues: ValidationIssue[]): ValidationDetails {
  let confidence = base;
  for (const i of issues) confidence -= i.severity === "error" ? ERROR_PENALTY : WARNING_PENALTY;
  confidence = Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000;
  return { confidence, isValid: !issues.some((i) => i.severity === "error"), issues };
}

/**
 * A PDF locked with a user password: certain, and no operator can open it either, so it is refused at
 * once (a blocking error on a reading otherwise sure) and the user uploads it again without the password.
 */
export function verifyLockedPdf(): ValidationDetails {
  return score(1, [issue("pdf_password_protected", null, "error", true)]);
}

/** How much of what should have been read was read, scaled by OCR quality (1 for a text PDF). */
function readingConfidence(found: number, expected: number, ocrQuality: number | null): number {
  const completeness = expected === 0 ? 0 : found / expected;
  const quality = ocrQuality === null ? 1 : Math.min(1, ocrQuality / 0.85);
  return completeness * (0.4 + 0.6 * quality);
}

export interface VerifyContext {
  /** The instant "today" is computed from (Europe/Bucharest). */
  now: Date | number;
  /** OCR confidence 0..1, or null when the text came from a PDF text layer. */
  ocrQuality: number | null;
}

export function verifyIdentity(id: IdCardExtraction, ctx: VerifyContext): ValidationDetails {
  const today = bucharestDay(ctx.now);
  const issues: ValidationIssue[] = [];
  const referenceYear = Number(today.slice(0, 4));
  const trustworthy = id.mrz?.valid === true;

  if (ctx.ocrQuality !== null && ctx.ocrQuality < LOW_OCR_QUALITY) issues.push(issue("ocr_low_quality", null, "warning"));
  if (!id.mrz) issues.push(issue("mrz_missing", "mrz", "warning"));
  else if (!id.mrz.valid) issues.push(issue("mrz_check_failed", "mrz", "error"));
  if (id.conflicts.length > 0) issues.push(issue("mrz_printed_conflict", id.conflicts.map((c) => c.field).join(","), "warning"));

  if (!id.cnp) issues.push(issue("cnp_missing", "cnp", "error"));
  else {
    const cnp = parseCnp(id.cnp, referenceYear);
    if (!cnp.valid) issues.push(issue("cnp_invalid", "cnp", "error", trustworthy));
    else {
      if (id.birthDate && cnp.info.birthDate !== id.birthDate) issues.push(issue("cnp_birth_date_mismatch", "birthDate", "error", trustworthy));
      if (id.sex && cnp.info.sex !== id.sex) issues.push(issue("cnp_sex_mismatch", "sex", "error", trustworthy));
    }
  }
  if (!id.lastName || !id.firstName) issues.push(issue("id_name_missing", id.lastName ? "firstName" : "lastName", "error"));
  if (!id.expiryDate) {
    // A card valid without limit ('nelimitat') has no expiry date to miss.
    if (!id.validityUnlimited) issues.push(issue("id_expiry_missing", "expiryDate", "error"));
  } else if (id.expiryDate < today) issues.push(issue("id_expired", "expiryDate", "error", true));
  if (id.missingFields.length > 0) issues.push(issue("fields_missing", id.missingFields.join(","), "warning"));

  if (id.cnpCountyMatchesBirthPlace === false) issues.push(issue("cnp_county_mismatch", "birthPlace", "warning"));

  const expected = id.missingFields.length + countPresent(id, ["cnp", "lastName", "firstName", "sex", "birthDate", "birthPlace", "address", "series", "number", "issuedBy", "issueDate", "expiryDate"]);
  const found = expected - id.missingFields.length;
  // A zone whose check digits hold is strong evidence the card was read right.
  const base = Math.min(1, readingConfidence(found, expected, ctx.ocrQuality) + (trustworthy ? 0.15 : 0));
  // Readings stored before issue #14 carry no per-field confidence: they are judged as they were.
  return { ...score(base, issues), ...(id.fieldConfidence ? { fields: identityFieldVerdicts(id, issues) } : {}) };
}

const ID_MISSING_CODE: Partial<Record<string, IssueCode>> = {
  cnp: "cnp_missing",
  lastName: "id_name_missing",
  firstName: "id_name_missing",
  series: "id_number_missing",
  number: "id_number_missing",
  expiryDate: "id_expiry_missing",
};

/**
 * Required: what a switch needs (CNP, name, sex and birth date, the document's number, its expiry).
 * A passport has no series; a card valid without limit has no expiry. The rest is read when printed.
 */
function identityFieldVerdicts(id: IdCardExtraction, issues: ValidationIssue[]): FieldVerdict[] {
  const required = ["cnp", "lastName", "firstName", "sex", "birthDate", "number"];
  if (id.cardType !== "pasaport") required.push("series");
  if (!id.validityUnlimited) required.push("expiryDate");
  const optional = ["birthPlace", "issueDate", ...(id.cardType === "ci" ? ["address", "issuedBy"] : id.cardType === "pasaport" ? ["issuedBy"] : [])];
  const failedOn = (field: string) => issues.find((i) => i.severity === "error" && i.field === field && i.code !== "fields_missing");
  const conflicting = new Set(id.conflicts.flatMap((c) => (c.field === "series" ? ["series", "number"] : [c.field])));
  const confidence = id.fieldConfidence ?? {};
  return [...required.map((f) => [f, true] as const), ...optional.map((f) => [f, false] as const)].map(([field, isRequired]) => {
    const value = id[field as keyof IdCardExtraction];
    if (value === null || value === undefined) return verdict(field, isRequired, "missing", ID_MISSING_CODE[field] ?? "field_missing");
    const failed = failedOn(field);
    if (failed) return verdict(field, isRequired, "failed", failed.code);
    if (conflicting.has(field)) return verdict(field, isRequired, "uncertain", "mrz_printed_conflict");
    if (field === "birthPlace" && id.cnpCountyMatchesBirthPlace === false) return verdict(field, isRequired, "uncertain", "cnp_county_mismatch");
    if ((confidence[field as IdField] ?? 0) >= FIELD_CONFIRMED) return verdict(field, isRequired, "ok");
    const fromBrokenZone = id.mrz && !id.mrz.valid && id.sources[field as IdField] === "mrz";
    return verdict(field, isRequired, "uncertain", fromBrokenZone ? "mrz_check_failed" : "field_unconfirmed");
  });
}

function countPresent<T extends object>(record: T, keys: (keyof T)[]): number {
  return keys.filter((k) => record[k] !== null && record[k] !== undefined).length;
}

export interface VerifyBillContext extends VerifyContext {
  /** BILL_MAX_AGE_DAYS */
  maxAgeDays: number;
}

export function verifyBill(bill: BillExtraction, ctx: VerifyBillContext): ValidationDetails {
  const today = bucharestDay(ctx.now);
  const issues: ValidationIssue[] = [];
  if (ctx.ocrQuality !== null && ctx.ocrQuality < LOW_OCR_QUALITY) issues.push(issue("ocr_low_quality", null, "warning"));

  if (!bill.billDate) issues.push(issue("bill_date_missing", "billDate", "error"));
  else if (bill.billDate > addDays(today, 1)) issues.push(issue("bill_date_in_future", "billDate", "error", true));
  else if (bill.billDate < addDays(today, -ctx.maxAgeDays)) issues.push(issue("bill_too_old", "billDate", "error", true));

  if (!bill.pod) issues.push(issue("pod_missing", "pod", "error"));
  else if (!isValidPod(bill.pod)) issues.push(issue("pod_invalid", "pod", "error", true));

  if (bill.consumptionKwh === null) issues.push(issue("bill_consumption_missing", "consumptionKwh", "warning"));
  if (bill.totalWithVat === null && (bill.totalWithoutVat === null || bill.vat === null)) {
    issues.push(issue("bill_totals_missing", "totalWithVat", "warning"));
  } else if (bill.totalWithVat !== null && bill.totalWithoutVat !== null && bill.vat !== null) {
    const cents = (v: string) => Math.round(Number(v) * 100);
    if (Math.abs(cents(bill.totalWithoutVat) + cents(bill.vat) - cents(bill.totalWithVat)) > TOTALS_TOLERANCE_CENTS) {
      issues.push(issue("bill_totals_inconsistent", "totalWithVat", "warning"));
    }
  }
  if (bill.pricePerKwh !== null) {
    const price = Number(bill.pricePerKwh);
    if (price < PRICE_BAND.min || price > PRICE_BAND.max) issues.push(issue("price_out_of_range", "pricePerKwh", "warning"));
  }
  if (!bill.customerName) issues.push(issue("bill_holder_missing", "customerName", "warning"));
  if (bill.missingFields.length > 0) issues.push(issue("fields_missing", bill.missingFields.join(","), "warning"));

  const expected = bill.missingFields.length + countPresent(bill, ["supplierName", "billNumber", "billDate", "dueDate", "periodStart", "periodEnd", "pod", "clientCode", "contractNumber", "customerName", "billingAddress", "consumptionKwh", "tariffType", "totalWithoutVat", "vat", "totalWithVat", "currency", "contractedPowerKw"]);
  const found = expected - bill.missingFields.length;
  // Missing minor fields (tariff name, address) cost through the warning above, not twice.
  const base = Math.min(1, readingConfidence(found, expected, ctx.ocrQuality) + 0.1);
  return { ...score(base, issues), ...(bill.fieldConfidence ? { fields: billFieldVerdicts(bill, issues) } : {}) };
}

/** Required: what a switch and the comparison need from the last bill. */
const BILL_REQUIRED = ["billDate", "pod", "customerName", "consumptionKwh", "totalWithVat"] as const;
const BILL_OPTIONAL = ["supplierName", "billNumber", "dueDate", "periodStart", "periodEnd", "clientCode", "contractNumber", "billingAddress", "totalWithoutVat", "vat", "contractedPowerKw"] as const;
const BILL_MISSING_CODE: Partial<Record<string, IssueCode>> = {
  billDate: "bill_date_missing",
  pod: "pod_missing",
  customerName: "bill_holder_missing",
  consumptionKwh: "bill_consumption_missing",
  totalWithVat: "bill_totals_missing",
};
const BILL_CHECK_CODE: Record<BillCheckName, IssueCode> = {
  totals_add_up: "bill_totals_inconsistent",
  vat_rate: "bill_vat_rate_mismatch",
  consumption_matches_indexes: "bill_consumption_index_mismatch",
  period_before_due_date: "bill_period_after_due_date",
  price_in_band: "price_out_of_range",
};

function billFieldVerdicts(bill: BillExtraction, issues: ValidationIssue[]): FieldVerdict[] {
  const failedRule = (field: string) => issues.find((i) => i.severity === "error" && i.field === field);
  return [...BILL_REQUIRED.map((f) => [f, true] as const), ...BILL_OPTIONAL.map((f) => [f, false] as const)].map(([field, isRequired]) => {
    if (bill[field] === null) return verdict(field, isRequired, "missing", BILL_MISSING_CODE[field] ?? "field_missing");
    const failed = failedRule(field);
    if (failed) return verdict(field, isRequired, "failed", failed.code);
    const failedCheck = bill.checks?.find((c) => !c.passed && (c.fields as string[]).includes(field));
    if (failedCheck) return verdict(field, isRequired, "failed", BILL_CHECK_CODE[failedCheck.name]);
    return verdict(field, isRequired, "ok");
  });
}

/** The bill holder must be the ID holder (diacritics- and case-insensitive). */
export function crossCheck(id: IdCardExtraction, bill: BillExtraction): ValidationDetails {
  const issues: ValidationIssue[] = [];
  if (!bill.customerName || !id.lastName || !id.firstName) {
    issues.push(issue("bill_holder_missing", "customerName", "warning"));
    return score(0.5, issues);
  }
  if (!fullNameMatches(bill.customerName, { lastName: id.lastName, firstName: id.firstName })) {
    issues.push(issue("bill_holder_mismatch", "customerName", "error", true));
  }
  return score(1, issues);
}

/** Several checks of one document (its own rules and the cross-check) as one verdict. */
export function combineValidations(...parts: ValidationDetails[]): ValidationDetails {
  const issues = parts.flatMap((p) => p.issues);
  const confidence = Math.round(Math.min(...parts.map((p) => p.confidence)) * 1000) / 1000;
  const fields = parts.flatMap((p) => p.fields ?? []);
  // A rule of another part (the holder cross-check) can fail a field its own document found fine.
  const merged = fields.map((f) => {
    const failed = f.status === "ok" ? issues.find((i) => i.severity === "error" && i.field === f.field) : undefined;
    return failed ? verdict(f.field, f.required, "failed", failed.code) : f;
  });
  return { confidence, isValid: !issues.some((i) => i.severity === "error"), issues, ...(fields.length > 0 ? { fields: merged } : {}) };
}

/**
 * verified: every rule passed, every required field is present and confirmed, and the reading is confident.
 * rejected: a blocking rule failed on a confident reading (expired ID, old bill, another holder...).
 * needs_review: anything else — the automatic reading cannot settle it, an admin does.
 */
export function decideStatus(details: ValidationDetails): VerificationDecision {
  // Every required field present and confirmed (documents checked before issue #14 carry no verdicts).
  const fieldsHold = (details.fields ?? []).every((f) => !f.required || f.status === "ok");
  if (details.isValid && details.confidence >= VERIFY_CONFIDENCE && fieldsHold) return "verified";
  const blocking = details.issues.some((i) => i.blocking);
  // Blocking issues already lowered the confidence: judge the reading without them.
  const readingConfidence = details.confidence + details.issues.filter((i) => i.blocking).length * ERROR_PENALTY;
  if (blocking && readingConfidence >= REJECT_CONFIDENCE) return "rejected";
  return "needs_review";
}
