// GET /api/admin/automation/config → {success, data: {currentSnapshotId, snapshotComment, orchestratorPath, settings}} (admin spec §3).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { automationConfigView } from "~/server/admin/automation.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  return jsonOk({ data: await automationConfigView(env, context.db) }, { headers: { "Cache-Control": "no-store" } });
}
