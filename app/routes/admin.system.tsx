// /admin/system (admin spec §2 "System"; permission system_admin from the navigation table): system
// health and document stats, reloaded every 30 s (§9) and whenever a system_health push arrives.
// Document stats that fail to load only log a warning (§7); the health part always answers.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useAdminLive, useAdminLiveEvents } from "~/components/admin/admin-live";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { HealthBadge } from "~/components/admin/monitoring-ui";
import { DistributionCard, DocumentProcessingCard, HealthCards, RecentUploads, ServicesCard } from "~/components/admin/system-page";
import { canAccess } from "~/lib/admin-access";
import { SYSTEM_REFRESH_MS } from "~/lib/admin-monitoring";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import { documentStats } from "~/server/admin/dashboard-stats.server";
import { systemHealth } from "~/server/admin/system-health.server";

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.nav.system} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, { mode: "page", permission: "system_admin" });
  const now = Date.now();
  const [health, documents] = await Promise.all([
    systemHealth(context, now),
    documentStats(context.db, now).catch((error: unknown) => {
      console.warn("admin system page: document stats failed", error instanceof Error ? error.message : String(error));
      return null;
    }),
  ]);
  return { health, documents, live: canAccess(admin, "system_monitoring") };
}

const HEALTH_STREAMS = ["system_health"] as const;
const NO_STREAMS = [] as const;

export default function AdminSystemPage() {
  const { health, documents, live } = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  const t = ADMIN_TEXTS.monitoring;
  useAdminLive(live ? HEALTH_STREAMS : NO_STREAMS);
  useAdminLiveEvents(
    (stream) => stream === "system_health",
    () => revalidate(),
    0,
  );
  useEffect(() => {
    const timer = window.setInterval(() => revalidate(), SYSTEM_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [revalidate]);

  return (
    <div className="admin-page system-page">
      <div className="admin-page-head">
        <div>
          <h1>{ADMIN_TEXTS.nav.system}</h1>
          <p className="admin-muted">{t.systemIntro}</p>
        </div>
        <HealthBadge status={health.database.status} />
        <button type="button" className="button secondary small" disabled={state !== "idle"} onClick={() => revalidate()}>
          {t.refresh}
        </button>
      </div>
      <HealthCards health={health} />
      <div className="admin-grid system-grid">
        {documents ? <DocumentProcessingCard stats={documents} /> : null}
        {documents ? <DistributionCard stats={documents} /> : null}
        <ServicesCard health={health} />
      </div>
      {documents ? <RecentUploads stats={documents} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
