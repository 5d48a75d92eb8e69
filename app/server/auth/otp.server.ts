// One-time sign-in codes (user spec §4, §5, §9): 6 digits from the CSPRNG, stored only as an
// HMAC-SHA256 keyed with OTP_HASH_KEY, valid 5 minutes, dead after 5 attempts, one new code per 60 s,
// at most 5 an hour and 10 a day per phone, plus per-network limits and a service-wide SMS budget. The answer to a code request never depends on
// whether the phone belongs to an account: accounts are created at the first successful verification.
import type { AppContext } from "../context.server";
import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { newId } from "../../lib/ids";
import { SMS_CODE_LENGTH } from "../../lib/phone";
import { TEXTS } from "../../texts/user";
import { ADMIN_TEXTS } from "../../texts/admin";
import { type Database } from "../db/client.server";
import { otpChallenges, users } from "../db/schema.server";
import { adminNotificationInsert, newAdminNotification, notifyAdmins, publishAdminNotification } from "../notifications/notifications.server";
import { readSettings } from "../settings/settings.server";
import { createSmsSender, type SmsSender } from "../sms/sms.server";
import { authLogInsert, logAuthEvent } from "./auth-logs.server";
import { constantTimeEqualText, hmacSha256, randomDigits, toHex } from "./crypto.server";
import type { AuthFailureInfo } from "./errors.server";
import {
  RATE_LIMITS,
  consumeRate,
  consumeRates,
  networkOf,
  refundRate,
  retryAfterSeconds,
  smsBudgetRules,
  smsPerNetworkRules,
} from "./rate-limit.server";
import type { RequestInfo } from "./request-info.server";
import { requireSecret } from "./secrets.server";
import { blockedAccountFailure } from "./user-sessions.server";

const SMS_BUDGET_KEY = "sms-budget";

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

export function generateOtpCode(): string {
  return randomDigits(SMS_CODE_LENGTH);
}

/** The keyed hash stored for a code; bound to the phone so a hash is useless for any other number. */
export async function hashOtp(key: string, phone: string, code: string): Promise<string> {
  return toHex(await hmacSha256(key, `otp:v1:${phone}:${code}`));
}

export interface OtpOptions {
  now?: number;
  /** defaults to the SMS_PROVIDER adapter */
  sms?: SmsSender;
}

export type CodeRequestResult =
  | { ok: true; expiresInSeconds: number; resendAfterSeconds: number }
  | { ok: false; failure: AuthFailureInfo };

