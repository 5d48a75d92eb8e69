// Any other /admin/* path, inside the shell. Sections of the navigation whose page has not been built
// yet say so (404); entries the admin may not use get the guard's 403; anything else is not found.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AdminNotice } from "~/components/admin/admin-shell";
import { ADMIN_NAV, isNavEntryActive } from "~/lib/admin-access";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.section ?? TEXTS.notFound.title} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname;
  const entry = ADMIN_NAV.find((candidate) => !candidate.exact && isNavEntryActive(candidate, pathname));
  await requireAdmin(request, context, { mode: "page", ...entry?.requirement });
  return json({ section: entry?.label ?? null }, { status: 404 });
}

export default function AdminSectionNotAvailable() {
  const { section } = useLoaderData<typeof loader>();
  if (!section) return <AdminNotice title={TEXTS.notFound.title} message={TEXTS.notFound.message} />;
  return <AdminNotice title={ADMIN_TEXTS.shell.notAvailableTitle} message={ADMIN_TEXTS.shell.notAvailable(section)} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
