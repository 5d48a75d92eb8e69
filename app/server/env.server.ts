// Bindings and vars of wrangler.toml plus the secrets of .dev.vars.example.
import type { AdminChannel } from "../../workers/durable-objects/admin-channel";
import type { OfferCollector } from "../../workers/durable-objects/offer-collector";
import type { RateLimiter } from "../../workers/durable-objects/rate-limiter";
import type { SupplierQueue } from "../../workers/durable-objects/supplier-queue";
import type { UserChannel } from "../../workers/durable-objects/user-channel";
import type { DocumentJob } from "./documents/jobs.server";

export interface Env {
  DB: D1Database;
  DOCUMENTS: R2Bucket;
  DOCUMENT_QUEUE: Queue<DocumentJob>;
  DOCUMENT_DLQ: Queue<DocumentJob>;
  USER_CHANNEL: DurableObjectNamespace<UserChannel>;
  ADMIN_CHANNEL: DurableObjectNamespace<AdminChannel>;
  OFFER_COLLECTOR: DurableObjectNamespace<OfferCollector>;
  SUPPLIER_QUEUE: DurableObjectNamespace<SupplierQueue>;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;

  APP_ENV: string;
  PUBLIC_BASE_URL: string;
  SMS_PROVIDER: string;
  /** outbox adapter: simulated delivery latency and failure share (0..1), like a real gateway */
  SMS_OUTBOX_LATENCY_MS?: string;
  SMS_OUTBOX_FAILURE_RATE?: string;
  SMS_GATEWAY_TIMEOUT_MS?: string;
  OFFER_SOURCES: string;
  OFFER_CACHE_TTL_SECONDS: string;
  OFFER_COMPARATOR_URL?: string;
  OFFER_SOURCE_TIMEOUT_MS?: string;
  OFFER_SOURCE_RETRIES?: string;
  OFFER_JOB_TIMEOUT_MS?: string;
  OFFER_INSTANT_WAIT_MS?: string;
  OFFER_POLL_FIRST_MS?: string;
  OFFER_POLL_INTERVAL_MS?: string;
  GEOCODE_URL?: string;
  DOCUMENT_MAX_BYTES: string;
  BILL_MAX_AGE_DAYS: string;
  /** minutes a queued document may wait unprocessed before the sweep sends it again (its message was lost) */
  DOCUMENT_STUCK_MINUTES?: string;
  /** seconds a processing run holds a document without renewing its lease (app/server/documents/jobs.server.ts) */
  DOCUMENT_LEASE_SECONDS?: string;
  /** suppliers' onboarding portals: see app/server/switching/suppliers/portal-config.server.ts */
  /** per-network sign-in code limits, the SMS budget and the per-IP upload limit (app/server/auth/rate-limit.server.ts) */
  SMS_IP_CODES_PER_10_MIN?: string;
  SMS_IP_CODES_PER_HOUR?: string;
  SMS_BUDGET_PER_HOUR?: string;
  SMS_BUDGET_PER_DAY?: string;
  UPLOAD_IP_PER_10_MIN?: string;
  SUPPLIER_PORTAL_URL?: string;
  SUPPLIER_PORTALS?: string;
  SUPPLIER_PORTAL_TIMEOUT_MS?: string;
  SUPPLIER_PORTAL_RETRIES?: string;
  SUPPLIER_PORTAL_TOKEN?: string;

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
}
