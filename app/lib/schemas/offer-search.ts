// The offer-search payload: shared by the home search form and GET /api/offers.
// Client-side schemas use zod/mini: the full zod build alone would be ~90 KB gzip of the home page's JS
// (docs/benchmarks.md); the API parses with the same schemas.
import * as z from "zod/mini";
import { addDays, bucharestDay, isIsoDay } from "../dates";
import { TEXTS } from "../../texts/user";

export const CONSUMPTION_TYPES = ["casnic"] as const;
export const MAX_SEARCH_DAYS_AHEAD = 366;

const countyCode = z.pipe(
  z.string({ error: TEXTS.api.unknownCounty }).check(z.trim(), z.regex(/^[A-Za-z]{1,3}$/, TEXTS.api.unknownCounty)),
  z.transform((code) => code.toUpperCase()),
);

const consumptionType = z._default(
  z.enum(CONSUMPTION_TYPES, { error: TEXTS.api.invalidConsumptionType }),
  "casnic",
);

/** Built per request because "today" moves: dates before today (Bucharest) are refused. */
export function offerSearchSchema(today: string = bucharestDay()) {
  return z.object({
    county: countyCode,
    date: z.string({ error: TEXTS.api.invalidDate }).check(
      z.trim(),
      z.refine(isIsoDay, TEXTS.api.invalidDate),
      z.refine((day) => !isIsoDay(day) || day >= today, TEXTS.api.pastDate),
      z.refine((day) => !isIsoDay(day) || day <= addDays(today, MAX_SEARCH_DAYS_AHEAD), TEXTS.api.tooFarDate),
    ),
    consumptionType,
  });
}

export type OfferSearch = z.infer<ReturnType<typeof offerSearchSchema>>;

/**
 * The checkUrl's query: the same key, but the date is not re-checked against today, so a poll that
 * runs past midnight still finds its job.
 */
export const collectionCheckSchema = z.object({
  jobId: z.uuid({ error: TEXTS.search.collectionNotFound }),
  county: countyCode,
  date: z.string({ error: TEXTS.api.invalidDate }).check(z.refine(isIsoDay, TEXTS.api.invalidDate)),
  consumptionType,
});
