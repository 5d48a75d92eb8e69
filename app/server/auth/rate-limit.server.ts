// The limits of sign-in (user spec §9 plus our own), of uploads and of the gates, enforced by the
// RateLimiter Durable Object: every key lives in exactly one instance, so every check is serialised per
// phone, network, user or IP, and the keys of one request are checked and charged in one call. Addresses are counted per network (/24 for IPv4, /64 for IPv6) with allowances sized for
// carrier NAT, where many people share one address; the per-phone limits stop abuse of one number
// (decision 0012).
import type { Env } from "../env.server";

/** The RateLimiter Durable Object's protocol (workers/durable-objects/rate-limiter.ts). */
export interface RateRule {
  /** reported back when this rule refuses */
  name: string;
  limit: number;
  windowMs: number;
}

/** One key of a request and the rules it must satisfy. */
export interface RateCheck {
  key: RateKey;
  rules: RateRule[];
  /** fixed windows counted instead of a log of every hit, for keys with thousands of hits (the SMS budget) */
  counted?: boolean;
}

export type RateDecision =
  | { allowed: true; hitId: string }
  /**
   * `key`: the first key that refused; `first`: the first refusal since that key last had room, so a
   * lockout is reported once, not per request
   */
  | { allowed: false; key: string; rule: string; retryAfterMs: number; first: boolean };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RESEND_COOLDOWN_MS = MINUTE;
export const CODES_PER_PHONE_PER_HOUR = 5;
export const CODES_PER_PHONE_PER_DAY = 10;

export const RATE_LIMITS = {
  /** one code per 60 s, at most 5 an hour and 10 a day for a phone */
  smsPerPhone: [
    { name: "sms_resend_cooldown", limit: 1, windowMs: RESEND_COOLDOWN_MS },
    { name: "sms_phone_hourly", limit: CODES_PER_PHONE_PER_HOUR, windowMs: HOUR },
    { name: "sms_phone_daily", limit: CODES_PER_PHONE_PER_DAY, windowMs: DAY },
  ],
  /** a network may ask codes for many phones (a carrier NAT, an office) but not spray them */
  smsPerNetwork: [
    { name: "sms_network_burst", limit: 30, windowMs: 10 * MINUTE },
    { name: "sms_network_hourly", limit: 100, windowMs: HOUR },
  ],
  /** every SMS the service sends, whoever asks: a ceiling on cost (SMS pumping), per hour and per day */
  smsBudget: [
    { name: "sms_budget_hourly", limit: 200, windowMs: HOUR },
    { name: "sms_budget_daily", limit: 2000, windowMs: DAY },
  ],
  /** code guesses from one network across all phones (each code also dies after 5 guesses) */
  verifyPerNetwork: [{ name: "verify_network", limit: 100, windowMs: 10 * MINUTE }],
  refreshPerNetwork: [{ name: "refresh_network", limit: 300, windowMs: 10 * MINUTE }],
  adminLoginPerIp: [{ name: "admin_login_ip", limit: 20, windowMs: 15 * MINUTE }],
  devGatePerIp: [{ name: "dev_gate_ip", limit: 10, windowMs: 15 * MINUTE }],
  /** uploads (requests, each up to 5 files) of one account */
  uploadPerUser: [
    { name: "upload_user_burst", limit: 30, windowMs: 10 * MINUTE },
    { name: "upload_user_daily", limit: 200, windowMs: DAY },
  ],
  uploadPerIp: [{ name: "upload_ip", limit: 300, windowMs: 10 * MINUTE }],
  /** admin invitation links opened or answered from one IP (issue #12): tokens are unguessable, this caps the noise */
  adminInvitationPerIp: [{ name: "admin_invitation_ip", limit: 30, windowMs: 15 * MINUTE }],
  /** admin settings, issue #12 item 4: guesses of an admin's current password on the password change */
  adminPasswordChange: [{ name: "admin_password_change", limit: 5, windowMs: 15 * MINUTE }],
} satisfies Record<string, RateRule[]>;

/** The deployment's tunable limits, validated in app/server/config.server.ts (`config.limits`). */
export interface ConfiguredLimits {
  smsNetworkPer10Min: number;
  smsNetworkPerHour: number;
  smsBudgetPerHour: number;
  smsBudgetPerDay: number;
  uploadIpPer10Min: number;
  adminLoginIpPer15Min: number;
}

/** The per-network code limits (SMS_IP_CODES_PER_10_MIN, SMS_IP_CODES_PER_HOUR; every e2e browser is 127.0.0.1). */
export function smsPerNetworkRules(limits: ConfiguredLimits): RateRule[] {
  const [burst, hourly] = RATE_LIMITS.smsPerNetwork;
  return [
    { ...burst, limit: limits.smsNetworkPer10Min },
    { ...hourly, limit: limits.smsNetworkPerHour },
  ];
}

