// GET /api/admin/automation/status → {success, data: {status, uptime, lastRestart, queues}} (admin spec §3).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { automationStatusView } from "~/server/admin/automation.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  return jsonOk({ data: await automationStatusView(env, context.db, Date.now()) }, { headers: { "Cache-Control": "no-store" } });
}
