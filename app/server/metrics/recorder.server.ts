// Recording measured facts cheaply (issue 13 item 1): each isolate folds its facts in memory and sends
// them to the MetricsRollup Durable Object at most once per SEND_AFTER_MS, from ctx.waitUntil, so no
// response waits for it. METRICS_RECORDING=off turns recording off (the bench compares both).
import type { Env } from "../env.server";
import { mergeRollups, rollupOf, routeGroupOf, type MetricFact, type Rollup } from "./rollup.server";

export const SEND_AFTER_MS = 1_000;

type RecorderEnv = Pick<Env, "METRICS_ROLLUP" | "METRICS_RECORDING">;

let buffered = new Map<string, Rollup>();
let lastSendAt = 0;

export function metricsRollup(env: Pick<Env, "METRICS_ROLLUP">) {
  return env.METRICS_ROLLUP.get(env.METRICS_ROLLUP.idFromName("global"));
}

export function metricsRecording(env: Pick<Env, "METRICS_RECORDING">): boolean {
  return env.METRICS_RECORDING !== "off";
}

/** Sends what this isolate has folded so far; resolves when the rollup object has it. */
async function sendBufferedMetrics(env: RecorderEnv): Promise<void> {
  if (buffered.size === 0) return;
  const rollups = [...buffered.values()];
  buffered = new Map();
  try {
    await metricsRollup(env).merge(rollups);
  } catch (error) {
    // Put back: the next send carries them.
    mergeRollups(buffered, rollups);
    console.error("metrics: sending rollups failed", error instanceof Error ? error.message : String(error));
  }
}

/**
 * Buffers facts; a request that finds the last send more than SEND_AFTER_MS ago sends the buffer on
 * `waitUntil`. No timer keeps a request alive: facts folded in the meantime go with the next request
 * after the window (an isolate that gets none keeps them until it does).
 */
export function recordMetrics(env: RecorderEnv, waitUntil: (promise: Promise<unknown>) => void, facts: MetricFact[], now: number = Date.now()): void {
  if (!metricsRecording(env) || facts.length === 0) return;
  mergeRollups(buffered, facts.map(rollupOf));
  if (now - lastSendAt < SEND_AFTER_MS) return;
  lastSendAt = now;
  waitUntil(sendBufferedMetrics(env));
}

/** Records facts from code that can wait (queue consumers, Durable Objects): sent right away. */
export async function recordMetricsNow(env: RecorderEnv, facts: MetricFact[]): Promise<void> {
  if (!metricsRecording(env) || facts.length === 0) return;
  try {
    await metricsRollup(env).merge(facts.map(rollupOf));
  } catch (error) {
    console.error("metrics: recording failed", error instanceof Error ? error.message : String(error));
  }
}

export function requestFact(pathname: string, status: number, startedAt: number, finishedAt: number): MetricFact {
  return { kind: "request", series: routeGroupOf(pathname), at: finishedAt, ms: finishedAt - startedAt, error: status >= 500 };
}
