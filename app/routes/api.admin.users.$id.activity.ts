// GET /api/admin/users/{id}/activity → {success, data: {timeline}} (admin spec §3 "Activity timeline item", §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminUserIdSchema } from "~/lib/schemas/admin-users";
import { ADMIN_TEXTS } from "~/texts/admin";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { userActivityForAdmin } from "~/server/admin/users.server";
import { jsonError, jsonOk } from "~/server/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  const id = adminUserIdSchema.safeParse(params.id);
  const timeline = id.success ? await userActivityForAdmin(context.db, id.data) : null;
  if (!timeline) return jsonError(404, "not_found", ADMIN_TEXTS.users.notFound);
  return jsonOk({ data: { timeline } }, { headers: { "Cache-Control": "no-store" } });
}
