// The home page review form (user spec §2 Reviews): name and comment required, rating 1–5 (default 5).
import * as z from "zod/mini";
import { TEXTS } from "../../texts/user";

export const reviewSchema = z.object({
  name: z.string({ error: TEXTS.reviews.required }).check(z.trim(), z.minLength(1, TEXTS.reviews.required), z.maxLength(80)),
  rating: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(5)), 5),
  comment: z
    .string({ error: TEXTS.reviews.required })
    .check(z.trim(), z.minLength(1, TEXTS.reviews.required), z.maxLength(1_000)),
});

export type ReviewInput = z.infer<typeof reviewSchema>;

/** A published review as the home page shows it (app/server/reviews/reviews.server.ts). */
export interface ReviewView {
  id: string;
  name: string;
  rating: number;
  comment: string;
  date: string;
  verified: boolean;
}
