// Reading request bodies that are the client's input: never a reason for a 5xx.

/**
 * The fields of a JSON object or form body; {} for anything else (another type, malformed JSON, an
 * array, a multipart body without its boundary, invalid UTF-8), so the caller's schema answers with
 * its field errors. Never throws: a body is the client's input, not a server fault.
 */
export async function readPayload(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  try {
    if (type.includes("application/json")) {
      const body: unknown = await request.json();
      return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries(await request.formData());
    }
  } catch {
    return {};
  }
  return {};
}
