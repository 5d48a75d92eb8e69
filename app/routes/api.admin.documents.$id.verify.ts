// POST /api/admin/documents/{id}/verify {admin_notes?, override_validation?, corrections?} →
// {success, message, data}: only a pending document; one whose automatic checks failed needs
// override_validation: true (409 otherwise). Corrections are stored apart from the machine reading.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_TEXTS } from "~/texts/admin";
import { adminDocumentVerifySchema, documentIdSchema } from "~/lib/schemas/admin-documents";
import { adminDocumentFailureResponse, verifyDocumentAsAdmin } from "~/server/admin/documents.server";
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
  const parsed = adminDocumentVerifySchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await verifyDocumentAsAdmin(
    env,
    context.db,
    admin,
    {
      id: id.data,
      notes: parsed.data.admin_notes || parsed.data.notes || null,
      override: parsed.data.override_validation === true,
      corrections: parsed.data.corrections ?? {},
    },
    { ip: requestInfo(request).ip },
  );
  if (!result.ok) return adminDocumentFailureResponse(result);
  return jsonOk({ message: ADMIN_TEXTS.documentsPage.verifiedMessage, data: { document: documentView(result.row), corrected_fields: result.corrected } });
}
