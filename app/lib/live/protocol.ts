// The live channels' wire protocol and timings (user spec §7 "Live channel", §9; admin spec §7), shared
// by the Durable Objects and the browser. Types and constants only: nothing here costs bundle size.

/** user spec §9 "Live connection" */
export const LIVE_START_DELAY_MS = 500;
export const LIVE_HEARTBEAT_MS = 30_000;
export const LIVE_MAX_RECONNECTS = 5;
export const LIVE_BACKOFF_BASE_MS = 1_000;
export const LIVE_BACKOFF_MAX_MS = 30_000;
/** user spec §9 "Fallback polling" */
export const LIVE_FALLBACK_POLL_MS = 300_000;
/** pushes that make a page reload its data are coalesced (user spec §7, §9 "refresh debounce 1 s") */
export const LIVE_REFRESH_DEBOUNCE_MS = 1_000;
/** the client keeps the latest 50 notifications it was pushed (user spec §2, §9) */
export const LIVE_KEPT_NOTIFICATIONS = 50;

/**
 * The heartbeat, byte for byte. The channels answer it with the same text through the runtime's
 * auto-response, so a heartbeat never wakes a hibernated object.
 */
export const HEARTBEAT_FRAME = '{"type":"heartbeat"}';

/** Close codes: 1000 is a normal close (no reconnect); the 44xx ones end an unusable session. */
export const CLOSE_NORMAL = 1000;
/** bad, expired or revoked token, or no `authenticate` in time */
export const CLOSE_AUTH_FAILED = 4401;
/** the session was ended (logout, revocation) while the socket was open */
export const CLOSE_SESSION_ENDED = 4403;

/** A user notification as the API and the live channel show it (user spec §3 "Notification"). */
export interface NotificationView {
  id: string;
  type: "success" | "warning" | "error" | "info";
  category: "documents" | "offers" | "account" | "general";
  title: string;
  message: string;
  read: boolean;
  created_at: string;
  /** the event that wrote it (document_verified, switch_request_completed, ...) */
  event: string | null;
  data: Record<string, unknown> | null;
}

/** An admin notification (admin spec §3 "Admin notification"). */
export interface AdminNotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  timestamp: string;
  metadata: {
    user_id?: string;
    user_phone?: string;
    document_id?: string;
    document_type?: string;
    switch_request_id?: string;
  };
}

/** The `data` of a `notification` frame. */
export interface LiveEvent {
  /** the event kind: document_verified, switch_request_updated, notifications_read, dashboard_stats, ... */
  event: string;
  /** the row written for it, when there is one */
  notification?: NotificationView | AdminNotificationView;
  /** what the event is about (documentId, status, counts, ...) */
  details: Record<string, unknown>;
  timestamp: string;
}

export type ServerMessage =
  | { type: "connected"; timestamp: string }
  | { type: "authenticated"; timestamp: string; streams: string[] }
  | { type: "subscribed"; streams: string[] }
  | { type: "heartbeat"; timestamp?: string }
  | { type: "notification"; stream: string; data: LiveEvent }
  | { type: "error"; message: string }
  | { type: "auth_error"; message: string };

export type ClientMessage =
  | { type: "authenticate"; token: string }
  | { type: "subscribe"; streams: string[] }
  | { type: "heartbeat" };
