// GET /api/admin/admins → {success, data: {admins}}: super_admin only (admin spec §2 "Administrators").
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listAdmins } from "~/server/admin/admins.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  return jsonOk({ data: { admins: await listAdmins(context.db) } });
}
