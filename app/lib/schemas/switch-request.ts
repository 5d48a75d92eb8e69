// POST /api/users/request-supplier-switch (user spec §3 "Switch request create payload") and the
// wizard's confirmation form; the cancel payload; the list query. zod/mini, like every client schema.
// The shape is checked here; the final-submit rules (spec §5: prosumer, terms, meter reading,
// documents, offer, POD) are checked in their order by app/server/switching/create-request.server.ts.
import * as z from "zod/mini";
import { addDays, bucharestDay, isIsoDay } from "../dates";
import { CONSUMER_TYPES, SWITCH_NOTICE_DAYS, SWITCH_STATUSES, TITLE_HOLDER_QUALITIES } from "../switching";
import { TEXTS } from "../../texts/user";

const t = TEXTS.switching;
const ID_MAX_LENGTH = 100;
export const SWITCH_REASON_MAX_LENGTH = 200;
export const CANCEL_REASON_MAX_LENGTH = 500;
export const SWITCH_LIST_DEFAULT_LIMIT = 10;
export const SWITCH_LIST_MAX_LIMIT = 100;

const requiredId = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(ID_MAX_LENGTH, message));

/** A selected id: missing, null or empty all mean "none chosen", which the ordered rules report. */
const optionalId = z.pipe(
  z.nullish(z.string({ error: t.invalidPayload }).check(z.trim(), z.maxLength(ID_MAX_LENGTH, t.invalidPayload))),
  z.transform((value) => value || null),
);

/** JSON sends a boolean, a checkbox sends "on" (or nothing). */
const acceptance = z.pipe(
  z.optional(z.union([z.boolean(), z.enum(["on", "true", "false"])], { error: t.termsRequired })),
  z.transform((value) => value === true || value === "on" || value === "true"),
);

/**
 * Built per request because "today" moves. The desired date is today + 14 days (spec §9); one day
 * earlier is accepted so that a confirmation sent just after midnight is not refused.
 */
export function createSwitchRequestSchema(today: string = bucharestDay()) {
  const earliest = addDays(today, SWITCH_NOTICE_DAYS - 1);
  const latest = addDays(today, 366);
  return z.pipe(
    z.object({
      targetSupplierId: requiredId(t.invalidSupplierId),
      offerId: requiredId(t.offerMismatch),
      desiredSwitchDate: z.string({ error: t.desiredDateInvalid }).check(
        z.trim(),
        z.refine(isIsoDay, t.desiredDateInvalid),
        z.refine((day) => !isIsoDay(day) || day >= earliest, t.desiredDateTooEarly),
        z.refine((day) => !isIsoDay(day) || day <= latest, t.desiredDateTooLate),
      ),
      switchType: z._default(z.enum(["automatic", "manual"], { error: t.invalidPayload }), "automatic"),
      switchReason: z.pipe(
        z.optional(
          z.string({ error: t.invalidPayload }).check(z.trim(), z.maxLength(SWITCH_REASON_MAX_LENGTH, t.invalidPayload)),
        ),
        z.transform((value) => value || null),
      ),
      titleHolderQuality: z.enum(TITLE_HOLDER_QUALITIES, { error: t.titleHolderRequired }),
      consumerType: z.enum(CONSUMER_TYPES, { error: t.consumerTypeRequired }),
      termsAccepted: acceptance,
      selectedDocuments: z._default(
        z.object(
          {
            idDocumentId: optionalId,
            invoiceDocumentId: optionalId,
            meterReadingId: optionalId,
            contractDocumentId: optionalId,
          },
          { error: t.invalidPayload },
        ),
        { idDocumentId: null, invoiceDocumentId: null, meterReadingId: null, contractDocumentId: null },
      ),
    }),
    // Both readings of the spec: automatic / 'cost_savings', and the earlier manual / 'Cea mai bună ofertă selectată'.
    z.transform((payload) => ({
      ...payload,
      switchReason: payload.switchReason ?? (payload.switchType === "automatic" ? "cost_savings" : t.manualReason),
    })),
  );
}

export type CreateSwitchRequestInput = z.infer<ReturnType<typeof createSwitchRequestSchema>>;

export const cancelSwitchRequestSchema = z.object({
  reason: z.pipe(
    z.nullish(
      z.string({ error: t.cancelReasonTooLong }).check(z.trim(), z.maxLength(CANCEL_REASON_MAX_LENGTH, t.cancelReasonTooLong)),
    ),
    z.transform((value) => value || null),
  ),
});

export type CancelSwitchRequestInput = z.infer<typeof cancelSwitchRequestSchema>;

/** GET /api/users/switch-requests?status&limit and the history page's filter. */
export const switchRequestListQuerySchema = z.object({
  status: z.pipe(
    z.optional(z.union([z.literal(""), z.literal("all"), z.enum(SWITCH_STATUSES)], { error: TEXTS.api.invalidQuery })),
    z.transform((value) => (value === "" || value === "all" ? undefined : value)),
  ),
  limit: z.pipe(
    z.optional(z.string({ error: TEXTS.api.invalidQuery }).check(z.regex(/^\d{1,3}$/, TEXTS.api.invalidQuery))),
    z.transform((value) => (value === undefined ? SWITCH_LIST_DEFAULT_LIMIT : Number(value))),
  ).check(z.refine((n) => n >= 1 && n <= SWITCH_LIST_MAX_LIMIT, TEXTS.api.invalidQuery)),
});

export type SwitchRequestListQuery = z.infer<typeof switchRequestListQuerySchema>;