/** Sends a fresh code to a canonical phone, if the limits allow. */
export async function requestSignInCode(
  ctx: AppContext,
  phone: string,
  info: RequestInfo,
  options: OtpOptions = {},
): Promise<CodeRequestResult> {
  const now = options.now ?? Date.now();
  const db = ctx.db;
  const key = requireSecret(ctx.env, "OTP_HASH_KEY");

  const networkKey = `sms-net:${networkOf(info.ip)}` as const;
  const phoneKey = `sms-phone:${phone}` as const;
  const budgetRules = smsBudgetRules(ctx.config.limits);
  // One call, all or nothing: a request another limit refuses costs none of the budget, and asking
  // again too early (a slip, not an attack) eats nothing of the network's allowance.
  const decision = await consumeRates(
    ctx.env,
    [
      { key: networkKey, rules: smsPerNetworkRules(ctx.config.limits) },
      { key: phoneKey, rules: RATE_LIMITS.smsPerPhone },
      { key: SMS_BUDGET_KEY, rules: budgetRules, counted: true },
    ],
    now,
  );
  if (!decision.allowed) {
    await logAuthEvent(db, { action: "sms_code_refused", success: false, phone, info, now });
    const wait = retryAfterSeconds(decision);
    if (decision.key === networkKey) {
      return { ok: false, failure: { code: "rate_limited", status: 429, message: TEXTS.auth.tooManyRequests, retryAfterSeconds: wait } };
    }
    if (decision.key === phoneKey) {
      return {
        ok: false,
        failure:
          decision.rule === "sms_resend_cooldown"
            ? { code: "resend_too_soon", status: 429, message: TEXTS.auth.resendTooSoon(wait), retryAfterSeconds: wait }
            : { code: "too_many_codes", status: 429, message: TEXTS.auth.tooManyCodes, retryAfterSeconds: wait },
      };
    }
    if (decision.first) {
      const alert = ADMIN_TEXTS.notifications.smsBudgetExhausted;
      const rule = budgetRules.find((r) => r.name === decision.rule)!;
      const period = rule.name === "sms_budget_hourly" ? "oră" : "zi";
      await notifyAdmins(ctx, {
        type: "system_alert",
        title: alert.title,
        message: alert.message(rule.limit, period),
        metadata: {},
        now,
      });
    }
    return {
      ok: false,
      failure: { code: "sms_budget_exhausted", status: 429, message: TEXTS.auth.smsBudgetExhausted, retryAfterSeconds: wait },
    };
  }

  const code = generateOtpCode();
  const challengeId = newId(now);
  await db.batch([
    // Only the newest code of a phone is valid.
    db
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt))),
    db.insert(otpChallenges).values({
      id: challengeId,
      phone,
      codeHash: await hashOtp(key, phone, code),
      expiresAt: now + OTP_TTL_MS,
      attempts: 0,
      sentAt: now,
      ipAddress: info.ip,
    }),
  ]);

  const sms = options.sms ?? createSmsSender(ctx);
  const sent = await sms.send({ to: phone, text: TEXTS.auth.smsBody(code) });
  if (!sent.ok) {
    console.error(`SMS via ${sms.provider} failed: ${sent.error} ${sent.detail}`);
    await db.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challengeId));
    // The person never got a code: let them ask again at once; nothing was spent.
    await refundRate(ctx.env, [phoneKey, SMS_BUDGET_KEY], decision);
    await logAuthEvent(db, { action: "sms_send_failed", success: false, phone, info, now });
    return {
      ok: false,
      failure: { code: "sms_failed", status: 502, message: TEXTS.auth.smsFailed.message, title: TEXTS.auth.smsFailed.title },
    };
  }
  await logAuthEvent(db, { action: "sms_code_requested", success: true, phone, info, now });
  return { ok: true, expiresInSeconds: OTP_TTL_MS / 1000, resendAfterSeconds: RATE_LIMITS.smsPerPhone[0]!.windowMs / 1000 };
}

export type SignedInUser = typeof users.$inferSelect;

export type CodeCheckResult =
  | { ok: true; user: SignedInUser; isNewUser: boolean }
  | { ok: false; failure: AuthFailureInfo; userId?: string };

const expired: AuthFailureInfo = { code: "code_expired", status: 400, message: TEXTS.auth.codeExpired };
const exhausted: AuthFailureInfo = { code: "too_many_attempts", status: 429, message: TEXTS.auth.tooManyAttempts };

/**
 * Checks a code for a canonical phone. Every attempt counts, the right one included, so after five
 * wrong codes even the right one is refused. On success the code is spent and the user is found or
 * created; a suspended or deactivated user is refused.
 */
