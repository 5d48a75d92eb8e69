// GET /api/admin/users/{id} → {success, data: user detail} (admin spec §3 "User detail"); unknown id → 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminUserIdSchema } from "~/lib/schemas/admin-users";
import { ADMIN_TEXTS } from "~/texts/admin";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { userDetailForAdmin } from "~/server/admin/users.server";
import { jsonError, jsonOk } from "~/server/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  const id = adminUserIdSchema.safeParse(params.id);
  const data = id.success ? await userDetailForAdmin(context.db, id.data) : null;
  if (!data) return jsonError(404, "not_found", ADMIN_TEXTS.users.notFound);
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
