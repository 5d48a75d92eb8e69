// The supplier queues as operators see and steer them (admin spec §3 "Queue stats", §4 queue control,
// §7 /queue/stats and /system/queue-manager/*): one SupplierQueue per active supplier, asked in parallel.
import { eq } from "drizzle-orm";
import type { QueueCardView } from "../../lib/admin-queues";
import type { Database } from "../db/client.server";
import { suppliers } from "../db/schema.server";
import type { Env } from "../env.server";
import { supplierQueue } from "../switching/pipeline.server";
import type { QueueStats } from "../switching/queue-stats.server";

export type QueueCard = QueueCardView;

/** Step durations measured by the queues (recent steps only): what operators and the bench read. */
export interface StepTimingSummary {
  steps: number;
  step_ms_p50: number | null;
  step_ms_p95: number | null;
  wait_ms_p95: number | null;
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarizeTimings(timings: { ms: number; waitedMs: number }[]): StepTimingSummary {
  const ms = timings.map((t) => t.ms).sort((a, b) => a - b);
  const waits = timings.map((t) => t.waitedMs).sort((a, b) => a - b);
  return { steps: ms.length, step_ms_p50: percentile(ms, 50), step_ms_p95: percentile(ms, 95), wait_ms_p95: percentile(waits, 95) };
}

export interface QueueOverview {
  total_active_processes: number;
  total_queued: number;
  total_running: number;
  total_completed: number;
  total_failed: number;
  total_retrying: number;
  total_waiting: number;
  timings: StepTimingSummary;
}

async function activeSuppliers(db: Database) {
  return db
    .select({ id: suppliers.id, name: suppliers.name, maxConcurrent: suppliers.maxConcurrent })
    .from(suppliers)
    .where(eq(suppliers.active, true))
    .orderBy(suppliers.name);
}

function card(supplier: { id: string; maxConcurrent: number }, stats: QueueStats): QueueCard {
  return {
    supplierId: supplier.id,
    total: stats.total,
    queued: stats.queued,
    running: stats.running,
    completed: stats.completed,
    failed: stats.failed,
    retrying: stats.retrying,
    waiting: stats.waiting,
    activeProcesses: stats.activeProcesses,
    // A queue that has never run a request has not been configured yet: the catalogue says its cap.
    maxConcurrent: stats.supplierId ? stats.maxConcurrent : supplier.maxConcurrent,
    isRunning: stats.isRunning,
  };
}

/** {overview, queues} with the queues keyed by supplier name, as the dashboard and switch page read it. */
export async function queueStats(env: Env, db: Database): Promise<{ overview: QueueOverview; queues: Record<string, QueueCard> }> {
  const list = await activeSuppliers(db);
  const [stats, timings] = await Promise.all([
    Promise.all(list.map((s) => supplierQueue(env, s.id).stats())),
    Promise.all(list.map((s) => supplierQueue(env, s.id).timings())),
  ]);
  const queues: Record<string, QueueCard> = {};
  const overview: QueueOverview = {
    total_active_processes: 0,
    total_queued: 0,
    total_running: 0,
    total_completed: 0,
    total_failed: 0,
    total_retrying: 0,
    total_waiting: 0,
    timings: summarizeTimings(timings.flat()),
  };
  list.forEach((supplier, i) => {
    const c = card(supplier, stats[i]!);
    queues[supplier.name] = c;
    overview.total_active_processes += c.activeProcesses;
    overview.total_queued += c.queued;
    overview.total_running += c.running;
    overview.total_completed += c.completed;
    overview.total_failed += c.failed;
    overview.total_retrying += c.retrying;
    overview.total_waiting += c.waiting;
  });
  return { overview, queues };
}

export type QueueAction = "start" | "stop" | "restart";

/** Applies start / stop / restart to every supplier's queue; returns how many queues now run. */
export async function controlQueues(
  env: Env,
  db: Database,
  action: QueueAction,
  pollIntervalMs?: number,
): Promise<{ running: number; total: number }> {
  const list = await activeSuppliers(db);
  const results = await Promise.all(
    list.map(async (s) => {
      const queue = supplierQueue(env, s.id);
      await queue.configure(s.id, s.maxConcurrent);
      return action === "start" ? queue.start(pollIntervalMs) : action === "stop" ? queue.stop() : queue.restart(pollIntervalMs);
    }),
  );
  return { running: results.filter((r) => r.isRunning).length, total: results.length };
}
