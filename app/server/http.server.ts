// JSON answers of the API. Errors carry a machine code and the Romanian message shown to people.
import type { $ZodError } from "zod/v4/core";

export function jsonOk<T extends Record<string, unknown>>(body: T, init: ResponseInit = {}): Response {
  return Response.json({ success: true, ...body }, init);
}

export function jsonError(
  status: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  return Response.json({ success: false, error, message, ...extra }, { status });
}

/** 400 with every field problem, so a client can show them next to the fields. */
export function invalidInput(zodError: $ZodError, message?: string): Response {
  const issues = zodError.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  return jsonError(400, "invalid_input", message ?? issues[0]?.message ?? "Date invalide.", { issues });
}

export function searchParamsObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) out[key] = value;
  return out;
}

/**
 * The submitted form of a page action, or null when the body is not a readable form (another
 * Content-Type, a multipart body without its boundary, broken framing). Not an empty form: on
 * /profil a missing field clears it, so an unreadable body must change nothing.
 */
export async function readFormData(request: Pick<Request, "formData">): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
