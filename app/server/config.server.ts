// Every var and secret of the Worker, validated once per env object (one per isolate in production, a new
// one per test override). Tunables fall back to their documented default when unset or nonsense; what
// would silently route traffic wrong (offer sources, portal URLs) is an error naming the variable.
import { z } from "zod";
import { SPEC_POLL_TIMINGS } from "../lib/offer-collection";
import type { PublicConfig } from "../lib/public-config";
import { DEFAULT_BILL_MAX_AGE_DAYS } from "./documents/verification.server";
import { RATE_LIMITS, type ConfiguredLimits } from "./auth/rate-limit.server";
import type { Env } from "./env.server";

const SOURCE_NAMES = ["catalog", "comparator"] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

/** An empty var counts as unset. */
const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const numberOr = (fallback: number) => z.preprocess(unsetIfEmpty, z.coerce.number()).catch(fallback);
const positiveOr = (fallback: number) => z.preprocess(unsetIfEmpty, z.coerce.number().positive()).catch(fallback);
const positiveIntOr = (fallback: number) => z.preprocess(unsetIfEmpty, z.coerce.number().int().positive()).catch(fallback);
const intOr = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).catch(fallback);
const optionalText = z.string().optional();

const portalOverrideSchema = z.object({
  baseUrl: z.url().optional(),
  tokenSecret: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/)
    .optional(),
  timeoutMs: z.number().int().min(100).max(120_000).optional(),
  retries: z.number().int().min(0).max(5).optional(),
});

