// GET /api/admin/documents/{id}/file: the uploaded file for the review dialog, shown inline beside the
// extracted fields. Sandboxed like the user's view route (nothing runs, nothing loads, never cached);
// only this origin's admin page may frame it.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { documentIdSchema } from "~/lib/schemas/admin-documents";
import { adminDocumentFailureResponse } from "~/server/admin/documents.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { findDocument } from "~/server/documents/repository.server";
import { documentFileResponse } from "~/server/documents/storage.server";
import { ADMIN_TEXTS } from "~/texts/admin";
import { jsonError } from "~/server/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, context);
  const id = documentIdSchema.safeParse(params.id);
  const row = id.success ? await findDocument(context.db, id.data) : null;
  if (!row) return adminDocumentFailureResponse({ ok: false, reason: "not_found" });
  return (await documentFileResponse(env, row, "inline", { framedBySameOrigin: true })) ?? jsonError(404, "file_missing", ADMIN_TEXTS.documentsPage.fileMissing);
}
