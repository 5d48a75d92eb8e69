// GET /api/admin/notifications?limit → {success, data: {notifications, total}}: the bell's list (admin
// spec §2), only the types this admin's permissions show. DELETE → clears this admin's bell.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminBellQuerySchema } from "~/lib/schemas/notifications";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { invalidInput, jsonOk, searchParamsObject } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { adminBell, clearAdminBell } from "~/server/notifications/admin-bell.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await guardAdminApi(request, context);
  const query = adminBellQuerySchema.safeParse(searchParamsObject(new URL(request.url)));
  if (!query.success) return invalidInput(query.error);
  const bell = await adminBell(context.db, admin, query.data.limit);
  return jsonOk({ data: bell }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const admin = await guardAdminApi(request, context);
  await clearAdminBell(context.db, admin.id);
  return jsonOk({ data: { notifications: [], total: 0 } });
}
