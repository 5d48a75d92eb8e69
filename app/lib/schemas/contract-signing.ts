// The signing form of /semnare/{token} (issue #10, item 5): the SMS code, a typed name or a drawn
// signature (a PNG data URL from the canvas), and the consent box.
import * as z from "zod/mini";
import { SIGNING_TEXTS } from "../../texts/signing";

const E = SIGNING_TEXTS.errors;
/** A drawn signature fits well under this (a 600×200 canvas of strokes is ~10–40 KB). */
export const MAX_SIGNATURE_DATA_URL = 400_000;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

const common = {
  code: z.string({ error: E.code }).check(z.trim(), z.regex(/^\d{6}$/, E.code)),
  consent: z.literal("on", { error: E.consent }),
};

export const contractSigningSchema = z.discriminatedUnion("method", [
  z.object({
    ...common,
    method: z.literal("typed"),
    typedName: z
      .string({ error: E.typedName })
      .check(z.trim(), z.minLength(3, E.typedName), z.maxLength(100, E.typedName), z.regex(/^[\p{L}][\p{L} .'\u2019-]*$/u, E.typedName)),
  }),
  z.object({
    ...common,
    method: z.literal("drawn"),
    signaturePng: z
      .string({ error: E.drawn })
      .check(z.maxLength(MAX_SIGNATURE_DATA_URL, E.drawn), z.regex(PNG_DATA_URL, E.drawn)),
  }),
]);

export type ContractSigningInput = z.infer<typeof contractSigningSchema>;

export const SIGNING_INTENTS = ["send-code", "sign", "new-link"] as const;
