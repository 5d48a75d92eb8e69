// The admin header's notifications bell (admin spec §2): the newest admin notifications of the types
// this admin may see, since the admin last cleared the list. "Clear all" is per admin and kept as a
// setting (settings.key = admin_bell_cleared_at:{adminId}), so it holds across tabs and devices.
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { AdminAccessSubject } from "../../lib/admin-access";
import type { AdminNotificationView } from "../../lib/live/protocol";
import type { Database } from "../db/client.server";
import { adminNotifications, settings } from "../db/schema.server";
import { visibleAdminNotificationTypes } from "../live/streams.server";
import { adminNotificationView } from "./notifications.server";

const clearedKey = (adminId: string) => `admin_bell_cleared_at:${adminId}`;

async function clearedAt(db: Database, adminId: string): Promise<number> {
  const [row] = await db.select({ valueJson: settings.valueJson }).from(settings).where(eq(settings.key, clearedKey(adminId))).limit(1);
  const value: unknown = row ? JSON.parse(row.valueJson) : 0;
  return typeof value === "number" ? value : 0;
}

export interface AdminBell {
  notifications: AdminNotificationView[];
  /** how many there are in all (the "see all" link shows it when above the list's length) */
  total: number;
}

export async function adminBell(db: Database, admin: AdminAccessSubject & { id: string }, limit: number): Promise<AdminBell> {
  const types = visibleAdminNotificationTypes(admin);
  if (types.length === 0) return { notifications: [], total: 0 };
  const since = await clearedAt(db, admin.id);
  const where = and(inArray(adminNotifications.type, types), gt(adminNotifications.createdAt, since));
  const [rows, [totals]] = await Promise.all([
    db.select().from(adminNotifications).where(where).orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id)).limit(limit),
    db.select({ n: count() }).from(adminNotifications).where(where),
  ]);
  return { notifications: rows.map(adminNotificationView), total: Number(totals?.n ?? 0) };
}

/** Empties this admin's bell: everything up to now is hidden from it (not deleted for the others). */
export async function clearAdminBell(db: Database, adminId: string, now: number = Date.now()): Promise<void> {
  await db
    .insert(settings)
    .values({ key: clearedKey(adminId), valueJson: JSON.stringify(now), updatedAt: now, updatedBy: adminId })
    .onConflictDoUpdate({ target: settings.key, set: { valueJson: JSON.stringify(now), updatedAt: now, updatedBy: adminId } });
}
