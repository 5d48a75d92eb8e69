import { z } from "zod";
import { TEXTS } from "../texts";

export const devGateSchema = z.object({
  username: z.string({ error: TEXTS.devGate.required }).trim().min(1, TEXTS.devGate.required).max(100),
  password: z.string({ error: TEXTS.devGate.required }).min(1, TEXTS.devGate.required).max(200),
  next: z.string().optional(),
});
