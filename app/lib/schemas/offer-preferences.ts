// The results list's own inputs: monthly consumption and the price paid today (both optional to touch).
import * as z from "zod/mini";
import { MAX_MONTHLY_KWH } from "../offers";
import { TEXTS } from "../../texts/user";

export const monthlyKwhSchema = z.coerce
  .number({ error: TEXTS.search.consumptionInvalid })
  .check(
    z.int(TEXTS.search.consumptionInvalid),
    z.minimum(1, TEXTS.search.consumptionInvalid),
    z.maximum(MAX_MONTHLY_KWH, TEXTS.search.consumptionInvalid),
  );

/** '1,25' or '1.2500' → '1.2500'; empty → null (no current price known). */
export const currentPriceSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((text) => text.replace(",", ".")),
  ).check(z.refine((text) => text === "" || /^\d{1,2}(\.\d{1,4})?$/.test(text), TEXTS.search.currentPriceInvalid)),
  z.transform((text) => (text === "" ? null : Number(text).toFixed(4))),
);
