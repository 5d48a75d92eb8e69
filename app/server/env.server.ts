// The Worker's Env: bindings and vars generated from wrangler.toml (worker-configuration.d.ts, `npm run
// types`) plus what wrangler types cannot see: the secrets of .dev.vars.example and the optional vars
// that only tests or an operator set. app/server/config.server.ts validates the values.
import type { DocumentJob } from "./documents/jobs.server";

/** Secrets (`wrangler secret put`); absent until set, so optional here. */
interface Secrets {
  SESSION_SECRET?: string;
  OTP_HASH_KEY?: string;
  PII_ENCRYPTION_KEY?: string;
  ADMIN_EMAIL?: string;
  ADMIN_PASSWORD?: string;
  SMS_GATEWAY_URL?: string;
  SMS_GATEWAY_TOKEN?: string;
  SMS_SENDER?: string;
  DEV_GATE_USER?: string;
  DEV_GATE_PASSWORD?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  SUPPLIER_PORTAL_TOKEN?: string;
}

/** Vars with defaults in code, not listed in wrangler.toml. */
interface OptionalVars {
  /** per-network sign-in code limits, the SMS budget and the per-IP upload limit (app/server/auth/rate-limit.server.ts) */
  SMS_IP_CODES_PER_10_MIN?: string;
  SMS_IP_CODES_PER_HOUR?: string;
  UPLOAD_IP_PER_10_MIN?: string;
  ADMIN_LOGIN_IP_PER_15_MIN?: string;
  /** switching pipeline knobs (app/server/config.server.ts) */
  SWITCH_MAX_RETRIES?: string;
  SWITCH_BACKOFF_BASE_MS?: string;
  SWITCH_BACKOFF_MAX_MS?: string;
  SWITCH_STEP_LEASE_MS?: string;
  SWITCH_CONFIRMATION_POLL_MS?: string;
  SWITCH_SIGNATURE_TTL_HOURS?: string;
  SWITCH_SIGNATURE_MAX_ATTEMPTS?: string;
}

/** The generated queue bindings are untyped; the messages are DocumentJob. */
interface TypedQueues {
  DOCUMENT_QUEUE: Queue<DocumentJob>;
  DOCUMENT_DLQ: Queue<DocumentJob>;
}

/** What the Worker reads besides wrangler.toml (tests/integration/env.d.ts adds it to cloudflare:test's env). */
export interface EnvBeyondWranglerToml extends Secrets, OptionalVars {}

export interface Env extends Omit<WorkerEnv, keyof TypedQueues>, TypedQueues, EnvBeyondWranglerToml {}