const varsSchema = z
  .object({
    APP_ENV: z.string().catch(""),
    PUBLIC_BASE_URL: z.string().catch(""),

    SMS_PROVIDER: z.string().catch(""),
    SMS_OUTBOX_LATENCY_MS: numberOr(0),
    SMS_OUTBOX_FAILURE_RATE: numberOr(0),
    SMS_GATEWAY_TIMEOUT_MS: numberOr(5000),
    SMS_GATEWAY_URL: optionalText,
    SMS_GATEWAY_TOKEN: optionalText,
    SMS_SENDER: optionalText,
    SMS_IP_CODES_PER_10_MIN: positiveIntOr(RATE_LIMITS.smsPerNetwork[0].limit),
    SMS_IP_CODES_PER_HOUR: positiveIntOr(RATE_LIMITS.smsPerNetwork[1].limit),
    SMS_BUDGET_PER_HOUR: positiveIntOr(RATE_LIMITS.smsBudget[0].limit),
    SMS_BUDGET_PER_DAY: positiveIntOr(RATE_LIMITS.smsBudget[1].limit),
    UPLOAD_IP_PER_10_MIN: positiveIntOr(RATE_LIMITS.uploadPerIp[0].limit),
    ADMIN_LOGIN_IP_PER_15_MIN: positiveIntOr(RATE_LIMITS.adminLoginPerIp[0].limit),

    MAIL_PROVIDER: z.string().catch(""),
    MAIL_FROM: optionalText,
    MAIL_API_URL: optionalText,
    MAIL_API_KEY: optionalText,
    MAIL_API_TIMEOUT_MS: positiveOr(8000),
    MAIL_OUTBOX_LATENCY_MS: numberOr(0),
    MAIL_OUTBOX_FAILURE_RATE: numberOr(0),

    OFFER_SOURCES: z
      .string()
      .default("catalog")
      .transform((list) => [...new Set(list.split(",").map((s) => s.trim()).filter(Boolean))])
      .pipe(z.array(z.enum(SOURCE_NAMES)).min(1)),
    OFFER_COMPARATOR_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
    OFFER_SOURCE_TIMEOUT_MS: intOr(8_000, 50, 60_000),
    OFFER_SOURCE_RETRIES: intOr(2, 0, 5),
    OFFER_JOB_TIMEOUT_MS: intOr(60_000, 100, 600_000),
    OFFER_CACHE_TTL_SECONDS: intOr(900, 0, 86_400),
    OFFER_INSTANT_WAIT_MS: intOr(800, 0, 10_000),
    OFFER_POLL_FIRST_MS: intOr(SPEC_POLL_TIMINGS.firstDelayMs, 10, 600_000),
    OFFER_POLL_INTERVAL_MS: intOr(SPEC_POLL_TIMINGS.intervalMs, 10, 600_000),
    GEOCODE_URL: z.url().nullable().catch(null),

    DOCUMENT_MAX_BYTES: positiveOr(10 * 1024 * 1024),
    BILL_MAX_AGE_DAYS: positiveOr(DEFAULT_BILL_MAX_AGE_DAYS),
    DOCUMENT_STUCK_MINUTES: positiveOr(10),
    DOCUMENT_LEASE_SECONDS: positiveOr(120),

    SUPPLIER_PORTAL_URL: z
      .string()
      .min(1)
      .refine((url) => z.url().safeParse(url.replaceAll("{supplierId}", "x")).success, {
        message: "must be an absolute URL (with an optional {supplierId})",
      }),
    SUPPLIER_PORTALS: z
      .string()
      .default("{}")
      .transform((text, ctx) => {
        try {
          return JSON.parse(text || "{}") as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "is not JSON" });
          return z.NEVER;
        }
      })
      .pipe(z.record(z.string(), portalOverrideSchema)),
    SUPPLIER_PORTAL_TIMEOUT_MS: intOr(10_000, 100, 120_000),
    SUPPLIER_PORTAL_RETRIES: intOr(2, 0, 5),

    SWITCH_MAX_RETRIES: intOr(5, 0, 20),
    SWITCH_BACKOFF_BASE_MS: intOr(5_000, 10, 600_000),
    SWITCH_BACKOFF_MAX_MS: intOr(10 * 60_000, 100, 3_600_000),
    SWITCH_STEP_LEASE_MS: intOr(2 * 60_000, 1_000, 15 * 60_000),
    SWITCH_CONFIRMATION_POLL_MS: intOr(60_000, 10, 3_600_000),
    SWITCH_SIGNATURE_TTL_HOURS: intOr(72, 1, 24 * 14),
    SWITCH_SIGNATURE_MAX_ATTEMPTS: intOr(5, 1, 10),

    SESSION_SECRET: optionalText,
    OTP_HASH_KEY: optionalText,
    PII_ENCRYPTION_KEY: optionalText,
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    DEV_GATE_USER: optionalText,
    DEV_GATE_PASSWORD: optionalText,
    SUPPLIER_PORTAL_TOKEN: optionalText,
  })
  .refine((v) => !v.OFFER_SOURCES.includes("comparator") || v.OFFER_COMPARATOR_URL, {
    message: "is required when OFFER_SOURCES includes comparator",
    path: ["OFFER_COMPARATOR_URL"],
  })
  .transform((v) => ({
    appEnv: v.APP_ENV,
    publicBaseUrl: v.PUBLIC_BASE_URL,
    sms: {
      provider: v.SMS_PROVIDER,
      outbox: { latencyMs: v.SMS_OUTBOX_LATENCY_MS, failureRate: v.SMS_OUTBOX_FAILURE_RATE },
      gateway: { url: v.SMS_GATEWAY_URL, token: v.SMS_GATEWAY_TOKEN, sender: v.SMS_SENDER || "CURENT", timeoutMs: v.SMS_GATEWAY_TIMEOUT_MS },
    },
    limits: {
      smsNetworkPer10Min: v.SMS_IP_CODES_PER_10_MIN,
      smsNetworkPerHour: v.SMS_IP_CODES_PER_HOUR,
      smsBudgetPerHour: v.SMS_BUDGET_PER_HOUR,
      smsBudgetPerDay: v.SMS_BUDGET_PER_DAY,
      uploadIpPer10Min: v.UPLOAD_IP_PER_10_MIN,
      adminLoginIpPer15Min: v.ADMIN_LOGIN_IP_PER_15_MIN,
    } satisfies ConfiguredLimits,
    mail: {
      provider: v.MAIL_PROVIDER,
      from: v.MAIL_FROM,
      outbox: { latencyMs: v.MAIL_OUTBOX_LATENCY_MS, failureRate: v.MAIL_OUTBOX_FAILURE_RATE },
      http: { url: v.MAIL_API_URL, apiKey: v.MAIL_API_KEY, timeoutMs: v.MAIL_API_TIMEOUT_MS },
    },
    offers: {
      sources: v.OFFER_SOURCES,
      comparatorUrl: v.OFFER_COMPARATOR_URL ?? null,
      sourceTimeoutMs: v.OFFER_SOURCE_TIMEOUT_MS,
      sourceRetries: v.OFFER_SOURCE_RETRIES,
      jobTimeoutMs: v.OFFER_JOB_TIMEOUT_MS,
      cacheTtlMs: v.OFFER_CACHE_TTL_SECONDS * 1000,
      instantWaitMs: v.OFFER_INSTANT_WAIT_MS,
    },
    publicConfig: {
      offerPolling: { attempts: SPEC_POLL_TIMINGS.attempts, firstDelayMs: v.OFFER_POLL_FIRST_MS, intervalMs: v.OFFER_POLL_INTERVAL_MS },
      geocodeUrl: v.GEOCODE_URL,
    } satisfies PublicConfig,
    documents: {
      maxUploadBytes: v.DOCUMENT_MAX_BYTES,
      billMaxAgeDays: v.BILL_MAX_AGE_DAYS,
      processingLeaseMs: v.DOCUMENT_LEASE_SECONDS * 1000,
      stuckQueuedMs: v.DOCUMENT_STUCK_MINUTES * 60_000,
    },
    portals: {
      urlTemplate: v.SUPPLIER_PORTAL_URL,
      overrides: v.SUPPLIER_PORTALS,
      timeoutMs: v.SUPPLIER_PORTAL_TIMEOUT_MS,
      retries: v.SUPPLIER_PORTAL_RETRIES,
    },
    pipeline: {
      maxRetries: v.SWITCH_MAX_RETRIES,
      backoffBaseMs: v.SWITCH_BACKOFF_BASE_MS,
      backoffMaxMs: v.SWITCH_BACKOFF_MAX_MS,
      stepLeaseMs: v.SWITCH_STEP_LEASE_MS,
      confirmationPollMs: v.SWITCH_CONFIRMATION_POLL_MS,
      signatureTtlMs: v.SWITCH_SIGNATURE_TTL_HOURS * 3_600_000,
      maxSignatureAttempts: v.SWITCH_SIGNATURE_MAX_ATTEMPTS,
    },
    devGate: v.DEV_GATE_USER && v.DEV_GATE_PASSWORD ? { user: v.DEV_GATE_USER, password: v.DEV_GATE_PASSWORD } : null,
    secrets: {
      sessionSecret: v.SESSION_SECRET,
      otpHashKey: v.OTP_HASH_KEY,
      piiEncryptionKey: v.PII_ENCRYPTION_KEY,
      adminEmail: v.ADMIN_EMAIL,
      adminPassword: v.ADMIN_PASSWORD,
      supplierPortalToken: v.SUPPLIER_PORTAL_TOKEN,
    },
  }));

