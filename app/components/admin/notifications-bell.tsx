// The header's notifications bell (admin spec §2): at most 20 entries, a link with the total when there
// are more, a badge capped at '99+', the age of each entry ('Acum', minutes, hours, then the day), a
// click opens the page of what it is about (document → /admin/documents, user → /admin/users, switch
// request → /admin/switch-requests) and closes the menu, and clear-all empties it. New entries arrive
// over the admin live channel; the list only has the types this admin's permissions show.
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useDismiss } from "~/components/ui/use-dismiss";
import { adminNotificationAge, bellBadge, bellTarget } from "~/lib/admin-bell";
import { ApiError, apiClient } from "~/lib/api-client";
import type { AdminNotificationView } from "~/lib/live/protocol";
import { ADMIN_BELL_LIMIT, NOTIFICATION_LIST_MAX } from "~/lib/schemas/notifications";
import { ADMIN_TEXTS } from "~/texts/admin";
import { AdminIcon } from "./admin-icons";
import { useAdminLive, useAdminLiveEvents } from "./admin-live";

interface Bell {
  notifications: AdminNotificationView[];
  total: number;
}

const NOTIFICATIONS = ["notifications"] as const;

export function NotificationsBell() {
  const t = ADMIN_TEXTS.bell;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [bell, setBell] = useState<Bell | null>(null);
  const [expanded, setExpanded] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useAdminLive(NOTIFICATIONS);

  const load = useCallback(async (limit: number) => {
    try {
      const body = await apiClient().request<{ data: Bell }>(`/api/admin/notifications?limit=${limit}`, { fresh: true });
      setBell(body.data);
      setFailed(null);
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof TypeError)) throw error;
      setFailed(t.loadFailed);
    }
  }, [t.loadFailed]);

  useEffect(() => {
    void load(ADMIN_BELL_LIMIT);
  }, [load]);

  useAdminLiveEvents(
    (stream) => stream === "notifications",
    (events) => {
      const pushed = events.map((e) => e.notification).filter((n): n is AdminNotificationView => !!n && "timestamp" in n);
      if (pushed.length === 0) return;
      setBell((current) => {
        const list = current?.notifications ?? [];
        const fresh = pushed.filter((n) => !list.some((m) => m.id === n.id)).reverse();
        return { notifications: [...fresh, ...list].slice(0, expanded ? NOTIFICATION_LIST_MAX : ADMIN_BELL_LIMIT), total: (current?.total ?? 0) + fresh.length };
      });
    },
    0,
  );

  const close = useCallback((reason: "outside" | "escape") => {
    setOpen(false);
    if (reason === "escape") buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  async function clearAll() {
    try {
      await apiClient().request("/api/admin/notifications", { method: "DELETE" });
      setBell({ notifications: [], total: 0 });
      setExpanded(false);
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof TypeError)) throw error;
      setFailed(t.clearFailed);
    }
  }

  function openEntry(notification: AdminNotificationView) {
    const target = bellTarget(notification.metadata);
    setOpen(false);
    if (target) navigate(target);
  }

  const total = bell?.total ?? 0;
  const badge = bellBadge(total);
  const list = bell?.notifications ?? [];
  return (
    <div className="admin-bell" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="admin-icon-button admin-bell-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={badge ? `${t.label}: ${t.badge(total)}` : t.label}
        onClick={() => {
          setNow(Date.now());
          setOpen((value) => !value);
        }}
      >
        <AdminIcon name="bell" />
        {badge ? (
          <span className="admin-bell-badge" data-count={total} aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="admin-bell-menu" id={menuId} role="region" aria-label={t.label}>
          <div className="admin-bell-head">
            <p className="admin-bell-title">{t.label}</p>
            {list.length > 0 ? (
              <button type="button" className="admin-link-button" onClick={() => void clearAll()}>
                {t.clearAll}
              </button>
            ) : null}
          </div>
          {failed ? <p className="admin-bell-error" role="alert">{failed}</p> : null}
          {bell === null && !failed ? <p className="admin-bell-empty">{t.loading}</p> : null}
          {bell !== null && list.length === 0 ? <p className="admin-bell-empty">{t.empty}</p> : null}
          {list.length > 0 ? (
            <ul className="admin-bell-list">
              {list.map((n) => (
                <li key={n.id}>
                  <button type="button" className="admin-bell-entry" data-type={n.type} onClick={() => openEntry(n)}>
                    <span className="admin-bell-entry-title">{n.title}</span>
                    <span className="admin-bell-entry-message">{n.message}</span>
                    <time className="admin-bell-entry-age" dateTime={n.timestamp}>
                      {adminNotificationAge(n.timestamp, now)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {total > list.length ? (
            <button
              type="button"
              className="admin-link-button admin-bell-all"
              onClick={() => {
                setExpanded(true);
                void load(NOTIFICATION_LIST_MAX);
              }}
            >
              {t.showAll(total)}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
