// The home page review form (user spec §2 Reviews): name and comment required, rating 1–5 (default 5).
import { z } from "zod";
import { TEXTS } from "../texts";

export const reviewSchema = z.object({
  name: z.string({ error: TEXTS.reviews.required }).trim().min(1, TEXTS.reviews.required).max(80),
  rating: z.coerce.number().int().min(1).max(5).default(5),
  comment: z
    .string({ error: TEXTS.reviews.required })
    .trim()
    .min(1, TEXTS.reviews.required)
    .max(1_000),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
