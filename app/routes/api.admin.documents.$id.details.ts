// GET /api/admin/documents/{id}/details → {success, data: {document, user, extractedData,
// processingHistory, auditLog}} (admin spec §3 "Document (full details)").
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { documentIdSchema } from "~/lib/schemas/admin-documents";
import { adminDocumentFailureResponse, adminDocumentFullDetails } from "~/server/admin/documents.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  const id = documentIdSchema.safeParse(params.id);
  const data = id.success ? await adminDocumentFullDetails(env, context.db, id.data) : null;
  if (!data) return adminDocumentFailureResponse({ ok: false, reason: "not_found" });
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
