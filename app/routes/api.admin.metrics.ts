// GET /api/admin/metrics → {success, data: {apiPerformance, documentProcessing, userActivity}} (admin spec
// §3 "Metrics"): measured request and processing figures and user activity over the last 24 h.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminMetrics } from "~/server/admin/metrics.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  return jsonOk({ data: await adminMetrics(env, context.db, Date.now()) }, { headers: { "Cache-Control": "no-store" } });
}
