// The real SMS adapter: one JSON POST to an HTTP SMS gateway (app/server/http/provider-post.server.ts).
//   POST {SMS_GATEWAY_URL}
//   Authorization: Bearer {SMS_GATEWAY_TOKEN}; Idempotency-Key: {uuid}
//   {"to": "+40712345678", "from": "{SMS_SENDER}", "text": "…"}
// Nothing is retried here, since a resend is one tap for the user and the gateway may already have
// delivered after a timeout.
import { postToProvider } from "../http/provider-post.server";
import type { SmsMessage, SmsResult, SmsSender } from "./sms.server";

export interface HttpGatewayConfig {
  url: string;
  token: string;
  sender: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export class HttpSmsGateway implements SmsSender {
  readonly provider = "http";

  constructor(private readonly config: HttpGatewayConfig) {}

  send(message: SmsMessage): Promise<SmsResult> {
    const { url, token, sender, timeoutMs, fetch } = this.config;
    return postToProvider({ url, token, timeoutMs, fetch, body: { to: message.to, from: sender, text: message.text } });
  }
}
