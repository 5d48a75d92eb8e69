// Cron sweeps: housekeeping that must not depend on user traffic.
import type { AppContext } from "../app/server/context.server";
import { requeueStuckDocuments, type SweepResult } from "../app/server/documents/lifecycle.server";
import { requeueStrandedSwitches } from "../app/server/switching/pipeline.server";
import { pruneNotifications, type NotificationPruneResult } from "../app/server/notifications/retention.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function runSweeps(
  ctx: AppContext,
  now: number = Date.now(),
): Promise<{
  otps: number;
  sessions: number;
  adminSessions: number;
  outbox: number;
  documents: SweepResult;
  notifications: NotificationPruneResult;
  switches: number;
}> {
  const { env } = ctx;
  const [otps, sessions, adminSessions, outbox] = await env.DB.batch([
    env.DB.prepare("DELETE FROM otp_challenges WHERE expires_at < ?").bind(now - DAY_MS),
    env.DB.prepare("DELETE FROM user_sessions WHERE expires_at < ?").bind(now - DAY_MS),
    env.DB.prepare("DELETE FROM admin_sessions WHERE expires_at < ?").bind(now - DAY_MS),
    // The local outbox holds codes in clear text: keep a day of them for people testing by hand.
    env.DB.prepare("DELETE FROM sms_outbox WHERE created_at < ?").bind(now - DAY_MS),
  ]);
  // Documents whose queue message was lost (consumer died, send failed) go through the queue again.
  const documents = await requeueStuckDocuments(ctx, now);
  const notifications = await pruneNotifications(env.DB, now);
  // Switch requests whose hand-over to the supplier's queue was lost go to it again.
  const switches = await requeueStrandedSwitches(ctx, now);
  return {
    otps: otps?.meta.changes ?? 0,
    sessions: sessions?.meta.changes ?? 0,
    adminSessions: adminSessions?.meta.changes ?? 0,
    outbox: outbox?.meta.changes ?? 0,
    documents,
    notifications,
    switches,
  };
}
