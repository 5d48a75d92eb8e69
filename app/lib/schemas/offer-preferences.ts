// The results list's own inputs: monthly consumption and the price paid today (both optional to touch).
import { z } from "zod";
import { MAX_MONTHLY_KWH } from "../offers";
import { TEXTS } from "../texts";

export const monthlyKwhSchema = z.coerce
  .number({ error: TEXTS.search.consumptionInvalid })
  .int(TEXTS.search.consumptionInvalid)
  .min(1, TEXTS.search.consumptionInvalid)
  .max(MAX_MONTHLY_KWH, TEXTS.search.consumptionInvalid);

/** '1,25' or '1.2500' → '1.2500'; empty → null (no current price known). */
export const currentPriceSchema = z
  .string()
  .trim()
  .transform((text) => text.replace(",", "."))
  .refine((text) => text === "" || /^\d{1,2}(\.\d{1,4})?$/.test(text), TEXTS.search.currentPriceInvalid)
  .transform((text) => (text === "" ? null : Number(text).toFixed(4)));
