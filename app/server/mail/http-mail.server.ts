// The real mail adapter: one JSON POST to a transactional mail API (app/server/http/provider-post.server.ts).
//   POST {MAIL_API_URL}
//   Authorization: Bearer {MAIL_API_KEY}; Idempotency-Key: {uuid}
//   {"from": "{MAIL_FROM}", "to": ["ana@example.ro"], "subject": "…", "text": "…"}
// Nothing is retried here: a timeout may still have been delivered, and the super admin can re-invite
// with one click (which replaces the link).
import { postToProvider } from "../http/provider-post.server";
import type { MailMessage, MailResult, MailSender } from "./mail.server";

export interface HttpMailConfig {
  url: string;
  apiKey: string;
  from: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export class HttpMailSender implements MailSender {
  readonly provider = "http";

  constructor(private readonly config: HttpMailConfig) {}

  send(message: MailMessage): Promise<MailResult> {
    const { url, apiKey, from, timeoutMs, fetch } = this.config;
    return postToProvider({
      url,
      token: apiKey,
      timeoutMs,
      fetch,
      body: { from, to: [message.to], subject: message.subject, text: message.text },
    });
  }
}