/** The SMS budget of the deployment (SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY). */
export function smsBudgetRules(limits: ConfiguredLimits): RateRule[] {
  const [hourly, daily] = RATE_LIMITS.smsBudget;
  return [
    { ...hourly, limit: limits.smsBudgetPerHour },
    { ...daily, limit: limits.smsBudgetPerDay },
  ];
}

/** The per-IP admin sign-in limit (ADMIN_LOGIN_IP_PER_15_MIN; every e2e browser signs in from 127.0.0.1). */
export function adminLoginPerIpRules(limits: ConfiguredLimits): RateRule[] {
  const [window] = RATE_LIMITS.adminLoginPerIp;
  return [{ ...window, limit: limits.adminLoginIpPer15Min }];
}

/** The per-IP upload limit (UPLOAD_IP_PER_10_MIN; the e2e run and the bench upload from one address). */
export function uploadPerIpRules(limits: ConfiguredLimits): RateRule[] {
  const [burst] = RATE_LIMITS.uploadPerIp;
  return [{ ...burst, limit: limits.uploadIpPer10Min }];
}

function ipv6Groups(address: string): number[] | null {
  const [head, tail, ...rest] = address.split("::");
  if (rest.length) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  let left = parse(head);
  let right = parse(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4) is two groups.
  const last = (tail === undefined ? left : right).at(-1);
  if (last?.includes(".")) {
    const octets = last.split(".").map(Number);
    const groups = [((octets[0] ?? 0) << 8) | (octets[1] ?? 0), ((octets[2] ?? 0) << 8) | (octets[3] ?? 0)].map((g) => g.toString(16));
    if (tail === undefined) left = [...left.slice(0, -1), ...groups];
    else right = [...right.slice(0, -1), ...groups];
  }
  const missing = 8 - left.length - right.length;
  if ((tail === undefined && missing !== 0) || missing < 0) return null;
  const groups = [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  return groups.some(Number.isNaN) ? null : groups;
}

/**
 * The network an address belongs to, as counted by the limits: a.b.c.0/24 for IPv4 (also when mapped
 * into IPv6), the first four groups /64 for IPv6; anything unparseable stands for itself.
 */
export function networkOf(ip: string): string {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const groups = ip.includes(":") ? ipv6Groups(ip) : null;
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0/24`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

export type RateKey =
  | `sms-phone:${string}`
  | `sms-net:${string}`
  | "sms-budget"
  | `verify-net:${string}`
  | `refresh-net:${string}`
  | `admin-login-ip:${string}`
  | `dev-gate-ip:${string}`
  | `upload-user:${string}`
  | `upload-ip:${string}`
  | `admin-invitation-ip:${string}`
  | `admin-password:${string}`;

const LIMITER_SHARDS = 16;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * The RateLimiter instance that holds `key`. The sign-in code keys share one: the SMS budget is
 * service-wide anyway, and a code request charges its phone, its network and the budget in one call.
 * The other keys are spread over a fixed set of instances, which stay warm: an instance per key meant
 * creating an object on almost every sign-in (issue 15, decision 0012).
 */
export function rateLimiterName(key: RateKey): string {
  return key.startsWith("sms-") ? "sms" : `shard-${fnv1a(key) % LIMITER_SHARDS}`;
}

function limiterOf(env: Env, keys: RateKey[]) {
  const names = new Set(keys.map(rateLimiterName));
  if (names.size !== 1) throw new Error(`rate keys ${keys.join(", ")} live in different limiter instances`);
  const [name] = names;
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name!));
}

/** Charges every key, or none: the decision names the first key (in order) that refused. */
export async function consumeRates(env: Env, checks: RateCheck[], now: number): Promise<RateDecision> {
  return limiterOf(
    env,
    checks.map((check) => check.key),
  ).consume(checks, now);
}

export function consumeRate(env: Env, key: RateKey, rules: RateRule[], now: number): Promise<RateDecision> {
  return consumeRates(env, [{ key, rules }], now);
}

/** Gives an allowed hit back on `keys` (all or some of the keys it charged). */
export async function refundRate(env: Env, keys: RateKey | RateKey[], decision: RateDecision): Promise<void> {
  const list = Array.isArray(keys) ? keys : [keys];
  if (decision.allowed) await limiterOf(env, list).refund(decision.hitId, list);
}

export function retryAfterSeconds(decision: RateDecision): number {
  return decision.allowed ? 0 : Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
