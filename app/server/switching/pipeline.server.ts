// Where a created switch request goes to be processed: the seam between the journey (issue #9) and
// the switching pipeline (issue #10, the SupplierQueue Durable Object of the target supplier).
//
// Today no pipeline runs. `enqueueSwitch` records that the request waits in its supplier's queue (a
// log line and the step `automation_queued`) and processes nothing: the request stays `created`.
// Issue #10 replaces `switchPipeline` with one that hands the request to SupplierQueue. A pipeline
// reads the request's status from D1 before each step, so a request cancelled (or paused by
// cancel-automation) meanwhile is dropped there; the journey needs no call of its own for that.
import { TEXTS } from "../../lib/texts";
import { stepProgress } from "../../lib/switching";
import { createDb, type Database } from "../db/client.server";
import type { Env } from "../env.server";
import { logInsert, stepUpdate, type SwitchRequestRow } from "./requests.server";

export interface SwitchPipeline {
  /** Takes a newly created request (status `created`) for processing. */
  enqueue(request: SwitchRequestRow, supplierName: string): Promise<void>;
}

/** Until issue #10: the request is recorded as waiting in the supplier's queue, nothing more. */
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

export function switchPipeline(env: Env): SwitchPipeline {
  return waitingQueuePipeline(createDb(env.DB));
}

export async function enqueueSwitch(env: Env, request: SwitchRequestRow, supplierName: string): Promise<void> {
  await switchPipeline(env).enqueue(request, supplierName);
}
