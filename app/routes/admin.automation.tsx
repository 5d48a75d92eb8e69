// /admin/automation (admin spec §2 "Automation"; permission system_admin from the navigation table).
// Each part loads on its own: a failed part shows the spec's message, the rest still renders.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AutomationPage } from "~/components/admin/automation-page";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import { automationConfigView, automationStatusView, automationVersions } from "~/server/admin/automation.server";

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.nav.automation} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

function orNull<T>(what: string) {
  return (error: unknown): T | null => {
    console.error(`admin automation page: ${what} failed`, error instanceof Error ? error.message : String(error));
    return null;
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireAdmin(request, context, { mode: "page", permission: "system_admin" });
  const db = context.db;
  const [config, status, versions] = await Promise.all([
    automationConfigView(env, db).catch(orNull<Awaited<ReturnType<typeof automationConfigView>>>("config")),
    automationStatusView(env, db, Date.now()).catch(orNull<Awaited<ReturnType<typeof automationStatusView>>>("status")),
    automationVersions(db),
  ]);
  return { config, status, versions };
}

export default function AdminAutomationRoute() {
  const { config, status, versions } = useLoaderData<typeof loader>();
  return <AutomationPage config={config} status={status} versions={versions} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
