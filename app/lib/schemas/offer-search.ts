// The offer-search payload: shared by the home search form and GET /api/offers.
import { z } from "zod";
import { addDays, bucharestDay, isIsoDay } from "../dates";
import { TEXTS } from "../texts";

export const CONSUMPTION_TYPES = ["casnic"] as const;
export const MAX_SEARCH_DAYS_AHEAD = 366;

/** Built per request because "today" moves: dates before today (Bucharest) are refused. */
export function offerSearchSchema(today: string = bucharestDay()) {
  return z.object({
    county: z
      .string({ error: TEXTS.api.unknownCounty })
      .trim()
      .min(1, TEXTS.api.unknownCounty)
      .max(3, TEXTS.api.unknownCounty)
      .regex(/^[A-Za-z]{1,3}$/, TEXTS.api.unknownCounty)
      .transform((code) => code.toUpperCase()),
    date: z
      .string({ error: TEXTS.api.invalidDate })
      .trim()
      .refine(isIsoDay, TEXTS.api.invalidDate)
      .refine((day) => !isIsoDay(day) || day >= today, TEXTS.api.pastDate)
      .refine((day) => !isIsoDay(day) || day <= addDays(today, MAX_SEARCH_DAYS_AHEAD), TEXTS.api.tooFarDate),
    consumptionType: z
      .enum(CONSUMPTION_TYPES, { error: TEXTS.api.invalidConsumptionType })
      .default("casnic"),
  });
}

export type OfferSearch = z.infer<ReturnType<typeof offerSearchSchema>>;

/**
 * The checkUrl's query: the same key, but the date is not re-checked against today, so a poll that
 * runs past midnight still finds its job.
 */
export const collectionCheckSchema = z.object({
  jobId: z.uuid({ error: TEXTS.search.collectionNotFound }),
  county: z
    .string({ error: TEXTS.api.unknownCounty })
    .regex(/^[A-Za-z]{1,3}$/, TEXTS.api.unknownCounty)
    .transform((code) => code.toUpperCase()),
  date: z.string({ error: TEXTS.api.invalidDate }).refine(isIsoDay, TEXTS.api.invalidDate),
  consumptionType: z.enum(CONSUMPTION_TYPES, { error: TEXTS.api.invalidConsumptionType }).default("casnic"),
});
