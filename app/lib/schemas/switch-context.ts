// PUT /api/users/switch-context: the spec's switch context (§3) as the home page builds it. The ids may
// be empty: the wizard's loader then names what is missing (§5 "Wizard context") instead of the home
// page failing silently. Prices and names are only what the results list showed; the server re-reads
// the offer before the wizard and the request use it.
import * as z from "zod/mini";
import { isIsoDay } from "../dates";
import { TEXTS } from "../../texts/user";

const t = TEXTS.switching;
/** A monthly estimate beyond this is not an estimate (the search allows at most 5 000 kWh a month). */
const MAX_ESTIMATE_LEI = 100_000;

const text = (max: number) =>
  z._default(z.string({ error: t.contextInvalid }).check(z.trim(), z.maxLength(max, t.contextInvalid)), "");

export const switchContextSchema = z.object({
  selectedOfferId: text(100),
  selectedSupplierId: text(100),
  searchDate: z.string({ error: TEXTS.api.invalidDate }).check(z.trim(), z.refine(isIsoDay, TEXTS.api.invalidDate)),
  county: z.pipe(
    z.string({ error: TEXTS.api.unknownCounty }).check(z.trim(), z.regex(/^[A-Za-z]{1,3}$/, TEXTS.api.unknownCounty)),
    z.transform((code) => code.toUpperCase()),
  ),
  supplierName: text(120),
  offerName: text(200),
  pricePerKwh: z._default(
    z.string({ error: t.contextInvalid }).check(z.trim(), z.regex(/^(?:\d{1,3}(?:\.\d{1,6})?)?$/, t.contextInvalid)),
    "",
  ),
  isFromCache: z._default(z.boolean({ error: t.contextInvalid }), false),
  /** lei per month (spec §3); null when no current price was known */
  estimatedMonthlySavings: z._default(
    z.nullable(
      z.number({ error: t.contextInvalid }).check(
        z.refine((n) => Number.isFinite(n) && Math.abs(n) <= MAX_ESTIMATE_LEI, t.contextInvalid),
      ),
    ),
    null,
  ),
});

export type SwitchContextInput = z.infer<typeof switchContextSchema>;
