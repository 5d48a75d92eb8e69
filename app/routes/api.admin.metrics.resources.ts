// GET /api/admin/metrics/resources → {success, data}: where the Worker's time goes over 24 h (route
// groups, document processing and OCR per type, switch steps, queue waits); no server resources on the edge.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resourceMetrics } from "~/server/admin/metrics.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  return jsonOk({ data: await resourceMetrics(env, context.db, Date.now()) }, { headers: { "Cache-Control": "no-store" } });
}
