// What the navigation shows of the live connection (user spec §2 "Header and navigation"): next to
// Notificări the live dot (green 'Conectat în timp real', otherwise pulsing yellow 'Conectare
// WebSocket...') and the unread badge; on the mobile bar the badge capped at '9+', hidden at 0.
// Loaded lazily by the header and the mobile bar, only for signed-in users; mounting it starts the
// page's live connection.
import { useRouteLoaderData } from "@remix-run/react";
import { LIVE_TEXTS } from "~/texts/live";
import { unreadBadge } from "~/lib/unread-badge";
import { useLiveStatus, useUnreadCount, useUserLive } from "./user-live";

function useServerUnread(): number | null {
  return useRouteLoaderData<{ unreadNotifications?: number | null }>("root")?.unreadNotifications ?? null;
}

export function HeaderLiveIndicator() {
  useUserLive();
  const connected = useLiveStatus() === "connected";
  const count = useUnreadCount(useServerUnread());
  const title = connected ? LIVE_TEXTS.connected : LIVE_TEXTS.connecting;
  const badge = unreadBadge(count, 99);
  return (
    <>
      <span className={`nav-live-dot${connected ? " connected" : ""}`} role="img" aria-label={title} title={title} data-live={connected ? "connected" : "connecting"} />
      {badge ? (
        <span className="nav-badge" role="img" aria-label={LIVE_TEXTS.unreadCount(count)} data-unread={count}>
          {badge}
        </span>
      ) : null}
    </>
  );
}

export function MobileUnreadBadge() {
  useUserLive();
  const count = useUnreadCount(useServerUnread());
  const badge = unreadBadge(count);
  if (!badge) return null;
  return (
    <span className="nav-badge mobile" role="img" aria-label={LIVE_TEXTS.unreadCount(count)} data-unread={count}>
      {badge}
    </span>
  );
}
