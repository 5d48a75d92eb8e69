// GET /api/users/switch-requests?status&limit → {success, requests, count}: the user's requests,
// newest first (limit 10 by default, at most 100; user spec §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { switchRequestListQuerySchema } from "~/lib/schemas/switch-request";
import { requireUser } from "~/server/auth/user-auth.server";
import { invalidInput, jsonOk, searchParamsObject } from "~/server/http.server";
import { listUserRequests } from "~/server/switching/requests.server";
import { switchRequestView } from "~/server/switching/views.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const parsed = switchRequestListQuerySchema.safeParse(searchParamsObject(new URL(request.url)));
  if (!parsed.success) return invalidInput(parsed.error);
  const rows = await listUserRequests(context.db, user.id, parsed.data);
  const requests = rows.map(({ request: row, supplier }) => switchRequestView(row, supplier));
  return jsonOk({ requests, data: requests, count: requests.length }, { headers: { "Cache-Control": "private, no-store" } });
}
