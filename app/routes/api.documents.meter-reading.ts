// POST /api/documents/meter-reading: JSON {readingValue, readingDate}, or multipart with the same
// fields and a photo in `documents` → {success, message, meterReading {id, value, date, …}}.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { meterReadingSchema } from "~/lib/schemas/meter-reading";
import { TEXTS } from "~/texts/user";
import { readPayload } from "~/server/http/request-body.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { requireUser } from "~/server/auth/user-auth.server";
import { documentFailureResponse } from "~/server/documents/errors.server";
import { submitMeterReading } from "~/server/documents/meter-readings.server";
import { chargeUpload, maxUploadBytes, readUploadForm, type UploadedFile } from "~/server/documents/upload.server";
import { invalidInput, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const maxBytes = maxUploadBytes(env);
  let fields: Record<string, unknown>;
  let photo: UploadedFile | null = null;
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const limited = await chargeUpload(env, user.id, requestInfo(request).ip);
    if (limited) return documentFailureResponse(limited);
    const form = await readUploadForm(request, maxBytes, { maxFiles: 1, filesRequired: false });
    if (!form.ok) return documentFailureResponse(form.failure);
    fields = form.fields;
    photo = form.files[0] ?? null;
  } else {
    fields = await readPayload(request);
  }
  const parsed = meterReadingSchema().safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const result = await submitMeterReading(env, context.db, { ...parsed.data, userId: user.id, photo, maxBytes });
  if (!result.ok) return documentFailureResponse(result.failure);
  return jsonOk({ message: TEXTS.meter.submitted, meterReading: result.reading }, { status: 201 });
}
