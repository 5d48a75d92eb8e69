// GET /api/admin/users/{id} → {success, data: user detail} (admin spec §3 "User detail"); unknown id → 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminUserIdSchema } from "~/lib/schemas/admin-users";
import { ADMIN_TEXTS } from "~/lib/texts-admin";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { userDetailForAdmin } from "~/server/admin/users.server";
import { createDb } from "~/server/db/client.server";
import { jsonError, jsonOk } from "~/server/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, env);
  const id = adminUserIdSchema.safeParse(params.id);
  const data = id.success ? await userDetailForAdmin(createDb(env.DB), id.data) : null;
  if (!data) return jsonError(404, "not_found", ADMIN_TEXTS.users.notFound);
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