export async function verifySignInCode(
  ctx: AppContext,
  phone: string,
  code: string,
  info: RequestInfo,
  options: { now?: number } = {},
): Promise<CodeCheckResult> {
  const now = options.now ?? Date.now();
  const db = ctx.db;
  const key = requireSecret(ctx.env, "OTP_HASH_KEY");

  const ipDecision = await consumeRate(ctx.env, `verify-net:${networkOf(info.ip)}`, RATE_LIMITS.verifyPerNetwork, now);
  if (!ipDecision.allowed) {
    return {
      ok: false,
      failure: { code: "rate_limited", status: 429, message: TEXTS.auth.tooManyRequests, retryAfterSeconds: retryAfterSeconds(ipDecision) },
    };
  }

  const failed = async (failure: AuthFailureInfo): Promise<CodeCheckResult> => {
    await logAuthEvent(db, { action: "sms_code_failed", success: false, phone, info, now });
    return { ok: false, failure };
  };

  // One round trip: the newest live code, and the attempt counted atomically before comparing, so
  // parallel guesses cannot exceed the limit (an expired or spent code is not counted).
  const newest = db
    .select({ id: otpChallenges.id })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt)))
    .orderBy(desc(otpChallenges.sentAt))
    .limit(1);
  const [[challenge], [counted]] = await db.batch([
    db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt)))
      .orderBy(desc(otpChallenges.sentAt))
      .limit(1),
    db
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(
        and(
          inArray(otpChallenges.id, newest),
          isNull(otpChallenges.consumedAt),
          gt(otpChallenges.expiresAt, now),
          lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
        ),
      )
      .returning({ id: otpChallenges.id, attempts: otpChallenges.attempts }),
  ]);
  if (!challenge || challenge.expiresAt <= now) return failed(expired);
  if (!counted || counted.id !== challenge.id) return failed(exhausted);

  const matches = constantTimeEqualText(await hashOtp(key, phone, code), challenge.codeHash);
  if (!matches) {
    const attemptsRemaining = OTP_MAX_ATTEMPTS - counted.attempts;
    return failed({
      code: "invalid_code",
      status: 400,
      message: TEXTS.auth.verifyFailed.message,
      title: TEXTS.auth.verifyFailed.title,
      attemptsRemaining,
    });
  }

  const [[spent], [existing]] = await db.batch([
    db
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, challenge.id), isNull(otpChallenges.consumedAt)))
      .returning({ id: otpChallenges.id }),
    db.select().from(users).where(eq(users.phone, phone)).limit(1),
  ]);
  if (!spent) return failed(expired);

  // New registrations closed (admin settings): refused here, after the right code, not when the code
  // is asked for. The code request answers the same for every phone (issue 15: no account
  // enumeration); only the owner of the phone gets this far, and telling them tells nobody else
  // anything. Existing accounts sign in as usual.
  if (!existing && !(await readSettings(ctx, { now })).new_registrations) {
    await logAuthEvent(db, { action: "registration_refused_closed", success: false, phone, info, now });
    return { ok: false, failure: { code: "registrations_closed", status: 403, message: TEXTS.adminSettings.registrationsClosed } };
  }
  const { user, isNewUser } = existing ? { user: existing, isNewUser: false } : await createUser(db, phone, now);
  const blocked = blockedAccountFailure(user.status);
  if (blocked) {
    const action = user.status === "suspended" ? "login_blocked_suspended" : "login_blocked_inactive";
    await logAuthEvent(db, { action, success: false, userId: user.id, phone, info, now });
    return { ok: false, userId: user.id, failure: blocked };
  }
  const login = authLogInsert(db, { action: "login", success: true, userId: user.id, phone, info, now });
  if (!isNewUser) {
    const [[signedIn]] = await db.batch([db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)).returning(), login]);
    return { ok: true, user: signedIn ?? user, isNewUser };
  }
  const n = ADMIN_TEXTS.notifications.userRegistered;
  const registered = newAdminNotification({
    type: "user_registered",
    title: n.title,
    message: n.message(phone),
    metadata: { user_id: user.id, user_phone: phone },
    now,
  });
  await db.batch([login, adminNotificationInsert(db, registered)]);
  await publishAdminNotification(ctx.env, registered);
  return { ok: true, user, isNewUser };
}

/** The account of a phone signing in for the first time, created signed in; a concurrent creation wins the race. */
async function createUser(db: Database, phone: string, now: number): Promise<{ user: SignedInUser; isNewUser: boolean }> {
  const id = newId(now);
  const [, [user]] = await db.batch([
    db.insert(users).values({ id, phone, status: "active", createdAt: now, lastLoginAt: now }).onConflictDoNothing({ target: users.phone }),
    db.select().from(users).where(eq(users.phone, phone)).limit(1),
  ]);
  if (!user) throw new Error("user row missing right after insert");
  return { user, isNewUser: user.id === id };
}
