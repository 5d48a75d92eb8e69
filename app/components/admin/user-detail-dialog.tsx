// The user detail dialog of /admin/users (admin spec §2 "Users", §3 "User detail", "Activity timeline
// item", §8, §9): four tabs — Prezentare (personal data, last login, document progress), Activitate
// (timeline, loaded when first opened; a failure empties it silently), Documente (documents and the 10
// latest auth logs), Schimbări (supplier switches) — each with its empty state.
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Modal } from "~/components/ui/modal";
import { fileSizeMb, progressCell, userDisplayName, type DocumentProgressView } from "~/lib/admin-users";
import { apiClient } from "~/lib/api-client";
import { ADMIN_TEXTS } from "~/texts/admin";
import { isApiFailure } from "./api-failure";
import type { AdminUserListItem } from "./users-page";

interface UserDetail extends AdminUserListItem {
  documents: { id: string; type: string; filename: string; status: string; uploaded_at: string; file_size: number }[];
  auth_logs: { id: string; action: string; ip_address: string | null; user_agent: string | null; created_at: string; success: boolean }[];
  energy_switches: { id: string; from_supplier: string | null; to_supplier: string; switch_date: string; status: string; savings_amount: number | null }[];
}

interface TimelineItem {
  id: string;
  action: string;
  timestamp: string;
  details: Record<string, string | number | boolean | null>;
  ip_address: string | null;
}

const TABS = ["overview", "activity", "documents", "switches"] as const;
type Tab = (typeof TABS)[number];

