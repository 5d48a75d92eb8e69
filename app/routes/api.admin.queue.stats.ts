// GET /api/admin/queue/stats → {success, data: {overview, queues}}: every supplier's SupplierQueue
// (admin spec §3 "Queue stats"; queues keyed by supplier name).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { queueStats } from "~/server/admin/switch-queues.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  return jsonOk({ data: await queueStats(env, context.db) }, { headers: { "Cache-Control": "no-store" } });
}
