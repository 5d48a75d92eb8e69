// POST /api/auth/logout [{refreshToken}] → ends the session (Bearer token, cookie or refresh token)
// and clears the page cookie. Answers 200 even when there was nothing to end.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { TEXTS } from "~/texts/user";
import { NO_STORE } from "~/server/auth/api.server";
import { readPayload } from "~/server/http/request-body.server";
import { logoutUser } from "~/server/auth/user-auth.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readPayload(request);
  const refreshToken = typeof body.refreshToken === "string" && body.refreshToken ? body.refreshToken : undefined;
  const { setCookie } = await logoutUser(request, context, { refreshToken });
  return jsonOk({ message: TEXTS.auth.loggedOut }, { headers: { ...NO_STORE, "Set-Cookie": setCookie } });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
