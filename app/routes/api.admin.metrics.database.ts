// GET /api/admin/metrics/database → {success, data}: a timed D1 round trip, the size D1 reports, row counts.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { databaseMetrics } from "~/server/admin/metrics.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  return jsonOk({ data: await databaseMetrics(env, context.db, Date.now()) }, { headers: { "Cache-Control": "no-store" } });
}
