// What the cron sweep keeps of the notification tables, so they stay bounded whatever happens:
// - a user's read notifications go after 90 days, and only the newest 200 of a user are kept at all
//   (the page shows 100, the badge counts the latest 100);
// - admin notifications go after 90 days, and only the newest 1,000 are kept (the bell shows 20).
// Unread user notifications younger than that stay until read or pushed out by newer ones.
const DAY_MS = 24 * 60 * 60 * 1000;

export const READ_NOTIFICATION_RETENTION_DAYS = 90;
export const NOTIFICATIONS_KEPT_PER_USER = 200;
export const ADMIN_NOTIFICATION_RETENTION_DAYS = 90;
export const ADMIN_NOTIFICATIONS_KEPT = 1_000;

export interface NotificationPruneResult {
  readExpired: number;
  beyondPerUserLimit: number;
  admin: number;
}

export async function pruneNotifications(db: D1Database, now: number = Date.now()): Promise<NotificationPruneResult> {
  const [readExpired, beyond, admin] = await db.batch([
    db.prepare("DELETE FROM notifications WHERE read = 1 AND created_at < ?").bind(now - READ_NOTIFICATION_RETENTION_DAYS * DAY_MS),
    // Only users over the limit are ranked, so a sweep with nobody over it reads just the index.
    db
      .prepare(
        `DELETE FROM notifications WHERE id IN (
           SELECT id FROM (
             SELECT id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY created_at DESC, id DESC) AS position
             FROM notifications
             WHERE user_id IN (SELECT user_id FROM notifications GROUP BY user_id HAVING count(*) > ?1)
           ) WHERE position > ?1
         )`,
      )
      .bind(NOTIFICATIONS_KEPT_PER_USER),
    db
      .prepare(
        `DELETE FROM admin_notifications
         WHERE created_at < ?1
            OR id IN (SELECT id FROM admin_notifications ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?2)`,
      )
      .bind(now - ADMIN_NOTIFICATION_RETENTION_DAYS * DAY_MS, ADMIN_NOTIFICATIONS_KEPT),
  ]);
  return {
    readExpired: readExpired?.meta.changes ?? 0,
    beyondPerUserLimit: beyond?.meta.changes ?? 0,
    admin: admin?.meta.changes ?? 0,
  };
}
