// What the signing page loads and does, whichever way it was reached: the SMS link (/semnare/{token})
// or the owner's request page (/cereri-schimbare/{id}/semnare, signed in). Both need the SMS code.
import { and, eq, isNotNull } from "drizzle-orm";
import { formatRoDay } from "../../lib/dates";
import { parseWithZod } from "../../lib/forms";
import { microToDecimal } from "../../lib/money";
import { contractSigningSchema } from "../../lib/schemas/contract-signing";
import { SIGNING_TEXTS } from "../../texts/signing";
import { withdrawalDeadline } from "../../lib/withdrawal";
import { requestInfo } from "../auth/request-info.server";
import { readFormData } from "../http.server";
import type { Database } from "../db/client.server";
import { suppliers, switchRequests, users } from "../db/schema.server";
import type { Env } from "../env.server";
import { supplierQueue } from "./pipeline.server";
import { checkSigningCode, sendSigningCode, signingState, type SigningRequest } from "./signing.server";

const T = SIGNING_TEXTS;

/** The owner's request, when it has (or had) a signing link. */
export async function findOwnedSigningRequest(db: Database, userId: string, id: string): Promise<SigningRequest | null> {
  const [row] = await db
    .select({
      request: switchRequests,
      supplier: { id: suppliers.id, name: suppliers.name, website: suppliers.website },
      user: { id: users.id, phone: users.phone },
    })
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .innerJoin(users, eq(users.id, switchRequests.userId))
    .where(and(eq(switchRequests.id, id), eq(switchRequests.userId, userId), isNotNull(switchRequests.signatureTokenHash)))
    .limit(1);
  return row ?? null;
}

function bucharestTime(ms: number): string {
  return new Intl.DateTimeFormat("ro-RO", {
    timeZone: "Europe/Bucharest",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(ms));
}

export function signingPageData(found: SigningRequest | null, contractUrl: string, now = Date.now()) {
  if (!found) return { state: "invalid" as const };
  const { request, supplier } = found;
  const deadline = withdrawalDeadline(request.signedAt);
  return {
    state: signingState(request, now),
    requestId: request.id,
    contractUrl,
    supplierName: supplier.name,
    offerName: request.offerName,
    pricePerKwh: microToDecimal(request.offerPriceMicroLei, 4).replace(".", ","),
    desiredSwitchDate: formatRoDay(request.desiredSwitchDate),
    pod: request.pod,
    contractNumber: request.contractNumber,
    expiresAt: request.signatureExpiresAt ? bucharestTime(request.signatureExpiresAt) : null,
    attemptsRemaining: request.signatureAttemptsRemaining ?? 0,
    maxAttempts: request.signatureMaxAttempts ?? 0,
    codeActive: (request.signatureCodeExpiresAt ?? 0) > now,
    withdrawalUntil: deadline ? formatRoDay(deadline) : null,
  };
}

export type SigningPageData = ReturnType<typeof signingPageData>;

/**
 * The page's three intents: send-code, new-link, sign. Returns the action data, or "signed" when the
 * page should reload to show the signed state.
 */
export async function signingPageAction(request: Request, env: Env, db: Database, found: SigningRequest | null) {
  if (!found) return { intent: "invalid" as const };
  const form = await readFormData(request);
  if (!form) return { intent: "sign" as const, message: T.errors.failed, ok: false };
  const intent = form.get("intent");
  if (intent === "send-code") {
    const sent = await sendSigningCode(env, db, found);
    if (sent.ok) return { intent: "send-code" as const, message: T.codeSent, ok: true };
    const message = sent.reason === "cooldown" ? T.cooldown(sent.retryAfterSeconds ?? 60) : T.smsFailed;
    return { intent: "send-code" as const, message, ok: false };
  }
  if (intent === "new-link") {
    const renewed = await supplierQueue(env, found.supplier.id).renewSignatureLink(found.request.id);
    return { intent: "new-link" as const, message: renewed ? T.newLinkSent : T.states.invalid.message, ok: renewed };
  }

  const submission = parseWithZod(form, { schema: contractSigningSchema });
  if (submission.status !== "success") return { intent: "sign" as const, result: submission.reply() };
  const check = await checkSigningCode(env, db, found, submission.value.code);
  if (!check.ok) {
    const message = check.reason === "wrong_code" ? T.errors.wrongCode(check.attemptsRemaining) : T.errors.noCode(check.attemptsRemaining);
    return { intent: "sign" as const, result: submission.reply({ fieldErrors: { code: [message] } }) };
  }
  const value = submission.value;
  const mark =
    value.method === "typed"
      ? { method: "typed" as const, name: value.typedName }
      : { method: "drawn" as const, png: Uint8Array.from(atob(value.signaturePng.split(",")[1] ?? ""), (c) => c.charCodeAt(0)) };
  const info = requestInfo(request);
  try {
    const stored = await supplierQueue(env, found.supplier.id).completeSignature(found.request.id, {
      mark,
      ipAddress: info.ip === "unknown" ? null : info.ip,
      userAgent: info.userAgent,
    });
    if (!stored.ok) return { intent: "sign" as const, result: submission.reply({ formErrors: [T.errors.failed] }) };
  } catch (error) {
    // A drawn "signature" that is not a real PNG ends here too.
    console.error("signing: the signed contract could not be made", found.request.id, error instanceof Error ? error.message : error);
    return { intent: "sign" as const, result: submission.reply({ formErrors: [T.errors.failed] }) };
  }
  return "signed" as const;
}

export type SigningActionData = Exclude<Awaited<ReturnType<typeof signingPageAction>>, "signed">;
