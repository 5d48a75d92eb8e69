// GET /api/admin/users/stats → {success, data: user stats} (admin spec §3 "User stats", §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { userStatsForAdmin } from "~/server/admin/users.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  const data = await userStatsForAdmin(context.db);
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
