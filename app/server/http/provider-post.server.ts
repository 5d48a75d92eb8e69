// One JSON POST to an outside provider's HTTP API (the SMS gateway, the mail API), as both adapters make
// it: Bearer token, an Idempotency-Key, a timeout covering the answer's body too, and a 2xx answer that
// must be JSON carrying the provider's message id (`id`, `messageId` or `message_id`). Anything else is
// a typed failure. Nothing is retried here: a timeout may still have been delivered.

export type ProviderPostError = "timeout" | "network" | "rejected" | "server_error" | "malformed_response";

export type ProviderPostResult =
  { ok: true; messageId: string } | { ok: false; error: ProviderPostError; detail: string; status?: number };

export interface ProviderPost {
  url: string;
  token: string;
  body: unknown;
  timeoutMs: number;
  fetch?: typeof fetch;
}

function failure(error: ProviderPostError, detail: string, status?: number): ProviderPostResult {
  return { ok: false, error, detail, ...(status === undefined ? {} : { status }) };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function messageIdOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const key of ["id", "messageId", "message_id"]) {
    const value = record[key];
    if (typeof value === "string" && value.length > 0) return value;
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return null;
}

export async function postToProvider(post: ProviderPost): Promise<ProviderPostResult> {
  const doFetch = post.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(post.url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${post.token}`,
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": crypto.randomUUID(),
      },
      body: JSON.stringify(post.body),
      signal: AbortSignal.timeout(post.timeoutMs),
    });
  } catch (error) {
    if (isTimeout(error)) return failure("timeout", `no answer within ${post.timeoutMs} ms`);
    return failure("network", error instanceof Error ? error.message : String(error));
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The body can time out too, after the status line arrived.
    if (isTimeout(error)) return failure("timeout", `body not received within ${post.timeoutMs} ms`, response.status);
    return failure("network", error instanceof Error ? error.message : String(error), response.status);
  }

  if (!response.ok) {
    const kind = response.status >= 500 || response.status === 429 ? "server_error" : "rejected";
    return failure(kind, `HTTP ${response.status}: ${text.slice(0, 200)}`, response.status);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return failure("malformed_response", `not JSON: ${text.slice(0, 200)}`, response.status);
  }
  const messageId = messageIdOf(body);
  if (!messageId) return failure("malformed_response", `no message id in ${text.slice(0, 200)}`, response.status);
  return { ok: true, messageId };
}
