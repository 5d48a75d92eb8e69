// POST /api/users/switch-requests/{id}/cancel {reason?} → {success, request, message}. Refused (409)
// once the request is failed, rejected, already cancelled, or completed more than 14 days after the
// contract was signed (the withdrawal window); another user's is 404. The supplier's queue stops it and,
// if the supplier already has the application, tells the supplier.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { cancelSwitchRequestSchema } from "~/lib/schemas/switch-request";
import { TEXTS } from "~/texts/user";
import { readPayload } from "~/server/http/request-body.server";
import { requireUser } from "~/server/auth/user-auth.server";
import { invalidInput, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { switchFailureResponse } from "~/server/switching/errors.server";
import { cancelSwitchRequest } from "~/server/switching/lifecycle.server";
import { stopSwitchInQueue } from "~/server/switching/pipeline.server";
import { switchRequestView } from "~/server/switching/views.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const parsed = cancelSwitchRequestSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await cancelSwitchRequest(env, context.db, user.id, params.id ?? "", parsed.data);
  if (!result.ok) return switchFailureResponse(result.failure);
  await stopSwitchInQueue(env, result.changed.request);
  return jsonOk({ request: switchRequestView(result.changed.request, result.changed.supplier), message: TEXTS.switching.cancelled });
}
