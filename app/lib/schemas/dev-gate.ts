import * as z from "zod/mini";
import { TEXTS } from "../../texts/user";

export const devGateSchema = z.object({
  username: z.string({ error: TEXTS.devGate.required }).check(z.trim(), z.minLength(1, TEXTS.devGate.required), z.maxLength(100)),
  password: z.string({ error: TEXTS.devGate.required }).check(z.minLength(1, TEXTS.devGate.required), z.maxLength(200)),
  next: z.optional(z.string()),
});
