// Sending an SMS, behind one interface; SMS_PROVIDER picks the adapter: "outbox" (local, stores and
// logs each message, readable on /dev/sms-outbox; local environments only) or "http" (a real HTTP SMS gateway).
import { isLocalEnvironment } from "../deployment.server";
import type { Env } from "../env.server";
import { createDb } from "../db/client.server";
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

function numberVar(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(parsed) ? parsed : fallback;
}

export function createSmsSender(env: Env, deps: SmsDeps = {}): SmsSender {
  return measuredAdapter(env, "sms", smsAdapter(env, deps));
}

function smsAdapter(env: Env, deps: SmsDeps): SmsSender {
  switch (env.SMS_PROVIDER) {
    case "outbox":
      // An outbox outside a local environment would swallow every sign-in code: refuse loudly instead.
      if (!isLocalEnvironment(env)) {
        return new UnavailableSender("outbox", "the outbox SMS adapter runs only locally (APP_ENV development or test)");
      }
      return new OutboxSmsSender(createDb(env.DB), {
        latencyMs: numberVar(env.SMS_OUTBOX_LATENCY_MS, 0),
        failureRate: numberVar(env.SMS_OUTBOX_FAILURE_RATE, 0),
        sleep: deps.sleep,
        random: deps.random,
      });
    case "http":
      if (!env.SMS_GATEWAY_URL || !env.SMS_GATEWAY_TOKEN) {
        return new UnavailableSender("http", "SMS_GATEWAY_URL and SMS_GATEWAY_TOKEN must be set");
      }
      return new HttpSmsGateway({
        url: env.SMS_GATEWAY_URL,
        token: env.SMS_GATEWAY_TOKEN,
        sender: env.SMS_SENDER || "CURENT",
        timeoutMs: numberVar(env.SMS_GATEWAY_TIMEOUT_MS, 5000),
        fetch: deps.fetch,
      });
    default:
      return new UnavailableSender(env.SMS_PROVIDER || "none", `unknown SMS_PROVIDER "${env.SMS_PROVIDER}"`);
  }
}
