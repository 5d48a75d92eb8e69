// POST /api/documents/meter-reading {readingValue, readingDate} (JSON, or multipart with a photo in
// `documents`) and the meter-reading form on /documente. Index rules of user spec §5.
import * as z from "zod/mini";
import { addDays, bucharestDay, isIsoDay } from "../dates";
import { TEXTS } from "../../texts/user";

export const METER_INDEX_MAX_LENGTH = 20;
const METER_INDEX = /^[A-Za-z0-9.,-]{1,20}$/;
const FORBIDDEN = /[^A-Za-z0-9.,-]/g;
/** How far back a reading may be dated (ours: the spec names no limit). */
export const METER_READING_MAX_AGE_DAYS = 365;

/** What the index input keeps while typing: letters, digits, dot, comma and hyphen. */
export function sanitizeMeterIndex(value: string): string {
  return value.replace(FORBIDDEN, "");
}

export function meterReadingSchema(now: Date | number = Date.now()) {
  const today = bucharestDay(now);
  const oldest = addDays(today, -METER_READING_MAX_AGE_DAYS);
  return z.object({
    readingValue: z.pipe(
      z.string({ error: TEXTS.meter.required }).check(z.trim(), z.minLength(1, TEXTS.meter.required)),
      z.string().check(z.regex(METER_INDEX, TEXTS.meter.invalid)),
    ),
    readingDate: z
      .string({ error: TEXTS.meter.dateRequired })
      .check(
        z.trim(),
        z.minLength(1, TEXTS.meter.dateRequired),
        z.refine(isIsoDay, TEXTS.meter.dateInvalid),
        z.refine((day) => !isIsoDay(day) || day <= today, TEXTS.meter.dateInFuture),
        z.refine((day) => !isIsoDay(day) || day >= oldest, TEXTS.meter.dateTooOld),
      ),
  });
}

export type MeterReadingInput = z.infer<ReturnType<typeof meterReadingSchema>>;
