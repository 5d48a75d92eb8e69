// GET /api/users/switch-requests/{id}/automation-status → {success, automation}: queued, running,
// stopped or finished, with the current step, progress and the latest log line.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { jsonOk } from "~/server/http.server";
import { requestNotFoundResponse } from "~/server/switching/errors.server";
import { findOwnedRequestWithLogs } from "~/server/switching/requests.server";
import { automationStatusView } from "~/server/switching/views.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const found = await findOwnedRequestWithLogs(context.db, user.id, params.id ?? "");
  if (!found) return requestNotFoundResponse();
  return jsonOk(
    { automation: automationStatusView(found.request, found.logs.at(-1) ?? null) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
