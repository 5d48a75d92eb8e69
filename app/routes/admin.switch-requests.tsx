// /admin/switch-requests (admin spec §2 "Switch requests"): the supplier queues and every switch
// request. The page needs user_management (spec §2 navigation); the queue controls need system_admin
// (the API refuses them otherwise), so the loader tells the page whether to offer them.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { SwitchRequestsPage } from "~/components/admin/switch-requests-page";
import { canAccess } from "~/lib/admin-access";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.nav.switchRequests} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, { mode: "page", permission: "user_management" });
  return { canControlQueues: canAccess(admin, "system_admin") };
}

export default function AdminSwitchRequestsRoute() {
  const { canControlQueues } = useLoaderData<typeof loader>();
  return <SwitchRequestsPage canControlQueues={canControlQueues} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
