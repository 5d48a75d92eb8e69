// GET /api/admin/auth/me → the signed-in admin, with the navigation entries it may see.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminNavEntries } from "~/lib/admin-access";
import { publicAdmin } from "~/server/admin/admin-auth.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await guardAdminApi(request, context);
  return jsonOk(
    { data: { ...publicAdmin(admin), nav: adminNavEntries(admin).map(({ key, label, href, exact }) => ({ key, label, href, exact })) } },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
