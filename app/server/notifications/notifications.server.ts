// User notifications (user spec §3 "Notification") and admin notifications (admin spec §3): the row in
// D1 and its live push. Every write goes through here, so every event kind reaches the sockets:
//   notifyUser(env, input)            one row + push (the usual call)
//   newUserNotification + userNotificationInsert inside a db.batch, then publishUserNotification
//   pushUserEvent(env, ...)           a push without a row (progress of a running step)
// and the same three for admins (notifyAdmins, newAdminNotification/adminNotificationInsert/
// publishAdminNotification). The stream is chosen from the event name (live/streams.server.ts).
import type { AppContext } from "../context.server";
import { newId } from "../../lib/ids";
import type { AdminNotificationView, LiveEvent, NotificationView } from "../../lib/live/protocol";
import { type Database } from "../db/client.server";
import { adminNotifications, notifications } from "../db/schema.server";
import type { Env } from "../env.server";
import { pushAdminNotification, pushToUser } from "../live/publish.server";
import { userTopicsForEvent, type AdminNotificationType } from "../live/streams.server";

/** Event kinds of the live channel (user spec §7) that notifications carry. */
export type UserNotificationEvent =
  | "document_processing"
  | "document_verified"
  | "document_rejected"
  | "document_failed"
  | "meter_reading_submitted"
  | "switch_request_created"
  | "switch_request_updated"
  | "switch_request_processing"
  | "switch_request_completed"
  | "switch_request_failed"
  | "switch_request_submitted"
  | "switch_request_cancelled";

export interface UserNotificationInput {
  userId: string;
  event: UserNotificationEvent;
  type: "success" | "warning" | "error" | "info";
  category: "documents" | "offers" | "account" | "general";
  title: string;
  message: string;
  data?: Record<string, unknown>;
  now?: number;
}

export type UserNotificationRow = typeof notifications.$inferSelect;

export function newUserNotification(input: UserNotificationInput): UserNotificationRow {
  const now = input.now ?? Date.now();
  return {
    id: newId(now),
    userId: input.userId,
    type: input.type,
    category: input.category,
    event: input.event,
    title: input.title,
    message: input.message,
    dataJson: input.data ? JSON.stringify(input.data) : null,
    read: false,
    createdAt: now,
  };
}

export function userNotificationInsert(db: Database, row: UserNotificationRow) {
  return db.insert(notifications).values(row);
}

function parseJsonObject(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  const value: unknown = JSON.parse(json);
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function notificationView(row: UserNotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    title: row.title,
    message: row.message,
    read: row.read,
    created_at: new Date(row.createdAt).toISOString(),
    event: row.event,
    data: parseJsonObject(row.dataJson),
  };
}

/** Pushes a stored notification to its owner's sockets: the notification streams and its event's stream. */
export function publishUserNotification(env: Pick<Env, "USER_CHANNEL" | "ADMIN_CHANNEL">, row: UserNotificationRow): Promise<void> {
  const view = notificationView(row);
  const event = row.event ?? "notification";
  const live: LiveEvent = { event, notification: view, details: view.data ?? {}, timestamp: view.created_at };
  return pushToUser(env, row.userId, live, userTopicsForEvent(event, true));
}

/** Writes a notification for a user and pushes it live. */
export async function notifyUser(ctx: Pick<AppContext, "env" | "db">, input: UserNotificationInput): Promise<UserNotificationRow> {
  const row = newUserNotification(input);
  await userNotificationInsert(ctx.db, row);
  await publishUserNotification(ctx.env, row);
  return row;
}

/** A live event with no notification row (e.g. the progress of a running step); the stream follows its name. */
export function pushUserEvent(
  env: Pick<Env, "USER_CHANNEL" | "ADMIN_CHANNEL">,
  userId: string,
  event: string,
  details: Record<string, unknown>,
  now: number = Date.now(),
): Promise<void> {
  return pushToUser(env, userId, { event, details, timestamp: new Date(now).toISOString() }, userTopicsForEvent(event, false));
}

// ---- admin notifications ----

export interface AdminNotificationInput {
  type: AdminNotificationType;
  title: string;
  message: string;
  metadata: AdminNotificationView["metadata"];
  now?: number;
}

export type AdminNotificationRow = typeof adminNotifications.$inferSelect;

export function newAdminNotification(input: AdminNotificationInput): AdminNotificationRow {
  const now = input.now ?? Date.now();
  return {
    id: newId(now),
    type: input.type,
    title: input.title,
    message: input.message,
    metadataJson: JSON.stringify(input.metadata),
    createdAt: now,
  };
}

export function adminNotificationInsert(db: Database, row: AdminNotificationRow) {
  return db.insert(adminNotifications).values(row);
}

export function adminNotificationView(row: AdminNotificationRow): AdminNotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    timestamp: new Date(row.createdAt).toISOString(),
    metadata: (parseJsonObject(row.metadataJson) ?? {}) as AdminNotificationView["metadata"],
  };
}

/** Pushes a stored admin notification to the admins allowed to see its type (and refreshes their dashboard). */
export function publishAdminNotification(env: Pick<Env, "USER_CHANNEL" | "ADMIN_CHANNEL">, row: AdminNotificationRow): Promise<void> {
  return pushAdminNotification(env, adminNotificationView(row));
}

export async function notifyAdmins(ctx: Pick<AppContext, "env" | "db">, input: AdminNotificationInput): Promise<AdminNotificationRow> {
  const row = newAdminNotification(input);
  await adminNotificationInsert(ctx.db, row);
  await publishAdminNotification(ctx.env, row);
  return row;
}
