// GET /api/admin/documents/stats → {success, data: document stats} (admin spec §3 "Document stats", §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminDocumentStats } from "~/server/admin/documents.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  return jsonOk({ data: await adminDocumentStats(context.db) }, { headers: { "Cache-Control": "no-store" } });
}
