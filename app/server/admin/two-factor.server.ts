// Two-factor authentication of admins (TOTP, RFC 6238): the secret sealed at rest with the PII key,
// the code check with replay refusal, one-time recovery codes stored hashed, and the login challenge
// that stands between a right password and a session.
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { newId } from "../../lib/ids";
import type * as z from "zod/mini";
import type { adminTwoFactorLoginSchema } from "../../lib/schemas/admin-invite";
import { base32Decode, base32Encode, matchTotp } from "../../lib/totp";
import { randomToken, sha256Hex } from "../auth/crypto.server";
import { decryptPii, encryptPii, importPiiKey } from "../crypto/pii.server";
import type { Database } from "../db/client.server";
import { adminLoginChallenges, adminRecoveryCodes, adminTwoFactor, admins } from "../db/schema.server";
import type { Env } from "../env.server";

export type AdminTwoFactorLoginInput = z.infer<typeof adminTwoFactorLoginSchema>;

export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const LOGIN_CHALLENGE_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
const SECRET_BYTES = 20;
// No 0/o, 1/l/i: read off paper without doubt. 31 symbols, 10 of them: ~49 bits per code.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const sealContext = (adminId: string) => `admin-totp:${adminId}`;

export async function sealSecret(env: Env, adminId: string, secretBase32: string): Promise<string> {
  return encryptPii(await importPiiKey(env.PII_ENCRYPTION_KEY), secretBase32, sealContext(adminId));
}

async function openSecret(env: Env, adminId: string, sealed: string): Promise<Uint8Array<ArrayBuffer>> {
  const base32 = await decryptPii(await importPiiKey(env.PII_ENCRYPTION_KEY), sealed, sealContext(adminId));
  const key = base32Decode(base32);
  if (!key) throw new Error(`the two-factor secret of admin ${adminId} is not base32`);
  return key;
}

export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** Recovery codes as shown once: "xxxxx-xxxxx". */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = "";
    while (code.length < 10) {
      const [byte] = crypto.getRandomValues(new Uint8Array(1));
      // rejection sampling: 248 is the largest multiple of 31 below 256
      if (byte! < 248) code += RECOVERY_ALPHABET[byte! % RECOVERY_ALPHABET.length];
    }
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

function recoveryHash(adminId: string, code: string): Promise<string> {
  return sha256Hex(`${adminId}:${code.replace(/[\s-]/g, "").toLowerCase()}`);
}

export async function storeRecoveryCodes(db: Database, adminId: string, codes: string[], now: number): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  const rows = await Promise.all(
    codes.map(async (code) => ({
      id: newId(now),
      adminId,
      codeHash: await recoveryHash(adminId, code),
      createdAt: now,
    })),
  );
  await db.insert(adminRecoveryCodes).values(rows);
}

export async function twoFactorEnabled(db: Database, adminId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: adminTwoFactor.enabledAt })
    .from(adminTwoFactor)
    .where(eq(adminTwoFactor.adminId, adminId))
    .limit(1);
  return row?.enabledAt != null;
}

export type SecondFactor = "totp" | "recovery_code";

/**
 * Checks a code against the admin's secret (`sealed` given, e.g. a pending enrolment; otherwise the
 * enabled one) or, for an enabled secret, the unused recovery codes. A TOTP step, once accepted, is
 * recorded in the same statement that checks it was not, so two requests with one code cannot both pass.
 */
export async function checkSecondFactor(
  env: Env,
  db: Database,
  adminId: string,
  code: string,
  now: number,
  options: { pending?: boolean } = {},
): Promise<SecondFactor | null> {
  const [row] = await db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, adminId)).limit(1);
  if (!row || (options.pending ? row.enabledAt !== null : row.enabledAt === null)) return null;
  const digits = code.replace(/\s+/g, "");
  if (/^\d{6}$/.test(digits)) {
    const step = await matchTotp(await openSecret(env, adminId, row.secretSealed), digits, now, row.lastUsedStep);
    if (step === null) return null;
    const claimed = await db
      .update(adminTwoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(adminTwoFactor.adminId, adminId),
          or(isNull(adminTwoFactor.lastUsedStep), lt(adminTwoFactor.lastUsedStep, step)),
        ),
      )
      .returning({ adminId: adminTwoFactor.adminId });
    return claimed.length === 1 ? "totp" : null;
  }
  if (options.pending) return null;
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, await recoveryHash(adminId, digits)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length === 1 ? "recovery_code" : null;
}

