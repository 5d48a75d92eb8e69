// What the user may do to a request after creating it (user spec §4): cancel it (optional reason;
// refused once it is completed, failed, rejected or already cancelled) or stop its automatic
// processing. Each status change writes a log line and a user notification.
import type { CancelSwitchRequestInput } from "../../lib/schemas/switch-request";
import { canCancelAutomation, isClosedStatus } from "../../lib/switching";
import { canCancelSwitch } from "../../lib/withdrawal";
import { TEXTS } from "../../texts/user";
import type { Database } from "../db/client.server";
import type { Env } from "../env.server";
import { notifyUser } from "../notifications/notifications.server";
import { switchFailure, type SwitchFailure } from "./errors.server";
import { changeStatus, findOwnedRequest, logInsert, type SwitchRequestWithSupplier } from "./requests.server";

export type LifecycleResult = { ok: true; changed: SwitchRequestWithSupplier } | { ok: false; failure: SwitchFailure };

const t = TEXTS.switching;

export async function cancelSwitchRequest(
  env: Env,
  db: Database,
  userId: string,
  id: string,
  input: CancelSwitchRequestInput,
  now = Date.now(),
): Promise<LifecycleResult> {
  const found = await findOwnedRequest(db, userId, id);
  if (!found) return { ok: false, failure: switchFailure("not_found") };
  if (!canCancelSwitch(found.request, now)) return { ok: false, failure: switchFailure("cancel_refused") };
  // A completed switch is cancelled only as a withdrawal (14 days from signing, app/lib/withdrawal.ts).
  const from = isClosedStatus(found.request.status) ? { from: [found.request.status] } : {};
  // Conditional: a request closed between the read and this write is not cancelled over.
  const row = await changeStatus(db, userId, id, { status: "cancelled", cancelReason: input.reason, ...from }, now);
  if (!row) return { ok: false, failure: switchFailure("cancel_refused") };
  await logInsert(db, id, null, t.log.cancelled(input.reason), "warning", now);
  await notifyUser({ env, db }, {
    userId,
    event: "switch_request_cancelled",
    type: "warning",
    category: "offers",
    title: t.notifications.cancelled.title,
    message: t.notifications.cancelled.message(found.supplier.name),
    data: { switchRequestId: id, status: row.status },
    now,
  });
  return { ok: true, changed: { request: row, supplier: found.supplier } };
}

/** Stops the automatic processing: the request stays open, `paused`, for the user or an operator. */
export async function cancelSwitchAutomation(env: Env, db: Database, userId: string, id: string, now = Date.now()): Promise<LifecycleResult> {
  const found = await findOwnedRequest(db, userId, id);
  if (!found) return { ok: false, failure: switchFailure("not_found") };
  if (!canCancelAutomation(found.request)) return { ok: false, failure: switchFailure("automation_cancel_refused") };
  const row = await changeStatus(db, userId, id, { status: "paused", from: [found.request.status] }, now);
  if (!row) return { ok: false, failure: switchFailure("automation_cancel_refused") };
  await logInsert(db, id, found.request.currentStep, t.log.automationCancelled, "warning", now);
  await notifyUser({ env, db }, {
    userId,
    event: "switch_request_updated",
    type: "info",
    category: "offers",
    title: t.notifications.automationCancelled.title,
    message: t.notifications.automationCancelled.message(found.supplier.name),
    data: { switchRequestId: id, status: row.status },
    now,
  });
  return { ok: true, changed: { request: row, supplier: found.supplier } };
}
