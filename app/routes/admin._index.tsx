// /admin, the dashboard (admin spec §2 "Dashboard" sections 1–8, §4 "Dashboard loading", live pushes).
// Each data set is a deferred promise computed only for admins allowed to see it (spec §6), so each
// block shows its own spinner and its own error; a block that failed waits for live data. Pushes on the
// admin channel replace the user, document and system-health blocks.
import { defer, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Await, useLoaderData } from "@remix-run/react";
import { Suspense, useEffect, useState, type ReactNode } from "react";
import { useAdminLive, useAdminLiveEvents } from "~/components/admin/admin-live";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import {
  DocumentAdvanced,
  DocumentCounts,
  PerformanceBlock,
  QueueBlock,
  SystemAdvanced,
  UserAdvanced,
  UserCards,
  updatedAt,
} from "~/components/admin/dashboard-blocks";
import { useToast } from "~/components/ui/toaster";
import { canAccess } from "~/lib/admin-access";
import type { LiveStatus } from "~/lib/live/connection";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import { cachedDocumentStats, cachedUserStats, type DocumentStats, type UserStats } from "~/server/admin/dashboard-stats.server";
import { adminMetrics } from "~/server/admin/metrics.server";
import { OVERVIEW_BLOCK_PERMISSIONS } from "~/server/admin/overview.server";
import { queueStats } from "~/server/admin/switch-queues.server";
import { cachedSystemHealth, type SystemHealth } from "~/server/admin/system-health.server";

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.nav.dashboard} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const admin = await requireAdmin(request, context, { mode: "page" });
  const db = context.db;
  const now = Date.now();
  const may = (permission: Parameters<typeof canAccess>[1]) => canAccess(admin, permission);
  return defer({
    generatedAt: now,
    streams: [
      ...(Object.values(OVERVIEW_BLOCK_PERMISSIONS).some(may) ? ["dashboard_stats"] : []),
      ...(may("system_monitoring") ? ["system_health"] : []),
    ],
    users: may("user_management") ? cachedUserStats(db, now) : null,
    system: may("system_monitoring") ? cachedSystemHealth(context, now) : null,
    documents: may("document_verification") ? cachedDocumentStats(db, now) : null,
    queues: queueStats(env, db),
    metrics: may("system_monitoring") ? adminMetrics(env, db, now) : null,
  });
}

function LiveBadge({ status }: { status: LiveStatus }) {
  const t = ADMIN_TEXTS.live;
  const [label, tone] = status === "connected" ? [t.connected, "connected"] : status === "connecting" ? [t.connecting, "connecting"] : [t.disconnected, "disconnected"];
  return (
    <span className={`admin-live-badge ${tone}`} role="status" data-live={tone}>
      {label}
    </span>
  );
}

/** A block's failure: the spec's toast once, then the block waits for live data. */
function BlockFailed() {
  const toast = useToast();
  const m = ADMIN_TEXTS.monitoring;
  useEffect(() => {
    toast({ title: m.dashboardLoadFailedTitle, description: m.dashboardLoadFailed });
  }, [toast, m]);
  return <p className="admin-muted dashboard-block-error">{ADMIN_TEXTS.dashboard.blockFailed}</p>;
}

function Block<T>({ id, title, data, live, render }: { id: string; title: string; data: Promise<T> | null; live: T | null; render: (value: T) => ReactNode }) {
  if (data === null) return null;
  return (
    <section className="admin-card admin-section dashboard-block" aria-labelledby={id} data-section={id}>
      <h2 id={id}>{title}</h2>
      {live !== null ? (
        render(live)
      ) : (
        <Suspense fallback={<p className="admin-muted" role="status">{ADMIN_TEXTS.dashboard.loading}</p>}>
          <Await resolve={data} errorElement={<BlockFailed />}>
            {(value) => render(value as T)}
          </Await>
        </Suspense>
      )}
    </section>
  );
}

export default function AdminDashboard() {
  const loaded = useLoaderData<typeof loader>();
  const t = ADMIN_TEXTS.dashboard;
  const status = useAdminLive(loaded.streams);
  const [liveUsers, setLiveUsers] = useState<UserStats | null>(null);
  const [liveDocuments, setLiveDocuments] = useState<DocumentStats | null>(null);
  const [liveHealth, setLiveHealth] = useState<SystemHealth | null>(null);
  const [updated, setUpdated] = useState(loaded.generatedAt);
  useAdminLiveEvents(
    (stream) => stream === "dashboard_stats" || stream === "system_health",
    (events) => {
      for (const event of events) {
        const details = event.details as Record<string, unknown>;
        if (event.event === "system_health") setLiveHealth(details as unknown as SystemHealth);
        else {
          if (details.user_stats) setLiveUsers(details.user_stats as UserStats);
          if (details.document_stats) setLiveDocuments(details.document_stats as DocumentStats);
        }
      }
      setUpdated(Date.now());
    },
    0,
  );
  const users = loaded.users as Promise<UserStats> | null;
  const documents = loaded.documents as Promise<DocumentStats> | null;

  return (
    <div className="admin-page dashboard">
      <div className="admin-page-head" data-section="dashboard-header">
        <div>
          <h1>{t.title}</h1>
          <p className="admin-muted">{updatedAt(updated)}</p>
        </div>
        <LiveBadge status={status} />
      </div>
      <Block id="dashboard-users" title={t.sections.users} data={users} live={liveUsers} render={(s) => <UserCards stats={s} />} />
      <Block id="dashboard-user-advanced" title={t.sections.userAdvanced} data={users} live={liveUsers} render={(s) => <UserAdvanced stats={s} />} />
      <Block
        id="dashboard-system"
        title={t.sections.system}
        data={loaded.system as Promise<SystemHealth> | null}
        live={liveHealth}
        render={(h) => <SystemAdvanced health={h} />}
      />
      <Block id="dashboard-documents" title={t.sections.documents} data={documents} live={liveDocuments} render={(s) => <DocumentCounts stats={s} />} />
      <Block id="dashboard-document-advanced" title={t.sections.documentAdvanced} data={documents} live={liveDocuments} render={(s) => <DocumentAdvanced stats={s} />} />
      <Block
        id="dashboard-queues"
        title={t.sections.queues}
        data={loaded.queues as Promise<Awaited<ReturnType<typeof queueStats>>>}
        live={null}
        render={(q) => <QueueBlock overview={q.overview} queues={q.queues} />}
      />
      <Block
        id="dashboard-performance"
        title={t.sections.performance}
        data={loaded.metrics as Promise<Awaited<ReturnType<typeof adminMetrics>>> | null}
        live={null}
        render={(metrics) => <PerformanceBlock metrics={metrics} />}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
