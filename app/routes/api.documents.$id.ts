// GET /api/documents/{id} → {success, document}; DELETE /api/documents/{id} removes the R2 object
// and the row (with its history). Another user's document is 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { TEXTS } from "~/texts/user";
import { requireUser } from "~/server/auth/user-auth.server";
import { notFoundResponse } from "~/server/documents/errors.server";
import { deleteOwnedDocument, findOwnedDocument } from "~/server/documents/repository.server";
import { deleteDocumentFile } from "~/server/documents/storage.server";
import { documentView } from "~/server/documents/views.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const row = await findOwnedDocument(context.db, user.id, params.id ?? "");
  if (!row) return notFoundResponse();
  return jsonOk({ document: documentView(row) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const row = await deleteOwnedDocument(context.db, user.id, params.id ?? "");
  if (!row) return notFoundResponse();
  await deleteDocumentFile(env, row.r2Key);
  return jsonOk({ id: row.id, message: TEXTS.documents.deleted });
}
