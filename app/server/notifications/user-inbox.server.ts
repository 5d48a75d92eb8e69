// A user's notification list (user spec §2 "Notifications", §7): read newest first, mark one or all as
// read. Every query is scoped by the owner's id, so another user's notification is "not found". A
// change is pushed to the user's other tabs so their badges follow.
import type { AppContext } from "../context.server";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { NotificationView } from "../../lib/live/protocol";
import { type Database } from "../db/client.server";
import { notifications } from "../db/schema.server";
import { notificationView, pushUserEvent } from "./notifications.server";

/** user spec §9: pages ask for 100; the unread badge counts the unread among the latest 100. */
export const NOTIFICATION_PAGE_MAX = 100;
export const UNREAD_WINDOW = 100;

export interface NotificationPage {
  notifications: NotificationView[];
  /** all of the user's notifications */
  total: number;
  /** unread among the latest UNREAD_WINDOW (what the badges show) */
  unreadCount: number;
}

/** Unread notifications among the user's latest UNREAD_WINDOW. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const latest = db
    .select({ read: notifications.read })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(UNREAD_WINDOW)
    .as("latest");
  const [row] = await db.select({ n: count() }).from(latest).where(sql`${latest.read} = 0`);
  return Number(row?.n ?? 0);
}

export async function listNotifications(db: Database, userId: string, page: { limit: number; offset: number }): Promise<NotificationPage> {
  const [rows, [totals], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    unreadCount(db, userId),
  ]);
  return { notifications: rows.map(notificationView), total: Number(totals?.n ?? 0), unreadCount: unread };
}


/** Marks one of the user's notifications read; null when the user has no such notification. */
export async function markNotificationRead(ctx: AppContext, userId: string, id: string): Promise<{ notification: NotificationView; unreadCount: number } | null> {
  const db = ctx.db;
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) return null;
  const unread = await unreadCount(db, userId);
  await pushUserEvent(ctx.env, userId, "notifications_read", { ids: [id], unreadCount: unread });
  return { notification: notificationView(row), unreadCount: unread };
}

export async function markAllNotificationsRead(ctx: AppContext, userId: string): Promise<{ updated: number; unreadCount: number }> {
  const db = ctx.db;
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  // Not simply 0: a notification may have arrived since the update.
  const unread = await unreadCount(db, userId);
  await pushUserEvent(ctx.env, userId, "notifications_read", { all: true, unreadCount: unread });
  return { updated: updated.length, unreadCount: unread };
}
