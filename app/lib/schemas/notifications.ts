// Inputs of the notifications API (user spec §7): GET /api/notifications?limit&offset and the id in
// PUT /api/notifications/{id}/read; the admin bell's ?limit (admin spec §9: 20 shown, more on demand).
import * as z from "zod/mini";
import { LIVE_TEXTS } from "../../texts/live";

export const NOTIFICATION_LIST_MAX = 100;
export const ADMIN_BELL_LIMIT = 20;

/** A whole number in a query string, within bounds, with a default when absent. */
function queryInt(min: number, max: number, fallback: number) {
  const whole = z.pipe(z.transform(Number), z.number().check(z.int(), z.gte(min), z.lte(max)));
  return z._default(z.pipe(z.string().check(z.regex(/^\d{1,7}$/)), whole), fallback);
}

export const notificationListQuerySchema = z.object(
  {
    limit: queryInt(1, NOTIFICATION_LIST_MAX, NOTIFICATION_LIST_MAX),
    offset: queryInt(0, 1_000_000, 0),
  },
  { error: LIVE_TEXTS.api.invalidQuery },
);

export const notificationIdSchema = z.uuid({ error: LIVE_TEXTS.api.invalidId });

export const adminBellQuerySchema = z.object({ limit: queryInt(1, NOTIFICATION_LIST_MAX, ADMIN_BELL_LIMIT) });
