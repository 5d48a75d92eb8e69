// POST /api/admin/documents/{id}/reject {rejection_reason, admin_notes?} → {success, message, data}:
// only a pending document; the reason (admin spec §5 list) is required, and 'other' needs the notes
// (they are what the user reads).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_TEXTS } from "~/texts/admin";
import { adminDocumentRejectSchema, documentIdSchema } from "~/lib/schemas/admin-documents";
import { adminDocumentFailureResponse, rejectDocumentAsAdmin } from "~/server/admin/documents.server";
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
  const parsed = adminDocumentRejectSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await rejectDocumentAsAdmin(
    env,
    context.db,
    admin,
    { id: id.data, reason: parsed.data.rejection_reason, notes: parsed.data.admin_notes || parsed.data.notes || null },
    { ip: requestInfo(request).ip },
  );
  if (!result.ok) return adminDocumentFailureResponse(result);
  return jsonOk({ message: ADMIN_TEXTS.documentsPage.rejectedMessage, data: { document: documentView(result.row) } });
}
