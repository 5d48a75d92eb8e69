// /admin/users, 'Gestionare Utilizatori' (admin spec §2 "Users"): needs user_management (spec §2
// navigation). The page reads and changes users through /api/admin/users*, guarded by the same rule.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { UsersPage } from "~/components/admin/users-page";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.users.title} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, { mode: "page", permission: "user_management" });
  return null;
}

export default function AdminUsersRoute() {
  return <UsersPage />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
