// DELETE /api/admin/admins/{id} → {success} (admin spec §2, §7): super_admin only; revokes an admin or
// moderator and ends their sessions at once. A super_admin (403) and oneself (409) cannot be revoked.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_TEXTS } from "~/texts/admin";
import { revokeAdmin } from "~/server/admin/invitations.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["DELETE"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const T = ADMIN_TEXTS.adminsPage;
  const result = await revokeAdmin(env, context.db, admin, params.id ?? "", { ip: requestInfo(request).ip });
  if (result.ok) return jsonOk({ message: T.revoked });
  switch (result.reason) {
    case "not_found":
      return jsonError(404, "not_found", T.notFound);
    case "super_admin":
      return jsonError(403, "super_admin_not_revocable", T.cannotRevokeSuperAdmin);
    case "self":
      return jsonError(409, "cannot_revoke_self", T.cannotRevokeSelf);
    case "already_revoked":
      return jsonError(409, "already_revoked", T.alreadyRevokedAdmin);
  }
}
