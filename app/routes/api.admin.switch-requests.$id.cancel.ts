// POST /api/admin/switch-requests/{id}/cancel {reason?|admin_notes?} → {success}: refused (409) once the
// request is completed, failed or cancelled (admin spec §4); the reason defaults to 'Anulată de admin'.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminSwitchCancelSchema } from "~/lib/schemas/admin-switch-requests";
import { ADMIN_TEXTS } from "~/texts/admin";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { cancelSwitchAsAdmin } from "~/server/admin/switch-requests.server";
import { readPayload } from "~/server/http/request-body.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { invalidInput, jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const parsed = adminSwitchCancelSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const T = ADMIN_TEXTS.switchQueues;
  const result = await cancelSwitchAsAdmin(env, context.db, admin, {
    id: params.id ?? "",
    reason: parsed.data.reason || parsed.data.admin_notes || T.cancelReason,
    ip: requestInfo(request).ip,
  });
  if (!result.ok) return result.reason === "not_found" ? jsonError(404, "not_found", T.notFound) : jsonError(409, "request_closed", T.closed);
  return jsonOk({ message: T.cancelledLog(parsed.data.reason || parsed.data.admin_notes || T.cancelReason), data: { status: result.status } });
}
