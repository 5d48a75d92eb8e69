// POST /api/auth/refresh-token {refreshToken} → a new token pair; the old refresh token is spent.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { refreshTokenSchema } from "~/lib/schemas/auth";
import { NO_STORE } from "~/server/auth/api.server";
import { authFailureResponse } from "~/server/auth/errors.server";
import { readPayload } from "~/server/http/request-body.server";
import { refreshTokens } from "~/server/auth/user-auth.server";
import { invalidInput, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const parsed = refreshTokenSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await refreshTokens(request, context, parsed.data.refreshToken);
  if (!result.ok) return authFailureResponse(result.failure);
  return jsonOk({ ...result.tokens }, { headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
