// POST /api/documents/upload/{documentTypeLabel} (multipart, repeated field `documents`) →
// {success, message, documents}. Labels: document_identitate, ultima_factura,
// contract_furnizor_actual, meter_photos (user spec §3, §7).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { documentTypeOfLabel } from "~/lib/documents";
import { TEXTS } from "~/texts/user";
import { requestInfo } from "~/server/auth/request-info.server";
import { requireUser } from "~/server/auth/user-auth.server";
import { documentFailure, documentFailureResponse } from "~/server/documents/errors.server";
import { chargeUpload, identitySubtype, maxUploadBytes, readUploadForm, uploadDocuments } from "~/server/documents/upload.server";
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
  const documentType = documentTypeOfLabel(params.documentTypeLabel ?? "");
  if (!documentType) return documentFailureResponse(documentFailure("unknown_document_type"));

  const limited = await chargeUpload(env, user.id, requestInfo(request).ip);
  if (limited) return documentFailureResponse(limited);
  const maxBytes = maxUploadBytes(env);
  const form = await readUploadForm(request, maxBytes);
  if (!form.ok) return documentFailureResponse(form.failure);
  const subtype = documentType === "document_identitate" ? identitySubtype(form.fields) : null;
  if (subtype === "invalid") return documentFailureResponse(documentFailure("unknown_document_type"));

  const result = await uploadDocuments(env, context.db, { userId: user.id, documentType, subtype, files: form.files, maxBytes });
  if (!result.ok) return documentFailureResponse(result.failure);
  return jsonOk({ message: TEXTS.documents.uploadSucceeded, documents: result.documents.map(documentView) }, { status: 201 });
}
