// The real SMS adapter: one JSON POST to an HTTP SMS gateway.
//   POST {SMS_GATEWAY_URL}
//   Authorization: Bearer {SMS_GATEWAY_TOKEN}; Idempotency-Key: {uuid}
//   {"to": "+40712345678", "from": "{SMS_SENDER}", "text": "…"}
// A 2xx answer must be JSON carrying the gateway's message id (`id`, `messageId` or `message_id`).
// Anything else is a typed failure; nothing is retried here, since a resend is one tap for the user
// and the gateway may already have delivered after a timeout.
import type { SmsErrorCode, SmsMessage, SmsResult, SmsSender } from "./sms.server";

export interface HttpGatewayConfig {
  url: string;
  token: string;
  sender: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

function failure(error: SmsErrorCode, detail: string, status?: number): SmsResult {
  return { ok: false, error, detail, ...(status === undefined ? {} : { status }) };
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

export class HttpSmsGateway implements SmsSender {
  readonly provider = "http";

  constructor(private readonly config: HttpGatewayConfig) {}

  async send(message: SmsMessage): Promise<SmsResult> {
    const doFetch = this.config.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.config.url, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.config.token}`,
          "Content-Type": "application/json",
          Accept: "application/json",
          "Idempotency-Key": crypto.randomUUID(),
        },
        body: JSON.stringify({ to: message.to, from: this.config.sender, text: message.text }),
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        return failure("timeout", `no answer within ${this.config.timeoutMs} ms`);
      }
      return failure("network", error instanceof Error ? error.message : String(error));
    }

    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The body can time out too, after the status line arrived.
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        return failure("timeout", `body not received within ${this.config.timeoutMs} ms`, response.status);
      }
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
