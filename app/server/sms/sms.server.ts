// Sending an SMS, behind one interface; SMS_PROVIDER picks the adapter: "outbox" (local, stores and
// logs each message, readable on /dev/sms-outbox; local environments only) or "http" (a real HTTP SMS gateway).
import { isLocalEnvironment } from "../deployment.server";
import type { AppContext } from "../context.server";
import { measuredAdapter } from "../metrics/adapters.server";
import { HttpSmsGateway } from "./http-gateway.server";
import { OutboxSmsSender } from "./outbox.server";

export interface SmsMessage {
  /** canonical +40… number */
  to: string;
  text: string;
}

export type SmsErrorCode =
  | "not_configured"
  | "timeout"
  | "network"
  | "rejected"
  | "server_error"
  | "malformed_response"
  | "simulated_failure";

export type SmsResult =
  | { ok: true; messageId: string }
  | { ok: false; error: SmsErrorCode; detail: string; status?: number };

export interface SmsSender {
  readonly provider: string;
  send(message: SmsMessage): Promise<SmsResult>;
}

/** Injected in tests: the clock-free parts of the outside world an adapter touches. */
export interface SmsDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

class UnavailableSender implements SmsSender {
  constructor(
    readonly provider: string,
    private readonly detail: string,
  ) {}
  async send(): Promise<SmsResult> {
    return { ok: false, error: "not_configured", detail: this.detail };
  }
}

export function createSmsSender(ctx: Pick<AppContext, "env" | "config" | "db">, deps: SmsDeps = {}): SmsSender {
  return measuredAdapter(ctx.env, "sms", smsAdapter(ctx, deps));
}

function smsAdapter({ env, config, db }: Pick<AppContext, "env" | "config" | "db">, deps: SmsDeps): SmsSender {
  const sms = config.sms;
  switch (sms.provider) {
    case "outbox":
      // An outbox outside a local environment would swallow every sign-in code: refuse loudly instead.
      if (!isLocalEnvironment(env)) {
        return new UnavailableSender("outbox", "the outbox SMS adapter runs only locally (APP_ENV development or test)");
      }
      return new OutboxSmsSender(db, {
        latencyMs: sms.outbox.latencyMs,
        failureRate: sms.outbox.failureRate,
        sleep: deps.sleep,
        random: deps.random,
      });
    case "http":
      if (!sms.gateway.url || !sms.gateway.token) {
        return new UnavailableSender("http", "SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN must be set");
      }
      return new HttpSmsGateway({
        url: sms.gateway.url,
        token: sms.gateway.token,
        sender: sms.gateway.sender,
        timeoutMs: sms.gateway.timeoutMs,
        fetch: deps.fetch,
      });
    default:
      return new UnavailableSender(sms.provider || "none", `unknown SMS_PROVIDER "${sms.provider}"`);
  }
}
