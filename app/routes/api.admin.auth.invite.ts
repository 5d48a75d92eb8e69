// POST /api/admin/auth/invite {email, role: admin|moderator, permissions?} → {success, data: {admin_id,
// expires_at}} (admin spec §7): super_admin only. 409 when an active admin has the e-mail; 502 when the
// invitation was saved but its e-mail could not be sent (re-inviting sends a new link).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminInviteSchema } from "~/lib/schemas/admin-invite";
import { ADMIN_TEXTS } from "~/texts/admin";
import { inviteAdmin } from "~/server/admin/invitations.server";
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
  const admin = await guardAdminApi(request, context);
  const parsed = adminInviteSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const T = ADMIN_TEXTS.adminsPage;
  const result = await inviteAdmin(context, admin, parsed.data, { ip: requestInfo(request).ip });
  if (!result.ok) return jsonError(409, "admin_exists", T.alreadyActive);
  const data = {
    admin_id: result.adminId,
    expires_at: new Date(result.expiresAt).toISOString(),
    replaced: result.replaced,
  };
  if (!result.mailed) return jsonError(502, "mail_failed", T.mailFailed, { data });
  return jsonOk({ message: T.inviteSentTo(parsed.data.email), data });
}
