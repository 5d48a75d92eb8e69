// User notifications (user spec §3 "Notification") and admin notifications (admin spec §3). Rows
// only: the live push over the user's channel arrives with its own issue and will read these.
import { newId } from "../../lib/ids";
import type { Database } from "../db/client.server";
import { adminNotifications, notifications } from "../db/schema.server";

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

export function userNotificationInsert(db: Database, input: UserNotificationInput) {
  const now = input.now ?? Date.now();
  return db.insert(notifications).values({
    id: newId(now),
    userId: input.userId,
    type: input.type,
    category: input.category,
    event: input.event,
    title: input.title,
    message: input.message,
    dataJson: input.data ? JSON.stringify(input.data) : null,
    createdAt: now,
  });
}

export async function notifyUser(db: Database, input: UserNotificationInput): Promise<void> {
  await userNotificationInsert(db, input);
}

export interface AdminNotificationInput {
  type:
    | "document_needs_review"
    | "document_uploaded"
    | "document_verified"
    | "document_rejected"
    | "user_registered"
    | "switch_request_created"
    | "system_alert";
  title: string;
  message: string;
  metadata: { user_id?: string; user_phone?: string; document_id?: string; document_type?: string; switch_request_id?: string };
  now?: number;
}

export function adminNotificationInsert(db: Database, input: AdminNotificationInput) {
  const now = input.now ?? Date.now();
  return db.insert(adminNotifications).values({
    id: newId(now),
    type: input.type,
    title: input.title,
    message: input.message,
    metadataJson: JSON.stringify(input.metadata),
    createdAt: now,
  });
}
