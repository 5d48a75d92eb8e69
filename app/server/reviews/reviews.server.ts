// Published reviews for the home page.
import { desc } from "drizzle-orm";
import type { ReviewView } from "../../lib/schemas/review";
import type { Database } from "../db/client.server";
import { reviews } from "../db/schema.server";

export async function listPublishedReviews(db: Database, limit = 12): Promise<ReviewView[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.reviewDate)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    rating: r.rating,
    comment: r.comment,
    date: r.reviewDate,
    verified: r.verified,
  }));
}
