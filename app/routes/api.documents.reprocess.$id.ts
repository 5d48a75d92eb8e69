// POST /api/documents/reprocess/{id}: the document goes back to `pending` and through the queue
// again → {success, message, document}. 409 while it is being processed.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { TEXTS } from "~/texts/user";
import { requireUser } from "~/server/auth/user-auth.server";
import { documentFailure, documentFailureResponse } from "~/server/documents/errors.server";
import { reprocessDocument } from "~/server/documents/lifecycle.server";
import { documentView } from "~/server/documents/views.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const result = await reprocessDocument(env, context.db, user.id, params.id ?? "");
  if (!result.ok) return documentFailureResponse(documentFailure(result.reason === "not_found" ? "not_found" : "already_processing"));
  return jsonOk({ message: TEXTS.documents.reprocessStarted, document: documentView(result.row) });
}
