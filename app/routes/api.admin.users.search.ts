// GET /api/admin/users/search?q&limit(20) → {success, data: {users}}: matches by phone, name or e-mail (admin spec §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminUserSearchSchema } from "~/lib/schemas/admin-users";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { searchUsersForAdmin } from "~/server/admin/users.server";
import { invalidInput, jsonOk, searchParamsObject } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  const parsed = adminUserSearchSchema.safeParse(searchParamsObject(new URL(request.url)));
  if (!parsed.success) return invalidInput(parsed.error);
  const found = parsed.data.q ? await searchUsersForAdmin(context.db, parsed.data.q, parsed.data.limit) : [];
  return jsonOk({ data: { users: found } }, { headers: { "Cache-Control": "no-store" } });
}
