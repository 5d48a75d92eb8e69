// Payloads of the admin document calls (admin spec §7 `/documents*` rows), shared by the routes, the
// review dialog and the tests. Field values of corrections are checked per field by the server
// (document-review.ts), since which fields exist depends on the document's type.
import * as z from "zod/mini";
import { ADMIN_DOCUMENT_STATUSES, ADMIN_DOCUMENTS_PAGE_SIZE, REJECTION_REASONS } from "../document-review";
import { DOCUMENT_TYPES } from "../documents";
import { ADMIN_TEXTS } from "../../texts/admin";

const T = ADMIN_TEXTS.documentsPage;
const notes = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(1000))));

export const adminDocumentListSchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), ADMIN_DOCUMENTS_PAGE_SIZE),
  status: z.optional(z.enum(ADMIN_DOCUMENT_STATUSES)),
  document_type: z.optional(z.enum(DOCUMENT_TYPES)),
  /** the search box: a user id or (part of) a phone number (admin spec §7 sends it as user_id) */
  user_id: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type AdminDocumentListQuery = z.infer<typeof adminDocumentListSchema>;

export const documentIdSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));

export const adminDocumentVerifySchema = z.object({
  admin_notes: notes,
  notes,
  override_validation: z.optional(z.boolean()),
  /** field → corrected value, e.g. {"cnp": "1850312400017"}; at most every correctable field once */
  corrections: z.optional(z.record(z.string().check(z.minLength(1), z.maxLength(40)), z.string().check(z.maxLength(300)))),
});
export type AdminDocumentVerifyInput = z.infer<typeof adminDocumentVerifySchema>;

export const adminDocumentRejectSchema = z
  .object({
    rejection_reason: z.enum(REJECTION_REASONS, { error: T.rejectionReasonRequired }),
    admin_notes: notes,
    notes,
  })
  .check(
    z.refine((input) => input.rejection_reason !== "other" || Boolean(input.admin_notes || input.notes), {
      message: T.otherNeedsNotes,
      path: ["admin_notes"],
    }),
  );
export type AdminDocumentRejectInput = z.infer<typeof adminDocumentRejectSchema>;

export const adminDocumentReprocessSchema = z.object({
  force_reprocess: z.optional(z.boolean()),
  force: z.optional(z.boolean()),
  admin_notes: notes,
  notes,
});
export type AdminDocumentReprocessInput = z.infer<typeof adminDocumentReprocessSchema>;

/** A field's verdict as the review dialog shows it (issue #14 item 4). */
export const FIELD_STATUSES = ["ok", "uncertain", "failed", "missing"] as const;
export type FieldStatus = (typeof FIELD_STATUSES)[number];

const codeAndLabel = z.object({ code: z.string(), label: z.string() });

/**
 * Per field of `/api/admin/documents/{id}` (`fields[]`) and `/details` (`extractedData.field_reviews`):
 * status and reason from the verdicts stored with the validation, source from the reading. A document
 * read before issue #14 has no verdicts: status, required and reason are null.
 */
export const fieldReviewSchema = z.object({
  field: z.string(),
  status: z.nullable(z.enum(FIELD_STATUSES)),
  /** a required field must be ok for the document to be verified automatically */
  required: z.nullable(z.boolean()),
  /** why the field is not trusted (Romanian); null when ok or unknown */
  reason: z.nullable(z.object({ code: z.string(), message: z.string() })),
  /** where the value came from, and the cross-checks that confirmed it */
  source: z.nullable(z.object({ code: z.string(), label: z.string(), confirmed_by: z.array(codeAndLabel) })),
});
export type FieldReview = z.infer<typeof fieldReviewSchema>;
