// GET /api/admin/users/stats → {success, data: user stats} (admin spec §3 "User stats", §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { userStatsForAdmin } from "~/server/admin/users.server";
import { createDb } from "~/server/db/client.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, env);
  const data = await userStatsForAdmin(createDb(env.DB));
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