export async function unusedRecoveryCodes(db: Database, adminId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** The secret of a pending enrolment, to show again (QR and text) until it is confirmed. */
export async function pendingSecret(env: Env, db: Database, adminId: string): Promise<string | null> {
  const [row] = await db.select().from(adminTwoFactor).where(eq(adminTwoFactor.adminId, adminId)).limit(1);
  if (!row || row.enabledAt !== null) return null;
  return decryptPii(await importPiiKey(env.PII_ENCRYPTION_KEY), row.secretSealed, sealContext(adminId));
}

export async function createLoginChallenge(db: Database, adminId: string, now: number): Promise<string> {
  const token = randomToken();
  await db.insert(adminLoginChallenges).values({
    id: newId(now),
    adminId,
    tokenHash: await sha256Hex(token),
    expiresAt: now + LOGIN_CHALLENGE_TTL_MS,
    createdAt: now,
  });
  return token;
}

export type ChallengeOutcome =
  | { ok: true; adminId: string; method: SecondFactor }
  | { ok: false; adminId: string | null; reason: "invalid_code"; attemptsRemaining: number }
  | { ok: false; adminId: string | null; reason: "challenge_invalid" };

/** The second step: a live challenge of an active admin with two-factor on, and a right code. */
export async function answerLoginChallenge(
  env: Env,
  db: Database,
  input: AdminTwoFactorLoginInput,
  now: number,
): Promise<ChallengeOutcome> {
  const tokenHash = await sha256Hex(input.challenge);
  // Counting the attempt first, in the statement that checks the limit, keeps parallel guesses within it.
  const [challenge] = await db
    .update(adminLoginChallenges)
    .set({ attempts: sql`${adminLoginChallenges.attempts} + 1` })
    .where(
      and(
        eq(adminLoginChallenges.tokenHash, tokenHash),
        isNull(adminLoginChallenges.usedAt),
        gt(adminLoginChallenges.expiresAt, now),
        lt(adminLoginChallenges.attempts, LOGIN_CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!challenge) return { ok: false, adminId: null, reason: "challenge_invalid" };
  const [admin] = await db
    .select({ status: admins.status })
    .from(admins)
    .where(eq(admins.id, challenge.adminId))
    .limit(1);
  if (admin?.status !== "active") return { ok: false, adminId: challenge.adminId, reason: "challenge_invalid" };

  const method = await checkSecondFactor(env, db, challenge.adminId, input.code, now);
  if (!method) {
    const attemptsRemaining = LOGIN_CHALLENGE_MAX_ATTEMPTS - challenge.attempts;
    if (attemptsRemaining <= 0) return { ok: false, adminId: challenge.adminId, reason: "challenge_invalid" };
    return { ok: false, adminId: challenge.adminId, reason: "invalid_code", attemptsRemaining };
  }
  const spent = await db
    .update(adminLoginChallenges)
    .set({ usedAt: now })
    .where(and(eq(adminLoginChallenges.id, challenge.id), isNull(adminLoginChallenges.usedAt)))
    .returning({ id: adminLoginChallenges.id });
  if (spent.length !== 1) return { ok: false, adminId: challenge.adminId, reason: "challenge_invalid" };
  return { ok: true, adminId: challenge.adminId, method };
}

/** Everything two-factor of an admin goes (disable, revocation, re-invitation). */
export async function removeTwoFactor(db: Database, adminId: string): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await db.delete(adminTwoFactor).where(eq(adminTwoFactor.adminId, adminId));
  await db.delete(adminLoginChallenges).where(eq(adminLoginChallenges.adminId, adminId));
}

/** Starts (or restarts) an enrolment: a fresh secret, stored sealed and not yet enabled. */
export async function beginEnrolment(env: Env, db: Database, adminId: string, now: number): Promise<string> {
  const secret = newTotpSecret();
  const sealed = await sealSecret(env, adminId, secret);
  await db
    .insert(adminTwoFactor)
    .values({ adminId, secretSealed: sealed, enabledAt: null, lastUsedStep: null, createdAt: now })
    .onConflictDoUpdate({
      target: adminTwoFactor.adminId,
      set: { secretSealed: sealed, lastUsedStep: null, createdAt: now },
      // an enabled secret is never replaced by a new enrolment
      setWhere: isNull(adminTwoFactor.enabledAt),
    });
  return secret;
}

/** Confirms a pending enrolment with its first code; the recovery codes are returned once. */
export async function confirmEnrolment(
  env: Env,
  db: Database,
  adminId: string,
  code: string,
  now: number,
): Promise<string[] | null> {
  const method = await checkSecondFactor(env, db, adminId, code, now, { pending: true });
  if (method !== "totp") return null;
  const enabled = await db
    .update(adminTwoFactor)
    .set({ enabledAt: now })
    .where(and(eq(adminTwoFactor.adminId, adminId), isNull(adminTwoFactor.enabledAt)))
    .returning({ adminId: adminTwoFactor.adminId });
  if (enabled.length !== 1) return null;
  const codes = newRecoveryCodes();
  await storeRecoveryCodes(db, adminId, codes, now);
  return codes;
}
