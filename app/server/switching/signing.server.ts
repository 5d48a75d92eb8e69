// The in-browser e-signature (issue #10, item 5). The SMS carries /semnare/{token}: the token (256 bits)
// finds the request; only its hash is stored. To sign, the person also proves the account's phone with a
// 6-digit code sent on request (keyed hash, 10 minutes, 60 s between sends); every wrong code spends one
// of the link's attempts. An expired or exhausted link can be replaced by a new one, sent to the same
// phone. The signed PDF itself is made by the supplier's SupplierQueue (it holds the fonts) and the
// pipeline goes on from there.
import { and, eq, gt } from "drizzle-orm";
import { randomDigits, toHex, hmacSha256 } from "../auth/crypto.server";
import { constantTimeEqualText } from "../auth/crypto.server";
import type { Database } from "../db/client.server";
import { suppliers, switchRequests, users } from "../db/schema.server";
import { appConfig } from "../config.server";
import type { Env } from "../env.server";
import { createSmsSender } from "../sms/sms.server";
import { SIGNING_TEXTS } from "../../texts/signing";
import { signatureTokenHash } from "./pipeline/steps.server";
import type { SwitchRequestRow } from "./requests.server";

export const SIGNING_CODE_TTL_MS = 10 * 60_000;
export const SIGNING_CODE_COOLDOWN_MS = 60_000;

export interface SigningRequest {
  request: SwitchRequestRow;
  supplier: { id: string; name: string; website: string };
  user: { id: string; phone: string };
}

export type SigningState = "ready" | "expired" | "exhausted" | "signed" | "closed";

export async function findSigningRequest(db: Database, token: string): Promise<SigningRequest | null> {
  if (!/^[A-Za-z0-9_-]{40,64}$/.test(token)) return null;
  const [row] = await db
    .select({
      request: switchRequests,
      supplier: { id: suppliers.id, name: suppliers.name, website: suppliers.website },
      user: { id: users.id, phone: users.phone },
    })
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .innerJoin(users, eq(users.id, switchRequests.userId))
    .where(eq(switchRequests.signatureTokenHash, await signatureTokenHash(token)))
    .limit(1);
  return row ?? null;
}

export function signingState(request: SwitchRequestRow, now: number): SigningState {
  if (request.signedContractR2Key) return "signed";
  if (request.status !== "awaiting_signature") return "closed";
  if ((request.signatureAttemptsRemaining ?? 0) <= 0) return "exhausted";
  if ((request.signatureExpiresAt ?? 0) <= now) return "expired";
  return "ready";
}

async function codeHash(env: Env, requestId: string, code: string): Promise<string> {
  const key = appConfig(env).secrets.otpHashKey;
  if (!key) throw new Error("OTP_HASH_KEY is not set");
  return toHex(await hmacSha256(key, `signature:v1:${requestId}:${code}`));
}

export type SendCodeResult = { ok: true } | { ok: false; reason: "not_ready" | "cooldown" | "sms_failed"; retryAfterSeconds?: number };

export async function sendSigningCode(env: Env, db: Database, found: SigningRequest, now = Date.now()): Promise<SendCodeResult> {
  const { request } = found;
  if (signingState(request, now) !== "ready") return { ok: false, reason: "not_ready" };
  const sentAt = request.signatureCodeExpiresAt ? request.signatureCodeExpiresAt - SIGNING_CODE_TTL_MS : 0;
  if (now - sentAt < SIGNING_CODE_COOLDOWN_MS) {
    return { ok: false, reason: "cooldown", retryAfterSeconds: Math.ceil((sentAt + SIGNING_CODE_COOLDOWN_MS - now) / 1000) };
  }
  const code = randomDigits(6);
  await db
    .update(switchRequests)
    .set({ signatureCodeHash: await codeHash(env, request.id, code), signatureCodeExpiresAt: now + SIGNING_CODE_TTL_MS, updatedAt: now })
    .where(eq(switchRequests.id, request.id));
  const sent = await createSmsSender({ env, config: appConfig(env), db }).send({ to: found.user.phone, text: SIGNING_TEXTS.smsCode(code) });
  return sent.ok ? { ok: true } : { ok: false, reason: "sms_failed" };
}

export type CodeCheck = { ok: true } | { ok: false; reason: "not_ready" | "no_code" | "wrong_code"; attemptsRemaining: number };

/** Checks the code; a wrong one spends an attempt (conditional, so parallel guesses can't overspend). */
export async function checkSigningCode(env: Env, db: Database, found: SigningRequest, code: string, now = Date.now()): Promise<CodeCheck> {
  const { request } = found;
  const remaining = request.signatureAttemptsRemaining ?? 0;
  if (signingState(request, now) !== "ready") return { ok: false, reason: "not_ready", attemptsRemaining: remaining };
  const fresh = request.signatureCodeHash && (request.signatureCodeExpiresAt ?? 0) > now;
  if (fresh && constantTimeEqualText(await codeHash(env, request.id, code), request.signatureCodeHash!)) return { ok: true };
  const [spent] = await db
    .update(switchRequests)
    .set({ signatureAttemptsRemaining: remaining - 1, updatedAt: now })
    .where(
      and(
        eq(switchRequests.id, request.id),
        eq(switchRequests.signatureAttemptsRemaining, remaining),
        gt(switchRequests.signatureAttemptsRemaining, 0),
      ),
    )
    .returning({ left: switchRequests.signatureAttemptsRemaining });
  return { ok: false, reason: fresh ? "wrong_code" : "no_code", attemptsRemaining: spent?.left ?? 0 };
}

