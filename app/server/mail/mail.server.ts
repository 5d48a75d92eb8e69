// Sending an e-mail, behind one interface like the SMS one; MAIL_PROVIDER picks the adapter: "outbox"
// (local: stores each message, readable on /dev/mail-outbox; local environments only) or "http" (a
// transactional mail API reached with one JSON POST).
import { isLocalEnvironment } from "../deployment.server";
import type { Env } from "../env.server";
import { createDb } from "../db/client.server";
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

function numberVar(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(parsed) ? parsed : fallback;
}

export function createMailSender(env: Env, deps: MailDeps = {}): MailSender {
  switch (env.MAIL_PROVIDER) {
    case "outbox":
      // An outbox outside a local environment would swallow every invitation: refuse loudly instead.
      if (!isLocalEnvironment(env)) {
        return new UnavailableMailSender(
          "outbox",
          "the outbox mail adapter runs only locally (APP_ENV development or test)",
        );
      }
      return new OutboxMailSender(createDb(env.DB), {
        latencyMs: numberVar(env.MAIL_OUTBOX_LATENCY_MS, 0),
        failureRate: numberVar(env.MAIL_OUTBOX_FAILURE_RATE, 0),
        sleep: deps.sleep,
        random: deps.random,
      });
    case "http":
      if (!env.MAIL_API_URL || !env.MAIL_API_KEY || !env.MAIL_FROM) {
        return new UnavailableMailSender("http", "MAIL_API_URL, MAIL_API_KEY and MAIL_FROM must be set");
      }
      return new HttpMailSender({
        url: env.MAIL_API_URL,
        apiKey: env.MAIL_API_KEY,
        from: env.MAIL_FROM,
        timeoutMs: numberVar(env.MAIL_API_TIMEOUT_MS, 8000),
        fetch: deps.fetch,
      });
    default:
      return new UnavailableMailSender(env.MAIL_PROVIDER || "none", `unknown MAIL_PROVIDER "${env.MAIL_PROVIDER}"`);
  }
}
