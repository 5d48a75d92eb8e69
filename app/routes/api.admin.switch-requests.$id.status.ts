// PATCH /api/admin/switch-requests/{id}/status {status, admin_notes?} → {success, data: {status}}.
// A closed request (completed, failed, cancelled) is 409; an unknown one 404.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { adminSwitchStatusSchema } from "~/lib/schemas/admin-switch-requests";
import { ADMIN_TEXTS } from "~/texts/admin";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { changeSwitchStatusAsAdmin } from "~/server/admin/switch-requests.server";
import { readPayload } from "~/server/http/request-body.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { invalidInput, jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["PATCH"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const parsed = adminSwitchStatusSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await changeSwitchStatusAsAdmin(env, context.db, admin, {
    id: params.id ?? "",
    status: parsed.data.status,
    adminNotes: parsed.data.admin_notes ?? null,
    ip: requestInfo(request).ip,
  });
  const T = ADMIN_TEXTS.switchQueues;
  if (!result.ok) return result.reason === "not_found" ? jsonError(404, "not_found", T.notFound) : jsonError(409, "request_closed", T.closed);
  return jsonOk({ data: { status: result.status } });
}
