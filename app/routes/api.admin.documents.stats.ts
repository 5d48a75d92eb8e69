// GET /api/admin/documents/stats → {success, data: document stats} (admin spec §3 "Document stats", §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminDocumentStats } from "~/server/admin/documents.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { createDb } from "~/server/db/client.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, env);
  return jsonOk({ data: await adminDocumentStats(createDb(env.DB)) }, { headers: { "Cache-Control": "no-store" } });
}
