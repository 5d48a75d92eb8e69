// GET /api/documents/processing-status/{id} → {success, status, hasExtractedData, personalData,
// extractedData, validationDetails {confidence, isValid, issues}, …}: the switch wizard's summary.
// The personal data is decrypted for the owner only (anyone else gets 404).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { notFoundResponse } from "~/server/documents/errors.server";
import { findOwnedDocument } from "~/server/documents/repository.server";
import { processingStatusView } from "~/server/documents/views.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const row = await findOwnedDocument(context.db, user.id, params.id ?? "");
  if (!row) return notFoundResponse();
  return jsonOk(await processingStatusView(env, context.db, row), { headers: { "Cache-Control": "private, no-store" } });
}
