// The signed-in user's one live connection for the whole page (user spec §4, §7), and what it feeds:
// the connection status (header dot), the unread count (header and mobile badges), the latest 50
// notifications it was pushed, and events for pages (documents, switch history) through useLiveEvents.
// Loaded only on signed-in pages (lazily from the header), never with the home page's first JS.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { ApiError, apiClient } from "~/lib/api-client";
import { LiveConnection, type LiveStatus } from "~/lib/live/connection";
import { LIVE_KEPT_NOTIFICATIONS, type LiveEvent, type NotificationView, type ServerMessage } from "~/lib/live/protocol";
import { useOptionalUser } from "~/lib/session-user";
import { LiveHub, useHubEvents, useHubHold, useHubStatus } from "./live-hub";

/** user spec §2: the badges are refreshed by this window event (the notifications page sends it too). */
export const COUNT_EVENT = "notification-count-updated";

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const unread = store<number | null>(null);
const recent = store<NotificationView[]>([]);

let current: { userId: string; hub: LiveHub } | null = null;

export function setUnreadCount(count: number): void {
  if (count === unread.get()) return;
  unread.set(count);
  window.dispatchEvent(new CustomEvent(COUNT_EVENT, { detail: { count } }));
}

/** Re-reads the count from the list (user spec §2: unread among the latest 100). */
async function refreshUnread(): Promise<void> {
  try {
    const body = await apiClient().request<{ unreadCount: number }>("/api/notifications?limit=100", { fresh: true });
    setUnreadCount(body.unreadCount);
  } catch (error) {
    console.warn("live: unread count refresh failed", error instanceof Error ? error.message : String(error));
  }
}

function isNotificationStream(stream: string): boolean {
  return stream === "notifications" || stream.startsWith("user_notifications_");
}

function countsFrom(message: ServerMessage, reconnected: boolean) {
  // After a reconnection, pushes may have been missed while the socket was down.
  if (message.type === "authenticated" && reconnected) void refreshUnread();
  if (message.type !== "notification" || !isNotificationStream(message.stream)) return;
  const { event, notification, details } = message.data;
  if (event === "notifications_read" && typeof details.unreadCount === "number") setUnreadCount(details.unreadCount);
  else if (notification && "read" in notification && !notification.read && !recent.get().some((n) => n.id === notification.id)) {
    recent.set([notification, ...recent.get()].slice(0, LIVE_KEPT_NOTIFICATIONS));
    setUnreadCount((unread.get() ?? 0) + 1);
  }
}

function hubFor(userId: string): LiveHub {
  if (current?.userId === userId) return current.hub;
  current?.hub.close();
  const connection = new LiveConnection({
    url: () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/auth/ws?user=${encodeURIComponent(userId)}`,
    fetchToken: async () => {
      try {
        const body = await apiClient().request<{ token: string }>("/api/auth/live-token", { method: "POST" });
        return { token: body.token };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { signedOut: true };
        throw error;
      }
    },
    onPoll: () => void refreshUnread(),
    // The session ended elsewhere (logout in another tab): let the header re-read who is signed in.
    onSignedOut: () => window.dispatchEvent(new Event("auth-changed")),
  });
  connection.subscribe(["notifications", `document_processing_${userId}`, `switch_request_${userId}`]);
  let authentications = 0;
  connection.onMessage((message) => {
    if (message.type === "authenticated") authentications++;
    countsFrom(message, authentications > 1);
  });
  unread.set(null);
  recent.set([]);
  current = { userId, hub: new LiveHub(connection) };
  return current.hub;
}

function useUserHub(): LiveHub | null {
  const userId = useOptionalUser()?.id ?? null;
  // Only in the browser: the hub opens a socket.
  return typeof window === "undefined" || !userId ? null : hubFor(userId);
}

/** Keeps the signed-in user's connection running while the component is mounted. */
export function useUserLive(): void {
  useHubHold(useUserHub());
}

export function useLiveStatus(): LiveStatus {
  return useHubStatus(useUserHub());
}

/** Events of the user's streams (see useHubEvents); also holds the connection. */
export function useLiveEvents(match: (stream: string, event: LiveEvent) => boolean, onEvents: (events: LiveEvent[]) => void, debounceMs?: number): void {
  const hub = useUserHub();
  useHubHold(hub);
  useHubEvents(hub, match, onEvents, debounceMs);
}

/** Reloads the route's data when a switch request of this user changes (switch_request_{userId}). */
export function useRevalidateOnSwitchEvents(): void {
  const revalidator = useRevalidator();
  useLiveEvents(
    (stream) => stream.startsWith("switch_request_"),
    () => {
      if (revalidator.state === "idle") revalidator.revalidate();
    },
  );
}

/** The unread count: the server's figure from the page load until the live channel knows better. */
export function useUnreadCount(fromServer: number | null): number {
  useEffect(() => {
    if (fromServer !== null) setUnreadCount(fromServer);
  }, [fromServer]);
  useEffect(() => {
    const onCount = (event: Event) => {
      const count = (event as CustomEvent<{ count?: unknown }>).detail?.count;
      if (typeof count === "number") unread.set(count);
    };
    window.addEventListener(COUNT_EVENT, onCount);
    return () => window.removeEventListener(COUNT_EVENT, onCount);
  }, []);
  const live = useSyncExternalStore(unread.subscribe, unread.get, () => null);
  return live ?? fromServer ?? 0;
}

/** The latest notifications pushed since the page loaded (at most 50, newest first). */
export function useRecentLiveNotifications(): NotificationView[] {
  return useSyncExternalStore(recent.subscribe, recent.get, () => recent.get());
}
