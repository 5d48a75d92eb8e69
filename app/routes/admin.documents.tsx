// /admin/documents (admin spec §2 "Documents"): the review queue. Needs document_verification (spec §2
// navigation); the page talks to /api/admin/documents*, guarded by the same requirement.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { DocumentsPage } from "~/components/admin/documents-page";
import { adminDocumentListSchema } from "~/lib/schemas/admin-documents";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import { searchParamsObject } from "~/server/http.server";
import documentStyles from "~/styles/admin-documents.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStyles }];

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.nav.documents} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, { mode: "page", permission: "document_verification" });
  // A link may open the list filtered (the dashboard's 'pending' count, a bell entry's user); a query
  // the list call would refuse opens it unfiltered.
  const query = adminDocumentListSchema.safeParse(searchParamsObject(new URL(request.url)));
  return { status: query.success ? (query.data.status ?? "") : "", search: query.success ? (query.data.user_id ?? "") : "" };
}

export default function AdminDocumentsRoute() {
  const { status, search } = useLoaderData<typeof loader>();
  return <DocumentsPage initialStatus={status} initialSearch={search} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