export type AppConfig = z.infer<typeof varsSchema>;
export type CollectionConfig = AppConfig["offers"];
export type PortalConfig = AppConfig["portals"];
export type PipelineConfig = AppConfig["pipeline"];

/** A var the Worker cannot run with; the message names each one (never its value). */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly variables: string[], detail: string) {
    super(`invalid configuration: ${detail}`);
  }
}

type ConfigSource = Partial<Record<keyof Env, unknown>> | Env;

const parsed = new WeakMap<object, { config: AppConfig } | { error: ConfigError }>();

function parse(env: ConfigSource): { config: AppConfig } | { error: ConfigError } {
  const result = varsSchema.safeParse(env);
  if (result.success) return { config: result.data };
  const issues = result.error.issues.map((issue) => ({ name: String(issue.path[0] ?? "env"), message: issue.message }));
  const detail = issues.map((i) => `${i.name} ${i.message}`).join("; ");
  return { error: new ConfigError([...new Set(issues.map((i) => i.name))], detail) };
}

/** The validated configuration of this env object; throws ConfigError naming the bad vars. */
export function appConfig(env: ConfigSource): AppConfig {
  let entry = parsed.get(env);
  if (!entry) {
    entry = parse(env);
    parsed.set(env, entry);
  }
  if ("error" in entry) throw entry.error;
  return entry.config;
}
