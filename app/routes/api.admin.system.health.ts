// GET /api/admin/system/health → {success, data: system health} (admin spec §3, §7): probes that really
// probe, overall status grouped as §4 says.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { cachedSystemHealth } from "~/server/admin/system-health.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  return jsonOk({ data: await cachedSystemHealth(context) }, { headers: { "Cache-Control": "no-store" } });
}
