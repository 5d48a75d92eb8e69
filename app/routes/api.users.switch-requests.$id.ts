// GET /api/users/switch-requests/{id} → {success, request}: every field of user spec §3 "Switch
// request", with its log. Another user's request is 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { jsonOk } from "~/server/http.server";
import { requestNotFoundResponse } from "~/server/switching/errors.server";
import { findOwnedRequestWithLogs } from "~/server/switching/requests.server";
import { switchRequestDetailView } from "~/server/switching/views.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const found = await findOwnedRequestWithLogs(context.db, user.id, params.id ?? "");
  if (!found) return requestNotFoundResponse();
  const detail = switchRequestDetailView(found.request, found.supplier, found.logs);
  return jsonOk({ request: detail, data: detail }, { headers: { "Cache-Control": "private, no-store" } });
}
