// GET /api/admin/documents/{id} → {success, data}: the review dialog's document (admin spec §3
// "Document (review detail)"): the reading with corrections, every validation issue, the history.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { documentIdSchema } from "~/lib/schemas/admin-documents";
import { adminDocumentDetail, adminDocumentFailureResponse } from "~/server/admin/documents.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  const id = documentIdSchema.safeParse(params.id);
  const data = id.success ? await adminDocumentDetail(env, context.db, id.data) : null;
  if (!data) return adminDocumentFailureResponse({ ok: false, reason: "not_found" });
  return jsonOk({ data }, { headers: { "Cache-Control": "no-store" } });
}
