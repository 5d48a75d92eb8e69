// The real mail adapter: one JSON POST to a transactional mail API.
//   POST {MAIL_API_URL}
//   Authorization: Bearer {MAIL_API_KEY}; Idempotency-Key: {uuid}
//   {"from": "{MAIL_FROM}", "to": ["ana@example.ro"], "subject": "…", "text": "…"}
// A 2xx answer must be JSON carrying the provider's message id (`id`, `messageId` or `message_id`).
// Anything else is a typed failure. Nothing is retried here: a timeout may still have been delivered,
// and the super admin can re-invite with one click (which replaces the link).
import type { MailErrorCode, MailMessage, MailResult, MailSender } from "./mail.server";

export interface HttpMailConfig {
  url: string;
  apiKey: string;
  from: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

function failure(error: MailErrorCode, detail: string, status?: number): MailResult {
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

export class HttpMailSender implements MailSender {
  readonly provider = "http";

  constructor(private readonly config: HttpMailConfig) {}

  async send(message: MailMessage): Promise<MailResult> {
    const doFetch = this.config.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.config.url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.config.apiKey}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify({
          from: this.config.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
        }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      if (isTimeout(error)) return failure("timeout", `no answer within ${this.config.timeoutMs} ms`);
      return failure("network", error instanceof Error ? error.message : String(error));
    }

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isTimeout(error))
        return failure("timeout", `body not received within ${this.config.timeoutMs} ms`, response.status);
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
}
