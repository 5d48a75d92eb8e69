// The back-office shell around every /admin page except /admin/login (admin_.login.tsx sits outside).
// Every page under it needs a signed-in admin; without one the guard redirects to /admin/login.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { adminNavCollapsed } from "~/components/admin/nav-state";
import { adminNavEntries } from "~/lib/admin-access";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import adminStyles from "~/styles/admin.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, { mode: "page" });
  return {
    admin: { firstName: admin.firstName, lastName: admin.lastName, email: admin.email, role: admin.role },
    nav: adminNavEntries(admin).map(({ key, label, href, exact }) => ({ key, label, href, exact })),
    navCollapsed: adminNavCollapsed(request.headers.get("Cookie")),
  };
}

export default function AdminLayout() {
  const { admin, nav, navCollapsed } = useLoaderData<typeof loader>();
  return (
    <AdminShell admin={admin} nav={nav} initiallyCollapsed={navCollapsed}>
      <Outlet />
    </AdminShell>
  );
}

// Reached only when the shell itself cannot load (its pages have their own boundaries inside it).
export function ErrorBoundary() {
  return (
    <div className="admin-standalone">
      <AdminRouteError />
    </div>
  );
}
