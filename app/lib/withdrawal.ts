// The right to withdraw from a contract concluded at a distance (romania-market.md): 14 days from the
// signature, counted in Bucharest calendar days, without a reason and without costs.
import { addDays, bucharestDay } from "./dates";
import { isClosedStatus } from "./switching";

export const WITHDRAWAL_DAYS = 14;

/** The last day (YYYY-MM-DD) on which the signer may still withdraw; null before signing. */
export function withdrawalDeadline(signedAt: number | null): string | null {
  return signedAt === null ? null : addDays(bucharestDay(signedAt), WITHDRAWAL_DAYS);
}

export function withinWithdrawal(signedAt: number | null, now: number = Date.now()): boolean {
  const deadline = withdrawalDeadline(signedAt);
  return deadline !== null && bucharestDay(now) <= deadline;
}

/**
 * Whether the owner may cancel: any open request, and a completed one while the withdrawal window of
 * its signed contract lasts.
 */
export function canCancelSwitch(request: { status: string; signedAt: number | null }, now: number = Date.now()): boolean {
  if (!isClosedStatus(request.status)) return true;
  return request.status === "completed" && withinWithdrawal(request.signedAt, now);
}
