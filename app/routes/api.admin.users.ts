// GET /api/admin/users?page&limit(50)&search&status&sortBy(created_at)&sortOrder(desc)&date_from&date_to →
// {success, data: {users, pagination {page, limit, total, total_pages}}} (admin spec §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminUserListSchema } from "~/lib/schemas/admin-users";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { listUsersForAdmin } from "~/server/admin/users.server";
import { invalidInput, jsonOk, searchParamsObject } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  const parsed = adminUserListSchema.safeParse(searchParamsObject(new URL(request.url)));
  if (!parsed.success) return invalidInput(parsed.error);
  const data = await listUsersForAdmin(context.db, { ...parsed.data, search: parsed.data.search || undefined });
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
