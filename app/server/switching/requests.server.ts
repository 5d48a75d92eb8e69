// D1 access for switch requests and their log. Every user-facing read or change is scoped by the
// owner's id, so another user's request is simply "not found". Status changes are conditional
// updates: a request that was closed meanwhile is not changed twice.
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { newId } from "../../lib/ids";
import { CLOSED_SWITCH_STATUSES, type SwitchStatus, type SwitchStep } from "../../lib/switching";
import type { Database } from "../db/client.server";
import { suppliers, switchRequestLogs, switchRequests } from "../db/schema.server";

export type SwitchRequestRow = typeof switchRequests.$inferSelect;
export type NewSwitchRequestRow = typeof switchRequests.$inferInsert;
export type SwitchRequestLogRow = typeof switchRequestLogs.$inferSelect;
export type LogType = "info" | "success" | "warning" | "error";

export interface SupplierInfo {
  name: string;
  website: string;
}

export interface SwitchRequestWithSupplier {
  request: SwitchRequestRow;
  supplier: SupplierInfo;
}

export function requestInsert(db: Database, row: NewSwitchRequestRow) {
  return db.insert(switchRequests).values(row);
}

export function logInsert(db: Database, requestId: string, step: SwitchStep | null, message: string, logType: LogType, now: number) {
  return db.insert(switchRequestLogs).values({ id: newId(now), switchRequestId: requestId, step, message, logType, createdAt: now });
}

const withSupplier = {
  request: switchRequests,
  supplier: { name: suppliers.name, website: suppliers.website },
};

export async function findOwnedRequest(db: Database, userId: string, id: string): Promise<SwitchRequestWithSupplier | null> {
  const [row] = await db
    .select(withSupplier)
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .where(and(eq(switchRequests.id, id), eq(switchRequests.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The owner's request with its supplier and its whole log, or null. */
export async function findOwnedRequestWithLogs(db: Database, userId: string, id: string) {
  const found = await findOwnedRequest(db, userId, id);
  if (!found) return null;
  return { ...found, logs: await requestLogs(db, id) };
}

export async function listUserRequests(
  db: Database,
  userId: string,
  options: { status?: SwitchStatus; limit: number },
): Promise<SwitchRequestWithSupplier[]> {
  // The spec's two spellings of "cancelled" are one filter.
  const statuses: SwitchStatus[] | null =
    options.status === "cancelled" || options.status === "canceled" ? ["cancelled", "canceled"] : options.status ? [options.status] : null;
  return db
    .select(withSupplier)
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .where(and(eq(switchRequests.userId, userId), statuses ? inArray(switchRequests.status, statuses) : undefined))
    .orderBy(desc(switchRequests.createdAt), desc(switchRequests.id))
    .limit(options.limit);
}

export async function requestLogs(db: Database, requestId: string): Promise<SwitchRequestLogRow[]> {
  return db
    .select()
    .from(switchRequestLogs)
    .where(eq(switchRequestLogs.switchRequestId, requestId))
    // Lines written in the same millisecond keep the order they were written in.
    .orderBy(asc(switchRequestLogs.createdAt), asc(sql`rowid`));
}

export async function findOpenRequestForPod(db: Database, pod: string): Promise<SwitchRequestRow | null> {
  const [row] = await db
    .select()
    .from(switchRequests)
    .where(and(eq(switchRequests.pod, pod), notInArray(switchRequests.status, [...CLOSED_SWITCH_STATUSES])))
    .limit(1);
  return row ?? null;
}

/** Moves a request forward in the pipeline (step and progress), only while it is open. */
export function stepUpdate(db: Database, id: string, step: SwitchStep, progress: number, now: number) {
  return db
    .update(switchRequests)
    .set({ currentStep: step, progressPercentage: progress, updatedAt: now })
    .where(and(eq(switchRequests.id, id), notInArray(switchRequests.status, [...CLOSED_SWITCH_STATUSES])));
}

/**
 * Sets a new status on the owner's request if it is in one of `from` (or, without `from`, if it is
 * still open). Returns the updated row, or null when nothing matched.
 */
export async function changeStatus(
  db: Database,
  userId: string,
  id: string,
  change: { status: SwitchStatus; cancelReason?: string | null; from?: readonly SwitchStatus[] },
  now: number,
): Promise<SwitchRequestRow | null> {
  const [row] = await db
    .update(switchRequests)
    .set({ status: change.status, updatedAt: now, ...(change.cancelReason === undefined ? {} : { cancelReason: change.cancelReason }) })
    .where(
      and(
        eq(switchRequests.id, id),
        eq(switchRequests.userId, userId),
        change.from ? inArray(switchRequests.status, [...change.from]) : notInArray(switchRequests.status, [...CLOSED_SWITCH_STATUSES]),
      ),
    )
    .returning();
  return row ?? null;
}
