// POST /api/admin/auth/logout → ends the admin session and clears the admin cookie.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { TEXTS } from "~/texts/user";
import { logoutAdmin } from "~/server/admin/admin-auth.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { NO_STORE } from "~/server/auth/api.server";
import { withSetCookies } from "~/server/auth/cookies.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await guardAdminApi(request, context);
  const { setCookies } = await logoutAdmin(request, context);
  return jsonOk({ message: TEXTS.auth.loggedOut }, { headers: withSetCookies(setCookies, NO_STORE) });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
