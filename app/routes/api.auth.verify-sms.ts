// POST /api/auth/verify-sms {phoneNumber, verificationCode} → tokens for API clients (token,
// accessToken, refreshToken, expiresIn) and the page session cookie.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { TEXTS } from "~/texts/user";
import { NO_STORE } from "~/server/auth/api.server";
import { authFailureResponse } from "~/server/auth/errors.server";
import { publicUser, signInWithPhoneCode } from "~/server/auth/user-auth.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = await signInWithPhoneCode(request, context);
  if (!result.ok) return authFailureResponse(result.failure);
  return jsonOk(
    { message: TEXTS.auth.signedIn, ...result.tokens, user: publicUser(result.user), isNewUser: result.isNewUser },
    { headers: { ...NO_STORE, "Set-Cookie": result.setCookie } },
  );
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
