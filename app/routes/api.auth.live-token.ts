// POST /api/auth/live-token → {success, token, userId, expiresIn}: a one-minute token that opens the
// user's live channel (/api/auth/ws?user={userId}, then `authenticate {token}`), for pages signed in by
// the httpOnly cookie, which cannot read a token of their own (docs/decisions/0008).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { NO_STORE } from "~/server/auth/api.server";
import { requireUser } from "~/server/auth/user-auth.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { issueUserLiveToken } from "~/server/live/live-auth.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const live = await issueUserLiveToken(env, { id: user.id, sessionId: user.sessionId });
  return jsonOk({ ...live, userId: user.id }, { headers: NO_STORE });
}
