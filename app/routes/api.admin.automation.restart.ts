// POST /api/admin/automation/restart → {success, message, data}: restarts every SupplierQueue (admin spec §7).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_TEXTS } from "~/texts/admin";
import { writeAudit } from "~/server/admin/admin-auth.server";
import { automationStatusView, restartServices } from "~/server/admin/automation.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const db = context.db;
  const now = Date.now();
  const before = await automationStatusView(env, db, now);
  const result = await restartServices(env, db, now);
  await writeAudit(db, {
    adminId: admin.id,
    action: "automation.restart",
    details: { before, after: result },
    ip: requestInfo(request).ip,
    now,
    target: { type: "supplier_queues", id: null },
  });
  return jsonOk({ message: ADMIN_TEXTS.automation.restarted(result.running, result.total), data: result });
}
