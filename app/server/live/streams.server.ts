// Which live stream carries which event (user spec §7 "Live channel", admin spec §7 "Admin live
// channel"), and who may subscribe to what. Pure, so both channels and their tests read one rule set.
//
// User side: an event goes to the stream of its domain, chosen by the event name's prefix, and every
// event that wrote a notification row also goes to the notification streams:
//   document_*, meter_reading_*  → document_processing_{userId}
//   switch_request_*             → switch_request_{userId}
//   a notification row, or any other event name → notifications / user_notifications_{userId}
// so a new event kind (e.g. switch_request_submitted) is delivered without touching this file.
import { canAccess, type AdminAccessSubject, type AdminPermission } from "../../lib/admin-access";
import { OVERVIEW_BLOCK_PERMISSIONS } from "../admin/overview.server";

export type UserTopic = "notifications" | "documents" | "switch_requests";

/** The stream names a user may subscribe to, by topic. `notifications` is an alias of the own stream. */
export function userStreamsByTopic(userId: string): Record<UserTopic, readonly string[]> {
  return {
    notifications: ["notifications", `user_notifications_${userId}`],
    documents: [`document_processing_${userId}`],
    switch_requests: [`switch_request_${userId}`],
  };
}

export function isOwnUserStream(stream: string, userId: string): boolean {
  return Object.values(userStreamsByTopic(userId)).some((names) => names.includes(stream));
}

/** The topics an event goes to; `withRow` says a notification row was written for it. */
export function userTopicsForEvent(event: string, withRow: boolean): UserTopic[] {
  const domain: UserTopic | null =
    event.startsWith("document_") || event.startsWith("meter_reading_")
      ? "documents"
      : event.startsWith("switch_request_")
        ? "switch_requests"
        : null;
  const topics: UserTopic[] = domain ? [domain] : [];
  if (withRow || !domain) topics.push("notifications");
  return topics;
}

/**
 * The frames one socket gets for an event: one per topic, on the first stream of that topic the socket
 * subscribed to (a socket subscribed to both `notifications` and `user_notifications_{id}` gets the
 * notification once).
 */
export function userStreamsToDeliver(topics: readonly UserTopic[], subscribed: readonly string[], userId: string): string[] {
  const byTopic = userStreamsByTopic(userId);
  const out: string[] = [];
  for (const topic of topics) {
    const stream = subscribed.find((name) => byTopic[topic].includes(name));
    if (stream) out.push(stream);
  }
  return out;
}

// ---- admin side ----

export const ADMIN_STREAMS = ["dashboard_stats", "system_health", "notifications"] as const;
export type AdminStream = (typeof ADMIN_STREAMS)[number];

export const ADMIN_NOTIFICATION_TYPES = [
  "document_needs_review",
  "document_uploaded",
  "document_verified",
  "document_rejected",
  "user_registered",
  "switch_request_created",
  "system_alert",
] as const;
export type AdminNotificationType = (typeof ADMIN_NOTIFICATION_TYPES)[number];

/** The permission an admin needs to see an admin notification of this type (admin spec §2, §6). */
export function adminNotificationPermission(type: AdminNotificationType): AdminPermission {
  if (type.startsWith("document_")) return "document_verification";
  if (type === "system_alert") return "system_monitoring";
  // Users and switch requests sit under user_management in the navigation (spec §2).
  return "user_management";
}

export function visibleAdminNotificationTypes(admin: AdminAccessSubject): AdminNotificationType[] {
  return ADMIN_NOTIFICATION_TYPES.filter((type) => canAccess(admin, adminNotificationPermission(type)));
}

/** Whether an admin may subscribe to a stream at all (notifications are then filtered per type). */
export function mayAdminSubscribe(admin: AdminAccessSubject, stream: string): stream is AdminStream {
  if (stream === "notifications") return true;
  if (stream === "system_health") return canAccess(admin, "system_monitoring");
  if (stream === "dashboard_stats") {
    return Object.values(OVERVIEW_BLOCK_PERMISSIONS).some((permission) => canAccess(admin, permission));
  }
  return false;
}
