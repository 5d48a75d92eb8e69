// /notificari (user spec §2 "Notifications"): the list with a type icon, title, message, relative time
// ('Acum', 'h', 'z' up to 7 days, then the day) and read state; mark one or all as read; empty,
// loading and error states. New notifications arrive over the live channel without a reload; a
// change made in another tab (mark read) shows here too.
import { useCallback, useEffect, useId, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { ApiError, apiClient } from "~/lib/api-client";
import type { LiveEvent, NotificationView } from "~/lib/live/protocol";
import { notificationAge } from "~/lib/notification-age";
import { LIVE_TEXTS } from "~/texts/live";
import { setUnreadCount, useLiveEvents, useRecentLiveNotifications } from "~/components/live/user-live";

type LoadState = "ready" | "loading" | "error";

interface NotificationsPageProps {
  initial: { notifications: NotificationView[]; unreadCount: number } | null;
}

const MINUTE_MS = 60_000;
/** user spec §9: the badges count the unread among the latest 100 */
const UNREAD_WINDOW = 100;

function TypeIcon({ type }: { type: NotificationView["type"] }) {
  const paths: Record<NotificationView["type"], string> = {
    success: "M5 12.5l4.5 4.5L19 7.5",
    warning: "M12 4l9 16H3zM12 10v4M12 17.5v.5",
    error: "M8 8l8 8M16 8l-8 8",
    info: "M12 11v6M12 7.5v.5",
  };
  return (
    <span className={`notification-icon ${type}`} role="img" aria-label={LIVE_TEXTS.notifications.typeLabels[type]}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d={paths[type]} />
      </svg>
    </span>
  );
}

/** Newest first, each id once (a push may race the page's own fetch). */
function merged(list: NotificationView[], incoming: NotificationView[]): NotificationView[] {
  const known = new Set(list.map((n) => n.id));
  const fresh = incoming.filter((n) => !known.has(n.id));
  return [...fresh, ...list].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id.localeCompare(a.id)));
}

export function NotificationsPage({ initial }: NotificationsPageProps) {
  const t = LIVE_TEXTS.notifications;
  const toast = useToast();
  const headingId = useId();
  const [items, setItems] = useState<NotificationView[]>(initial?.notifications ?? []);
  const [loadState, setLoadState] = useState<LoadState>(initial ? "ready" : "error");
  const [busy, setBusy] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const recent = useRecentLiveNotifications();
  const unread = items.slice(0, UNREAD_WINDOW).filter((n) => !n.read).length;

  // Relative times move on while the page stays open.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);

  // The badges count the same list (user spec §2: unread among the latest 100).
  useEffect(() => {
    if (loadState === "ready") setUnreadCount(unread);
  }, [loadState, unread]);

  useEffect(() => {
    if (recent.length > 0) setItems((list) => merged(list, recent));
  }, [recent]);

  const load = useCallback(async () => {
    setLoadState("loading");
    try {
      const body = await apiClient().request<{ notifications: NotificationView[] }>("/api/notifications?limit=100", { fresh: true });
      // The server's copies win; a push that arrived during the call is kept.
      setItems((list) => merged(body.notifications, list));
      setLoadState("ready");
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof TypeError)) throw error;
      setLoadState("error");
      toast({ title: t.loadFailed, description: error.message, variant: "destructive" });
    }
  }, [t.loadFailed, toast]);

  useLiveEvents(
    (stream) => stream === "notifications",
    (events: LiveEvent[]) => {
      const pushed = events.map((e) => e.notification).filter((n): n is NotificationView => !!n && "read" in n);
      if (pushed.length > 0) setItems((list) => merged(list, pushed));
      for (const event of events) {
        if (event.event !== "notifications_read") continue;
        const ids = Array.isArray(event.details.ids) ? (event.details.ids as string[]) : null;
        setItems((list) => list.map((n) => (event.details.all === true || ids?.includes(n.id) ? { ...n, read: true } : n)));
      }
    },
    0,
  );

  async function markRead(notification: NotificationView) {
    setBusy(notification.id);
    try {
      await apiClient().request(`/api/notifications/${encodeURIComponent(notification.id)}/read`, { method: "PUT" });
      setItems((list) => list.map((n) => (n.id === notification.id ? { ...n, read: true } : n)));
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof TypeError)) throw error;
      toast({ title: t.markFailed, description: error.message, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function markAll() {
    setBusy("all");
    try {
      await apiClient().request("/api/notifications/read-all", { method: "PUT" });
      setItems((list) => list.map((n) => ({ ...n, read: true })));
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof TypeError)) throw error;
      toast({ title: t.markAllFailed, description: error.message, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="container page notifications-page" aria-labelledby={headingId}>
      <div className="notifications-head">
        <div>
          <h1 id={headingId}>{t.title}</h1>
          <p className="muted">{loadState === "ready" && items.length > 0 ? (unread > 0 ? t.unreadSummary(unread) : t.allRead) : t.intro}</p>
        </div>
        {loadState === "ready" && items.length > 0 ? (
          <button type="button" className="button secondary small" disabled={unread === 0 || busy !== null} onClick={() => void markAll()}>
            {t.markAll}
          </button>
        ) : null}
      </div>

      <div className="card notifications-card" aria-busy={loadState === "loading"}>
        {loadState === "loading" ? (
          <p className="muted" role="status">
            <span className="spinner dark" aria-hidden="true" /> {t.loading}
          </p>
        ) : loadState === "error" ? (
          <div className="notice error" role="alert">
            <p className="notice-title">{t.loadFailed}</p>
            <p>{t.loadUnavailable}</p>
            <button type="button" className="link-button" onClick={() => void load()}>
              {t.retry}
            </button>
          </div>
        ) : items.length === 0 ? (
          <div className="notifications-empty">
            <h2>{t.emptyTitle}</h2>
            <p className="muted">{t.empty}</p>
          </div>
        ) : (
          <ul className="notification-list">
            {items.map((n) => (
              <li key={n.id} className={`notification-item${n.read ? "" : " unread"}`} data-id={n.id} data-read={n.read}>
                <TypeIcon type={n.type} />
                <div className="notification-body">
                  <p className="notification-title">
                    {n.title}
                    <span className="visually-hidden"> – {n.read ? t.read : t.unread}</span>
                  </p>
                  <p className="notification-message">{n.message}</p>
                  <p className="notification-meta">
                    <time dateTime={n.created_at}>{notificationAge(n.created_at, now)}</time>
                    <span aria-hidden="true"> · </span>
                    <span>{t.categoryLabels[n.category] ?? n.category}</span>
                  </p>
                </div>
                {n.read ? null : (
                  <button type="button" className="link-button notification-mark" disabled={busy !== null} onClick={() => void markRead(n)}>
                    {t.markRead}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
