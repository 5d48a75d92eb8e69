// POST /api/admin/live-token → {success, token, expiresIn}: a one-minute token that opens the admin live
// channel (/api/admin/ws) for the back-office pages, signed in by the httpOnly admin cookie.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { NO_STORE } from "~/server/auth/api.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { issueAdminLiveToken } from "~/server/live/live-auth.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  return jsonOk({ ...(await issueAdminLiveToken(env, { id: admin.id, sessionId: admin.sessionId })) }, { headers: NO_STORE });
}
