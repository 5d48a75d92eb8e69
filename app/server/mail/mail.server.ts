// Sending an e-mail, behind one interface like the SMS one; MAIL_PROVIDER picks the adapter: "outbox"
// (local: stores each message, readable on /dev/mail-outbox; local environments only) or "http" (a
// transactional mail API reached with one JSON POST).
import { isLocalEnvironment } from "../deployment.server";
import type { AppContext } from "../context.server";
import { HttpMailSender } from "./http-mail.server";
import { OutboxMailSender } from "./outbox.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export type MailErrorCode =
  "not_configured" | "timeout" | "network" | "rejected" | "server_error" | "malformed_response" | "simulated_failure";

export type MailResult =
  { ok: true; messageId: string } | { ok: false; error: MailErrorCode; detail: string; status?: number };

export interface MailSender {
  readonly provider: string;
  send(message: MailMessage): Promise<MailResult>;
}

/** Injected in tests: the parts of the outside world an adapter touches. */
export interface MailDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

class UnavailableMailSender implements MailSender {
  constructor(
    readonly provider: string,
    private readonly detail: string,
  ) {}
  async send(): Promise<MailResult> {
    return { ok: false, error: "not_configured", detail: this.detail };
  }
}

export function createMailSender({ env, config, db }: Pick<AppContext, "env" | "config" | "db">, deps: MailDeps = {}): MailSender {
  const mail = config.mail;
  switch (mail.provider) {
    case "outbox":
      // An outbox outside a local environment would swallow every invitation: refuse loudly instead.
      if (!isLocalEnvironment(env)) {
        return new UnavailableMailSender(
          "outbox",
          "the outbox mail adapter runs only locally (APP_ENV development or test)",
        );
      }
      return new OutboxMailSender(db, {
        latencyMs: mail.outbox.latencyMs,
        failureRate: mail.outbox.failureRate,
        sleep: deps.sleep,
        random: deps.random,
      });
    case "http":
      if (!mail.http.url || !mail.http.apiKey || !mail.from) {
        return new UnavailableMailSender("http", "MAIL_API_URL, MAIL_API_KEY and MAIL_FROM must be set");
      }
      return new HttpMailSender({
        url: mail.http.url,
        apiKey: mail.http.apiKey,
        from: mail.from,
        timeoutMs: mail.http.timeoutMs,
        fetch: deps.fetch,
      });
    default:
      return new UnavailableMailSender(mail.provider || "none", `unknown MAIL_PROVIDER "${mail.provider}"`);
  }
}
