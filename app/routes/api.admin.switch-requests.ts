// GET /api/admin/switch-requests?page&limit(20)&status&supplier_id&user_id&from_date&to_date&search →
// {success, data: {requests, pagination {page, limit, total, pages}}} (admin spec §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminSwitchListSchema } from "~/lib/schemas/admin-switch-requests";
import { auditRead } from "~/server/admin/audit-read.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { listSwitchRequestsForAdmin } from "~/server/admin/switch-requests.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { invalidInput, jsonOk, searchParamsObject } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await guardAdminApi(request, context);
  const parsed = adminSwitchListSchema.safeParse(searchParamsObject(new URL(request.url)));
  if (!parsed.success) return invalidInput(parsed.error);
  const data = await listSwitchRequestsForAdmin(context.db, { ...parsed.data, search: parsed.data.search || undefined });
  // The cards carry the customers' names and phones: a read of personal data.
  await auditRead(context, {
    adminId: admin.id,
    resource: "switch_request_list",
    target: { type: "switch_request", id: null },
    details: { filters: parsed.data, switch_request_ids: data.requests.map((r) => r.id) },
    ip: requestInfo(request).ip,
  });
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
