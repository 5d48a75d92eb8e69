// One per supplier: the switch-request processing queue. The pipeline itself arrives with the
// switch issue; the counters and the running flag are real and persisted already.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../app/server/env.server";

export interface QueueCounts {
  queued: number;
  running: number;
  completed: number;
  failed: number;
  retrying: number;
}

export interface QueueStats extends QueueCounts {
  supplierId: string | null;
  maxConcurrent: number;
  activeProcesses: number;
  isRunning: boolean;
}

const EMPTY: QueueCounts = { queued: 0, running: 0, completed: 0, failed: 0, retrying: 0 };

export class SupplierQueue extends DurableObject<Env> {
  async configure(supplierId: string, maxConcurrent: number): Promise<void> {
    await this.ctx.storage.put({ supplierId, maxConcurrent: Math.max(1, Math.floor(maxConcurrent)) });
  }

  async setRunning(isRunning: boolean): Promise<void> {
    await this.ctx.storage.put("isRunning", isRunning);
  }

  async stats(): Promise<QueueStats> {
    const values = await this.ctx.storage.get<unknown>(["supplierId", "maxConcurrent", "counts", "isRunning"]);
    const counts = (values.get("counts") as QueueCounts | undefined) ?? EMPTY;
    return {
      ...counts,
      supplierId: (values.get("supplierId") as string | undefined) ?? null,
      maxConcurrent: (values.get("maxConcurrent") as number | undefined) ?? 1,
      activeProcesses: counts.running,
      isRunning: (values.get("isRunning") as boolean | undefined) ?? true,
    };
  }
}
