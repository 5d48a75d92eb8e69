// /admin: until the full dashboard lands, an overview of real counts from D1, each block shown only
// to admins with the matching permission (the server does not even query the others). The counts
// follow the dashboard_stats stream of the admin live channel; the header shows its state.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useAdminLive, useAdminLiveEvents } from "~/components/admin/admin-live";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import { adminOverview, type AdminOverview, type StatusBreakdown } from "~/server/admin/overview.server";

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.nav.dashboard} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, { mode: "page" });
  return adminOverview(context, admin);
}

const numberFormat = new Intl.NumberFormat("ro-RO");
const fmt = (n: number) => numberFormat.format(n);
const timeFormat = new Intl.DateTimeFormat("ro-RO", {
  timeZone: "Europe/Bucharest",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function StatCard({ title, value, sub, tone }: { title: string; value: number; sub?: string; tone?: "warning" }) {
  return (
    <div className={`admin-stat${tone ? ` ${tone}` : ""}`}>
      <p className="admin-stat-title">{title}</p>
      <p className="admin-stat-value">{fmt(value)}</p>
      {sub ? <p className="admin-stat-sub">{sub}</p> : null}
    </div>
  );
}

function StatusSection({
  id,
  title,
  block,
  labels,
  empty,
}: {
  id: string;
  title: string;
  block: StatusBreakdown;
  labels: Record<string, string>;
  empty: string;
}) {
  return (
    <section className="admin-card admin-section" aria-labelledby={id} data-section={id}>
      <div className="admin-section-head">
        <h2 id={id}>{title}</h2>
        {block.total > 0 ? <p className="admin-muted">{ADMIN_TEXTS.overview.total(fmt(block.total))}</p> : null}
      </div>
      {block.total === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <dl className="admin-status-list">
          {block.byStatus.map((row) => (
            <div key={row.status} className={`admin-status-row${row.count === 0 ? " zero" : ""}`} data-status={row.status}>
              <dt>
                <span className={`admin-dot status-${row.status}`} aria-hidden="true" />
                {labels[row.status] ?? row.status}
              </dt>
              <dd>{fmt(row.count)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

const DASHBOARD_STREAMS = ["dashboard_stats"] as const;

function LiveBadge({ status }: { status: "disconnected" | "connecting" | "connected" | "error" }) {
  const t = ADMIN_TEXTS.live;
  const [label, tone] = status === "connected" ? [t.connected, "connected"] : status === "connecting" ? [t.connecting, "connecting"] : [t.disconnected, "disconnected"];
  return (
    <span className={`admin-live-badge ${tone}`} role="status" data-live={tone}>
      {label}
    </span>
  );
}

export default function AdminOverviewPage() {
  const loaded = useLoaderData<typeof loader>();
  const [overview, setOverview] = useState<AdminOverview>(loaded);
  const revalidator = useRevalidator();
  const t = ADMIN_TEXTS.overview;
  const liveStatus = useAdminLive(DASHBOARD_STREAMS);
  useEffect(() => setOverview(loaded), [loaded]);
  // Live pushes replace the blocks (admin spec §4); the server sends only those this admin may see.
  useAdminLiveEvents(
    (stream) => stream === "dashboard_stats",
    (events) => setOverview(events[events.length - 1]!.details as unknown as AdminOverview),
    0,
  );
  const { users, documents, switchRequests, offerCollectionsToday } = overview;
  const nothing = !users && !documents && !switchRequests && !offerCollectionsToday;

  return (
    <div className="admin-page">
      <div className="admin-page-head">
        <div>
          <h1>{t.title}</h1>
          <p className="admin-muted">
            {t.intro} {t.updatedAt(timeFormat.format(overview.generatedAt))}
          </p>
        </div>
        <LiveBadge status={liveStatus} />
        <button
          type="button"
          className="button secondary small"
          disabled={revalidator.state !== "idle"}
          onClick={() => revalidator.revalidate()}
        >
          {t.refresh}
        </button>
      </div>

      {nothing ? <p className="admin-card admin-empty">{t.nothingPermitted}</p> : null}

      {users ? (
        <section className="admin-section" aria-labelledby="admin-users" data-section="admin-users">
          <h2 id="admin-users" className="admin-section-title">
            {t.users}
          </h2>
          {users.total === 0 ? (
            <p className="admin-card admin-empty">{t.usersEmpty}</p>
          ) : (
            <div className="admin-stats">
              <StatCard title={t.totalUsers} value={users.total} sub={t.activeCount(fmt(users.active))} />
              <StatCard title={t.newToday} value={users.newToday} sub={t.weekCount(fmt(users.newThisWeek))} />
              <StatCard title={t.currentMonth} value={users.newThisMonth} />
              <StatCard title={t.suspended} value={users.suspended} tone={users.suspended > 0 ? "warning" : undefined} />
            </div>
          )}
        </section>
      ) : null}

      <div className="admin-grid">
        {documents ? (
          <StatusSection
            id="admin-documents"
            title={t.documents}
            block={documents}
            labels={t.documentStatus}
            empty={t.documentsEmpty}
          />
        ) : null}
        {switchRequests ? (
          <StatusSection
            id="admin-switch-requests"
            title={t.switchRequests}
            block={switchRequests}
            labels={t.switchStatus}
            empty={t.switchRequestsEmpty}
          />
        ) : null}
        {offerCollectionsToday ? (
          <StatusSection
            id="admin-offer-collections"
            title={t.offerCollections}
            block={offerCollectionsToday}
            labels={t.collectionStatus}
            empty={t.offerCollectionsEmpty}
          />
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