const dateTime = new Intl.DateTimeFormat("ro-RO", {
  timeZone: "Europe/Bucharest",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const lei = new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : ADMIN_TEXTS.users.never);

function Overview({ user }: { user: UserDetail }) {
  const t = ADMIN_TEXTS.users;
  const progress: DocumentProgressView = user.document_progress;
  return (
    <div className="user-detail-overview">
      <section>
        <h3>{t.personal}</h3>
        <dl className="request-card-fields">
          <div>
            <dt>{t.firstName}</dt>
            <dd>{user.first_name ?? "—"}</dd>
          </div>
          <div>
            <dt>{t.lastName}</dt>
            <dd>{user.last_name ?? "—"}</dd>
          </div>
          <div>
            <dt>{t.columns.phone}</dt>
            <dd>{user.phone}</dd>
          </div>
          <div>
            <dt>{t.email}</dt>
            <dd>{user.email ?? "—"}</dd>
          </div>
          <div>
            <dt>{t.columns.status}</dt>
            <dd>
              <span className={`admin-badge user-status-${user.status}`}>{t.statusLabels[user.status]}</span>
            </dd>
          </div>
          <div>
            <dt>{t.columns.registered}</dt>
            <dd>{when(user.created_at)}</dd>
          </div>
          <div>
            <dt>{t.lastLogin}</dt>
            <dd>{when(user.last_login)}</dd>
          </div>
        </dl>
      </section>
      <section>
        <h3>{t.documentProgress}</h3>
        <p className="admin-muted">
          {t.completion}: {progressCell(progress)}
        </p>
        <dl className="queue-counts">
          {(["identity", "bills", "contracts", "meter_photos"] as const).map((kind) => (
            <div key={kind}>
              <dt>{t.progressKinds[kind]}</dt>
              <dd>{progress[kind]}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

function Activity({ items }: { items: TimelineItem[] | null }) {
  const t = ADMIN_TEXTS.users;
  if (items === null) return <p className="admin-muted">{t.loading}</p>;
  if (items.length === 0) return <p className="admin-empty">{t.activityEmpty}</p>;
  return (
    <ol className="user-timeline">
      {items.map((item) => (
        <li key={item.id} data-action={item.action}>
          <strong>{t.timelineActions[item.action] ?? item.action}</strong>
          <span className="admin-muted">
            {when(item.timestamp)}
            {item.ip_address ? ` · ${item.ip_address}` : ""}
          </span>
          <span className="user-timeline-details">
            {Object.entries(item.details)
              .filter(([, value]) => value !== null && value !== "")
              .map(([key, value]) => `${key}: ${String(value)}`)
              .join(" · ")}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Documents({ user }: { user: UserDetail }) {
  const t = ADMIN_TEXTS.users;
  return (
    <div>
      {user.documents.length === 0 ? (
        <p className="admin-empty">{t.documentsEmpty}</p>
      ) : (
        <table className="user-table compact">
          <thead>
            <tr>
              <th scope="col">{t.documentColumns.type}</th>
              <th scope="col">{t.documentColumns.file}</th>
              <th scope="col">{t.documentColumns.status}</th>
              <th scope="col">{t.documentColumns.uploaded}</th>
              <th scope="col">{t.documentColumns.size}</th>
            </tr>
          </thead>
          <tbody>
            {user.documents.map((doc) => (
              <tr key={doc.id}>
                <td data-label={t.documentColumns.type}>{t.documentTypes[doc.type] ?? doc.type}</td>
                <td data-label={t.documentColumns.file}>{doc.filename}</td>
                <td data-label={t.documentColumns.status}>
                  <span className={`admin-badge status-${doc.status}`}>{ADMIN_TEXTS.overview.documentStatus[doc.status] ?? doc.status}</span>
                </td>
                <td data-label={t.documentColumns.uploaded}>{when(doc.uploaded_at)}</td>
                <td data-label={t.documentColumns.size}>{fileSizeMb(doc.file_size)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t.authLogsTitle}</h3>
      {user.auth_logs.length === 0 ? (
        <p className="admin-empty">{t.authLogsEmpty}</p>
      ) : (
        <table className="user-table compact" data-table="auth-logs">
          <thead>
            <tr>
              <th scope="col">{t.authColumns.action}</th>
              <th scope="col">{t.authColumns.time}</th>
              <th scope="col">{t.authColumns.ip}</th>
              <th scope="col">{t.authColumns.agent}</th>
              <th scope="col">{t.authColumns.result}</th>
            </tr>
          </thead>
          <tbody>
            {user.auth_logs.map((log) => (
              <tr key={log.id}>
                <td data-label={t.authColumns.action}>{t.timelineActions[`auth.${log.action}`] ?? log.action}</td>
                <td data-label={t.authColumns.time}>{when(log.created_at)}</td>
                <td data-label={t.authColumns.ip}>{log.ip_address ?? "—"}</td>
                <td data-label={t.authColumns.agent} className="user-agent">
                  {log.user_agent ?? "—"}
                </td>
                <td data-label={t.authColumns.result}>{t.authResult[String(log.success)]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Switches({ user }: { user: UserDetail }) {
  const t = ADMIN_TEXTS.users;
  if (user.energy_switches.length === 0) return <p className="admin-empty">{t.switchesEmpty}</p>;
  return (
    <table className="user-table compact">
      <thead>
        <tr>
          <th scope="col">{t.switchColumns.from}</th>
          <th scope="col">{t.switchColumns.to}</th>
          <th scope="col">{t.switchColumns.date}</th>
          <th scope="col">{t.switchColumns.status}</th>
          <th scope="col">{t.switchColumns.savings}</th>
        </tr>
      </thead>
      <tbody>
        {user.energy_switches.map((s) => (
          <tr key={s.id}>
            <td data-label={t.switchColumns.from}>{s.from_supplier ?? "—"}</td>
            <td data-label={t.switchColumns.to}>{s.to_supplier}</td>
            <td data-label={t.switchColumns.date}>{s.switch_date}</td>
            <td data-label={t.switchColumns.status}>
              <span className={`admin-badge status-${s.status}`}>{ADMIN_TEXTS.users.switchStatus[s.status] ?? s.status}</span>
            </td>
            <td data-label={t.switchColumns.savings}>{s.savings_amount === null ? "—" : t.savings(lei.format(s.savings_amount))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function UserDetailDialog({ user, onClose }: { user: AdminUserListItem | null; onClose: () => void }) {
  const t = ADMIN_TEXTS.users;
  const ids = useId();
  const [tab, setTab] = useState<Tab>("overview");
  const [detail, setDetail] = useState<UserDetail | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "unavailable">("loading");
  const [timeline, setTimeline] = useState<TimelineItem[] | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    let live = true;
    setTab("overview");
    setDetail(null);
    setTimeline(null);
    setState("loading");
    apiClient()
      .request<{ data: UserDetail }>(`/api/admin/users/${userId}`, { fresh: true })
      .then((body) => {
        if (!live) return;
        setDetail(body.data);
        setState("ready");
      })
      .catch((error: unknown) => {
        if (!isApiFailure(error)) throw error;
        if (live) setState("unavailable");
      });
    return () => {
      live = false;
    };
  }, [userId]);

  useEffect(() => {
    if (!userId || tab !== "activity" || timeline !== null) return;
    let live = true;
    apiClient()
      .request<{ data: { timeline: TimelineItem[] } }>(`/api/admin/users/${userId}/activity`, { fresh: true })
      .then((body) => live && setTimeline(body.data.timeline))
      .catch((error: unknown) => {
        if (!isApiFailure(error)) throw error;
        // Spec §8: an activity load failure empties the timeline silently.
        if (live) setTimeline([]);
      });
    return () => {
      live = false;
    };
  }, [userId, tab, timeline]);

  const tabProps = (id: Tab) => ({
    id: `${ids}-${id}-tab`,
    role: "tab",
    type: "button" as const,
    "aria-selected": tab === id,
    "aria-controls": `${ids}-${id}-panel`,
    tabIndex: tab === id ? 0 : -1,
    className: `tab${tab === id ? " active" : ""}`,
    onClick: () => setTab(id),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      const next = TABS[(TABS.indexOf(tab) + (event.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length]!;
      setTab(next);
      document.getElementById(`${ids}-${next}-tab`)?.focus();
    },
  });

  return (
    <Modal open={user !== null} title={user ? t.detailTitle(userDisplayName(user)) : ""} onClose={onClose} className="user-detail-dialog">
      {state === "loading" ? (
        <p className="admin-muted" role="status">
          {t.loading}
        </p>
      ) : null}
      {state === "unavailable" ? <p className="admin-empty">{t.detailUnavailable}</p> : null}
      {state === "ready" && detail ? (
        <>
          <div className="tabs" role="tablist" aria-label={t.detailTitle(userDisplayName(detail))}>
            {TABS.map((id) => (
              <button key={id} {...tabProps(id)}>
                {t.tabs[id]}
              </button>
            ))}
          </div>
          {TABS.map((id) => (
            <div key={id} id={`${ids}-${id}-panel`} role="tabpanel" aria-labelledby={`${ids}-${id}-tab`} hidden={tab !== id} className="user-detail-panel">
              {tab !== id ? null : id === "overview" ? (
                <Overview user={detail} />
              ) : id === "activity" ? (
                <Activity items={timeline} />
              ) : id === "documents" ? (
                <Documents user={detail} />
              ) : (
                <Switches user={detail} />
              )}
            </div>
          ))}
        </>
      ) : null}
    </Modal>
  );
}
