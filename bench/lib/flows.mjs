// Closed-loop runner for whole user flows (several requests each), as opposed to lib/load.mjs, which
// repeats single requests: `concurrency` workers each take the next flow until `total` have run.
import { percentile, sortAscending } from "./stats.mjs";

/**
 * Runs `flow(index)` `total` times with at most `concurrency` at once. A flow resolves to
 * { steps: {name: ms} } or throws; its total time and each step's time are collected.
 */
export async function runFlows({ total, concurrency, flow }) {
  let next = 0;
  const totals = [];
  const steps = new Map();
  const errors = new Map();
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const t0 = performance.now();
      try {
        const result = await flow(index);
        totals.push(performance.now() - t0);
        for (const [name, ms] of Object.entries(result?.steps ?? {})) {
          if (!steps.has(name)) steps.set(name, []);
          steps.get(name).push(ms);
        }
      } catch (error) {
        // fetch() failures say only "fetch failed"; the cause says how (ECONNRESET, "other side closed", …).
        const cause = error?.cause ? ` (${error.cause.code ?? ""} ${error.cause.message ?? ""})`.replace("( ", "(") : "";
        const kind = `${String(error?.message ?? error)}${cause}`.slice(0, 160);
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  const elapsedMs = performance.now() - started;
  const sorted = sortAscending(totals);
  return {
    completed: totals.length,
    failed: total - totals.length,
    errorsByKind: Object.fromEntries(errors),
    elapsedMs,
    flowsPerSecond: (totals.length * 1000) / elapsedMs,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? null,
    steps: Object.fromEntries(
      [...steps].map(([name, values]) => {
        const s = sortAscending(values);
        return [name, { p50: percentile(s, 50), p95: percentile(s, 95), max: s.at(-1) }];
      }),
    ),
  };
}

/** The floor: GET /api/ping p95 at the same concurrency, measured for `ms` just before the flows. */
export async function pingFloor(baseUrl, concurrency, ms = 3000) {
  const latencies = [];
  const deadline = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/api/ping`);
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const sorted = sortAscending(latencies);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), count: sorted.length };
}
