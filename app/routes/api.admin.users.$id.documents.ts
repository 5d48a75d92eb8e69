// GET /api/admin/users/{id}/documents → {success, data: {documents, auth_logs}}: the user's documents and
// the 10 latest authentication logs (admin spec §2 tab Documente, §7, §9).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminUserIdSchema } from "~/lib/schemas/admin-users";
import { ADMIN_TEXTS } from "~/texts/admin";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { userDocumentsForAdmin } from "~/server/admin/users.server";
import { jsonError, jsonOk } from "~/server/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  const id = adminUserIdSchema.safeParse(params.id);
  const data = id.success ? await userDocumentsForAdmin(context.db, id.data) : null;
  if (!data) return jsonError(404, "not_found", ADMIN_TEXTS.users.notFound);
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
