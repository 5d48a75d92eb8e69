// POST /api/auth/register-phone {phoneNumber} → {success, message}: sends a sign-in code by SMS.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { TEXTS } from "~/texts/user";
import { NO_STORE } from "~/server/auth/api.server";
import { authFailureResponse } from "~/server/auth/errors.server";
import { sendSignInCode } from "~/server/auth/user-auth.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = await sendSignInCode(request, context);
  if (!result.ok) return authFailureResponse(result.failure);
  return jsonOk(
    { message: TEXTS.auth.codeSent, expiresIn: result.expiresInSeconds, resendAfter: result.resendAfterSeconds },
    { headers: NO_STORE },
  );
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
