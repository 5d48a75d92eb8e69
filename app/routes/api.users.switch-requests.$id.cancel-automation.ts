// POST /api/users/switch-requests/{id}/cancel-automation → {success, request, message}: the request
// stays open but leaves the automatic processing (status `paused`). Refused (409) when nothing is
// queued or running any more; another user's request is 404.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { TEXTS } from "~/texts/user";
import { requireUser } from "~/server/auth/user-auth.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { switchFailureResponse } from "~/server/switching/errors.server";
import { cancelSwitchAutomation } from "~/server/switching/lifecycle.server";
import { stopSwitchInQueue } from "~/server/switching/pipeline.server";
import { switchRequestView } from "~/server/switching/views.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const result = await cancelSwitchAutomation(env, context.db, user.id, params.id ?? "");
  if (!result.ok) return switchFailureResponse(result.failure);
  await stopSwitchInQueue(env, result.changed.request);
  return jsonOk({
    request: switchRequestView(result.changed.request, result.changed.supplier),
    message: TEXTS.switching.automationCancelled,
  });
}
