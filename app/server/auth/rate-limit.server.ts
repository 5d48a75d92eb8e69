// The limits of sign-in (user spec §9 plus our own per-IP limits), enforced by the RateLimiter
// Durable Object: one instance per key, so every check is serialised per phone or per IP.
import type { Env } from "../env.server";

/** The RateLimiter Durable Object's protocol (workers/durable-objects/rate-limiter.ts). */
export interface RateRule {
  /** reported back when this rule refuses */
  name: string;
  limit: number;
  windowMs: number;
}

export type RateDecision =
  | { allowed: true; hitId: string }
  | { allowed: false; rule: string; retryAfterMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RESEND_COOLDOWN_MS = MINUTE;
export const CODES_PER_PHONE_PER_HOUR = 5;

export const RATE_LIMITS = {
  /** one code per 60 s and at most 5 an hour for a phone */
  smsPerPhone: [
    { name: "sms_resend_cooldown", limit: 1, windowMs: RESEND_COOLDOWN_MS },
    { name: "sms_phone_hourly", limit: CODES_PER_PHONE_PER_HOUR, windowMs: HOUR },
  ],
  /** an IP may ask codes for several phones (a family, a carrier NAT) but not spray them */
  smsPerIp: [
    { name: "sms_ip_burst", limit: 10, windowMs: 10 * MINUTE },
    { name: "sms_ip_hourly", limit: 30, windowMs: HOUR },
  ],
  /** code guesses from one IP across all phones */
  verifyPerIp: [{ name: "verify_ip", limit: 30, windowMs: 10 * MINUTE }],
  refreshPerIp: [{ name: "refresh_ip", limit: 60, windowMs: 10 * MINUTE }],
  adminLoginPerIp: [{ name: "admin_login_ip", limit: 20, windowMs: 15 * MINUTE }],
  /** admin invitation links opened or answered from one IP (issue #12): tokens are unguessable, this caps the noise */
  adminInvitationPerIp: [{ name: "admin_invitation_ip", limit: 30, windowMs: 15 * MINUTE }],
  /** admin settings, issue #12 item 4: guesses of an admin's current password on the password change */
  adminPasswordChange: [{ name: "admin_password_change", limit: 5, windowMs: 15 * MINUTE }],
} satisfies Record<string, RateRule[]>;

/**
 * The per-IP code limits, tunable per deployment (SMS_IP_CODES_PER_10_MIN, SMS_IP_CODES_PER_HOUR): many
 * people can share one address (carrier NAT, an office; every browser of the local e2e run is 127.0.0.1).
 */
export function smsPerIpRules(limits: { ipCodesPer10Min: number; ipCodesPerHour: number }): RateRule[] {
  const [burst, hourly] = RATE_LIMITS.smsPerIp;
  return [
    { ...burst, limit: limits.ipCodesPer10Min },
    { ...hourly, limit: limits.ipCodesPerHour },
  ];
}

export type RateKey =
  | `sms-phone:${string}`
  | `sms-ip:${string}`
  | `verify-ip:${string}`
  | `refresh-ip:${string}`
  | `admin-login-ip:${string}`
  | `admin-invitation-ip:${string}`
  | `admin-password:${string}`;

function limiter(env: Env, key: RateKey) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));
}

export function consumeRate(env: Env, key: RateKey, rules: RateRule[], now: number): Promise<RateDecision> {
  return limiter(env, key).consume(rules, now);
}

export async function refundRate(env: Env, key: RateKey, decision: RateDecision): Promise<void> {
  if (decision.allowed) await limiter(env, key).refund(decision.hitId);
}

export function retryAfterSeconds(decision: RateDecision): number {
  return decision.allowed ? 0 : Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
