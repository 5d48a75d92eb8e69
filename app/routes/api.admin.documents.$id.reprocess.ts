// POST /api/admin/documents/{id}/reprocess {force_reprocess?, admin_notes?} → {success, message, data}:
// failed or rejected documents go back through the document queue like the user's reprocess; with
// force also one awaiting review or verified; never one being processed (409).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_TEXTS } from "~/texts/admin";
import { adminDocumentReprocessSchema, documentIdSchema } from "~/lib/schemas/admin-documents";
import { adminDocumentFailureResponse, reprocessDocumentAsAdmin } from "~/server/admin/documents.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { readPayload } from "~/server/http/request-body.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { documentView } from "~/server/documents/views.server";
import { invalidInput, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const id = documentIdSchema.safeParse(params.id);
  if (!id.success) return adminDocumentFailureResponse({ ok: false, reason: "not_found" });
  const parsed = adminDocumentReprocessSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await reprocessDocumentAsAdmin(
    env,
    context.db,
    admin,
    { id: id.data, force: parsed.data.force_reprocess === true || parsed.data.force === true, notes: parsed.data.admin_notes || parsed.data.notes || null },
    { ip: requestInfo(request).ip },
  );
  if (!result.ok) return adminDocumentFailureResponse(result);
  return jsonOk({ message: ADMIN_TEXTS.documentsPage.reprocessMessage, data: { document: documentView(result.row) } });
}
