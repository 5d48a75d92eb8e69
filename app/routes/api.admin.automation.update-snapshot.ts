// POST /api/admin/automation/update-snapshot {snapshotId, comment, restartServices, settings?} → {success,
// message, data}: publishes a new configuration version (with settings) or puts a published one back
// (without), applies it to every SupplierQueue and restarts them unless asked not to (admin spec §5, §7).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { updateSnapshotSchema } from "~/lib/schemas/automation";
import { ADMIN_TEXTS } from "~/texts/admin";
import { writeAudit } from "~/server/admin/admin-auth.server";
import { updateSnapshot } from "~/server/admin/automation.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { readPayload } from "~/server/http/request-body.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { invalidInput, jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const parsed = updateSnapshotSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const db = context.db;
  const now = Date.now();
  const result = await updateSnapshot(env, db, parsed.data, admin.id, now);
  if (!result.ok) return jsonError(result.status, result.error, result.message);
  await writeAudit(db, {
    adminId: admin.id,
    action: result.published ? "automation.publish" : "automation.rollback",
    details: { before: result.before, after: result.after, restarted: result.restarted },
    ip: requestInfo(request).ip,
    now,
    target: { type: "automation_config", id: result.versionId },
  });
  return jsonOk({ message: ADMIN_TEXTS.automation.updated(result.snapshotId, result.restarted !== null), data: result.after });
}
