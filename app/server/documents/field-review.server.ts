// Why each field of a reading is (not) trusted and where it came from, for the admin review dialog
// (issue #14 item 4). The status and reason are the verdicts verification.server.ts stored with the
// validation when the document was processed (never recomputed: they are what decided its status);
// the source is what the reader recorded: the bill reader's fieldSource and passed cross-checks, the
// ID reader's sources, the zone's check digits, the CNP and the second reading of the address.
import * as z from "zod/mini";
import { parseCnp } from "../../lib/cnp";
import { correctableFieldsOf } from "../../lib/document-review";
import { FIELD_STATUSES, type FieldReview } from "../../lib/schemas/admin-documents";
import { ADMIN_TEXTS } from "../../texts/admin";
import type { BillCheckName, BillExtraction, FieldSource } from "./extraction/bill-parser.server";
import type { ExtractedData } from "./extraction/extract-document.server";
import type { IdCardExtraction, IdField } from "./extraction/id-card-parser.server";
import { ISSUE_MESSAGES } from "./messages.server";

const T = ADMIN_TEXTS.documentsPage.fieldReview;

/** What a stored verdict must look like to be shown; anything else counts as no verdict (older or damaged JSON). */
const storedVerdictSchema = z.object({
  field: z.string(),
  required: z.boolean(),
  status: z.enum(FIELD_STATUSES),
  code: z.nullable(z.string()),
  message: z.nullable(z.string()),
});
type StoredVerdict = z.infer<typeof storedVerdictSchema>;

function storedVerdicts(validation: unknown): Map<string, StoredVerdict> {
  const verdicts = new Map<string, StoredVerdict>();
  const fields = validation && typeof validation === "object" ? (validation as { fields?: unknown }).fields : undefined;
  if (!Array.isArray(fields)) return verdicts;
  for (const item of fields) {
    const parsed = storedVerdictSchema.safeParse(item);
    // combineValidations keeps one verdict per field; the first wins should an older JSON repeat one.
    if (parsed.success && !verdicts.has(parsed.data.field)) verdicts.set(parsed.data.field, parsed.data);
  }
  return verdicts;
}

function reasonOf(verdict: StoredVerdict): FieldReview["reason"] {
  if (verdict.status === "ok" || !verdict.code) return null;
  // Today's wording of the code; the stored text for a code since retired.
  const message = (ISSUE_MESSAGES as Record<string, string>)[verdict.code] ?? verdict.message;
  return message ? { code: verdict.code, message } : null;
}

const labelled = (code: string) => ({ code, label: T.confirmedBy[code] ?? code });

function billSource(bill: BillExtraction, field: string): FieldReview["source"] {
  const how: FieldSource | undefined = bill.fieldSource?.[field as keyof NonNullable<BillExtraction["fieldSource"]>];
  if (!how) return null;
  // A date placed by its order, or a value known by its shape, was chosen so the checks pass: they do not vouch for it.
  const vouched = how !== "role" && how !== "shape";
  const confirmedBy = vouched
    ? (bill.checks ?? [])
        .filter((c) => c.passed && (c.fields as string[]).includes(field))
        .map((c): BillCheckName => c.name)
    : [];
  return { code: how, label: T.sources[how] ?? T.unknownSource, confirmed_by: [...new Set(confirmedBy)].map(labelled) };
}

/** The zone's check digits cover numbers and dates, never the names. */
const MRZ_DIGIT_CHECKED = new Set<string>(["cnp", "series", "number", "birthDate", "sex", "expiryDate"]);

function identitySource(id: IdCardExtraction, field: string): FieldReview["source"] {
  const from = id.sources[field as IdField];
  const confirmedBy: string[] = [];
  if (from && from !== "printed" && id.mrz?.valid && MRZ_DIGIT_CHECKED.has(field)) confirmedBy.push("mrz_check_digits");
  const cnp = id.cnp ? parseCnp(id.cnp) : null;
  if (cnp?.valid) {
    if (field === "cnp") confirmedBy.push("cnp_check_digit");
    if ((field === "birthDate" && cnp.info.birthDate === id.birthDate) || (field === "sex" && cnp.info.sex === id.sex))
      confirmedBy.push("cnp");
  }
  if (field === "address" && id.addressDigitsConfirmed === true) confirmedBy.push("address_second_reading");
  if (!from)
    return confirmedBy.length
      ? { code: "unknown", label: T.unknownSource, confirmed_by: confirmedBy.map(labelled) }
      : null;
  return { code: from, label: T.sources[from] ?? T.unknownSource, confirmed_by: confirmedBy.map(labelled) };
}

function sourceOf(machine: ExtractedData | null, field: string): FieldReview["source"] {
  if (!machine || machine.kind === "unreadable") return null;
  if (machine[field as keyof typeof machine] === null || machine[field as keyof typeof machine] === undefined)
    return null;
  return machine.kind === "bill" ? billSource(machine, field) : identitySource(machine, field);
}

/**
 * One review per correctable field of the document's type (null for a type that is not read), in the
 * catalogue's order. `validation` is the stored JSON as parsed, whatever its age.
 */
export function fieldReviews(
  documentType: string,
  machine: ExtractedData | null,
  validation: unknown,
): FieldReview[] | null {
  const fields = correctableFieldsOf(documentType);
  if (!fields) return null;
  const verdicts = storedVerdicts(validation);
  return Object.keys(fields).map((field) => {
    const verdict = verdicts.get(field);
    return {
      field,
      status: verdict?.status ?? null,
      required: verdict?.required ?? null,
      reason: verdict ? reasonOf(verdict) : null,
      source: sourceOf(machine, field),
    };
  });
}
