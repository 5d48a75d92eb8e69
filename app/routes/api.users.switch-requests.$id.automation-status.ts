// GET /api/users/switch-requests/{id}/automation-status → {success, automation}: queued, running,
// stopped or finished, with the current step, progress and the latest log line.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { createDb } from "~/server/db/client.server";
import { jsonOk } from "~/server/http.server";
import { requestNotFoundResponse } from "~/server/switching/errors.server";
import { findOwnedRequestWithLogs } from "~/server/switching/requests.server";
import { automationStatusView } from "~/server/switching/views.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, env, { mode: "api" });
  const found = await findOwnedRequestWithLogs(createDb(env.DB), user.id, params.id ?? "");
  if (!found) return requestNotFoundResponse();
  return jsonOk(
    { automation: automationStatusView(found.request, found.logs.at(-1) ?? null) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
