// GET /api/admin/documents?page&limit(20)&status&document_type&user_id (user id or phone) →
// {success, data: {documents, pagination {page, limit, total, totalPages, total_pages}}} (admin spec §7).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminDocumentListSchema } from "~/lib/schemas/admin-documents";
import { listDocumentsForAdmin } from "~/server/admin/documents.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { invalidInput, jsonOk, searchParamsObject } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  const parsed = adminDocumentListSchema.safeParse(searchParamsObject(new URL(request.url)));
  if (!parsed.success) return invalidInput(parsed.error);
  const data = await listDocumentsForAdmin(context.db, { ...parsed.data, user_id: parsed.data.user_id || undefined });
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
