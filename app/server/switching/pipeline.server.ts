// Where a created switch request goes to be processed: the seam between the journey (issue #9) and
// the switching pipeline (issue #10): the SupplierQueue Durable Object of the target supplier
// (workers/durable-objects/supplier-queue.ts), which runs the steps in app/server/switching/pipeline/.
// The pipeline reads the request's status from D1 before each step, so a request cancelled (or paused
// by cancel-automation) meanwhile is dropped there; the journey needs no call of its own for that.
import type { AppContext } from "../context.server";
import { TEXTS } from "../../texts/user";
import { stepProgress } from "../../lib/switching";
import { and, eq, lt } from "drizzle-orm";
import { type Database } from "../db/client.server";
import { suppliers, switchRequests } from "../db/schema.server";
import type { Env } from "../env.server";
import { logInsert, stepUpdate, type SwitchRequestRow } from "./requests.server";

export interface SwitchPipeline {
  /** Takes a newly created request (status `created`) for processing. */
  enqueue(request: SwitchRequestRow, supplierName: string): Promise<void>;
}

/** Records that the request waits in its supplier's queue (step automation_queued and a log line). */
export function waitingQueuePipeline(db: Database, now: () => number = Date.now): SwitchPipeline {
  return {
    async enqueue(request, supplierName) {
      const at = now();
      await db.batch([
        stepUpdate(db, request.id, "automation_queued", stepProgress("automation_queued"), at),
        logInsert(db, request.id, "automation_queued", TEXTS.switching.log.queued(supplierName), "info", at),
      ]);
    },
  };
}

/** Records the wait, then hands the request to its supplier's SupplierQueue. */
export function supplierQueuePipeline(ctx: AppContext, now: () => number = Date.now): SwitchPipeline {
  const db = ctx.db;
  const waiting = waitingQueuePipeline(db, now);
  return {
    async enqueue(request, supplierName) {
      await waiting.enqueue(request, supplierName);
      const [supplier] = await db
        .select({ id: suppliers.id, maxConcurrent: suppliers.maxConcurrent })
        .from(suppliers)
        .where(eq(suppliers.id, request.targetSupplierId))
        .limit(1);
      if (!supplier) throw new Error(`supplier ${request.targetSupplierId} vanished`);
      await supplierQueue(ctx.env, supplier.id).enqueue(request.id, supplier);
    },
  };
}

export function supplierQueue(env: Env, supplierId: string) {
  return env.SUPPLIER_QUEUE.get(env.SUPPLIER_QUEUE.idFromName(supplierId));
}

/**
 * A request was cancelled (by its owner or an operator) or put on hold: its queue stops it at the next
 * step boundary, and tells the supplier when a cancelled request had already reached it.
 */
export async function stopSwitchInQueue(env: Env, request: SwitchRequestRow): Promise<void> {
  const cancelled = request.status === "cancelled" || request.status === "canceled";
  await supplierQueue(env, request.targetSupplierId).cancel(request.id, { tellSupplier: cancelled && Boolean(request.supplierApplicationId) });
}

export function switchPipeline(ctx: AppContext): SwitchPipeline {
  return supplierQueuePipeline(ctx);
}

export async function enqueueSwitch(ctx: AppContext, request: SwitchRequestRow, supplierName: string): Promise<void> {
  await switchPipeline(ctx).enqueue(request, supplierName);
}

/** A request still `created` this long after creation may have missed its queue (the hand-over failed). */
export const STRANDED_AFTER_MS = 2 * 60_000;

/**
 * Hands requests that are still `created` a while after creation to their supplier's queue again. The
 * queue ignores a request it already holds, so this only rescues those whose hand-over was lost.
 */
export async function requeueStrandedSwitches(ctx: AppContext, now = Date.now(), limit = 500): Promise<number> {
  const db = ctx.db;
  const rows = await db
    .select({ id: switchRequests.id, supplierId: suppliers.id, maxConcurrent: suppliers.maxConcurrent })
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .where(and(eq(switchRequests.status, "created"), lt(switchRequests.createdAt, now - STRANDED_AFTER_MS)))
    .orderBy(switchRequests.createdAt)
    .limit(limit);
  const results = await Promise.all(
    rows.map((row) => supplierQueue(ctx.env, row.supplierId).enqueue(row.id, { id: row.supplierId, maxConcurrent: row.maxConcurrent })),
  );
  return results.filter((r) => r.accepted).length;
}
