// POST /api/users/request-supplier-switch with the create payload of user spec §3 → 201 {success, id,
// requestId, data, message}. The final-submit rules of §5 are checked on the server, in order; each
// failure answers the spec's message (app/server/switching/create-request.server.ts).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createSwitchRequestSchema } from "~/lib/schemas/switch-request";
import { TEXTS } from "~/texts/user";
import { readPayload } from "~/server/http/request-body.server";
import { requireUser } from "~/server/auth/user-auth.server";
import { invalidInput, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { createSwitchRequest } from "~/server/switching/create-request.server";
import { switchFailureResponse } from "~/server/switching/errors.server";
import { switchRequestView } from "~/server/switching/views.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireUser(request, context, { mode: "api" });
  const parsed = createSwitchRequestSchema().safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await createSwitchRequest(context, user.id, parsed.data);
  if (!result.ok) return switchFailureResponse(result.failure);
  const data = switchRequestView(result.created.request, result.created.supplier);
  return jsonOk({ id: data.id, requestId: data.id, data, message: TEXTS.switching.created }, { status: 201 });
}
