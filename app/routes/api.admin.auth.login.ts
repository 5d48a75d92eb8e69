// POST /api/admin/auth/login {email, password} → {token, accessToken, expiresIn, admin} and the admin
// page cookie. Failures: 'Email sau parolă incorectă.' (401) or the lockout message (429).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { publicAdmin, signInAdmin } from "~/server/admin/admin-auth.server";
import { NO_STORE } from "~/server/auth/api.server";
import { withSetCookies } from "~/server/auth/cookies.server";
import { authFailureResponse } from "~/server/auth/errors.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = await signInAdmin(request, context);
  if (!result.ok) return authFailureResponse(result.failure);
  const admin = publicAdmin(result.admin);
  return jsonOk(
    {
      token: result.token,
      accessToken: result.token,
      tokenType: "Bearer",
      expiresIn: result.expiresIn,
      expiresAt: new Date(result.expiresAt).toISOString(),
      admin,
      data: { admin },
    },
    { headers: withSetCookies(result.setCookies, NO_STORE) },
  );
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
