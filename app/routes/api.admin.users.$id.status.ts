// PUT /api/admin/users/{id}/status {status, reason?} → {success, data: {status, previous}} (admin spec §4, §7):
// the change the actions menu allows, else 409; suspending or deactivating signs the user out everywhere.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminUserIdSchema, adminUserStatusSchema } from "~/lib/schemas/admin-users";
import { ADMIN_TEXTS } from "~/texts/admin";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { changeUserStatusAsAdmin } from "~/server/admin/users.server";
import { readPayload } from "~/server/http/request-body.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { invalidInput, jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const T = ADMIN_TEXTS.users;
  const id = adminUserIdSchema.safeParse(params.id);
  if (!id.success) return jsonError(404, "not_found", T.notFound);
  const parsed = adminUserStatusSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await changeUserStatusAsAdmin(env, context.db, admin, {
    id: id.data,
    status: parsed.data.status,
    reason: parsed.data.reason || null,
    ip: requestInfo(request).ip,
  });
  if (!result.ok) {
    return result.reason === "not_found"
      ? jsonError(404, "not_found", T.notFound)
      : jsonError(409, "status_change_not_allowed", T.statusChangeNotAllowed(T.statusLabels[result.current]), { current: result.current });
  }
  return jsonOk({ message: T.statusUpdated, data: { status: result.status, previous: result.previous, sessions_revoked: result.sessionsRevoked } });
}
