// What recording metrics costs the floor route (issue 13 item 1, target: p95 ratio ≤ 1.05): two local
// Workers from the same snapshot, one with METRICS_RECORDING=on and one with it off, loaded in turn
// with the same closed-loop clients on GET /api/ping. On a shared machine a burst of other work lasts
// seconds, so the sides take many short turns (order alternating) and the figure is the median of the
// per-round ratios: a burst spoils a round or two, not the result. The load average is reported with it.
import { loadavg } from "node:os";
import { startLocalServer } from "../../tests/support/local-server.mjs";
import { openTarget, summarizeLoad } from "../lib/load.mjs";
import { formatMs, formatRate, formatRatio, ratio, sortAscending, summarize } from "../lib/stats.mjs";

const MODES = ["off", "on"];
/** Short alternating rounds; each side is measured BENCH_SECONDS in all (at least ROUNDS × 1 s). */
const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 12);

const median = (values) => {
  const sorted = sortAscending(values.filter((v) => v !== null && Number.isFinite(v)));
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);

async function run({ config, log }) {
  const servers = {};
  try {
    for (const mode of MODES) {
      log(`starting a Worker with METRICS_RECORDING=${mode}`);
      servers[mode] = await startLocalServer({ vars: { METRICS_RECORDING: mode }, quiet: process.env.BENCH_VERBOSE !== "1" });
    }
    const open = MODES.map((mode) => ({
      mode,
      load: openTarget({ url: `${servers[mode].baseUrl}/api/ping`, concurrency: config.concurrency, timeoutMs: config.timeoutSeconds * 1000 }),
      phases: [],
    }));
    let loadBefore;
    try {
      for (const t of open) {
        log(`recording ${t.mode}: ${config.warmupSeconds} s warm-up`);
        if (config.warmupSeconds > 0) await t.load.phase(config.warmupSeconds * 1000);
      }
      loadBefore = load();
      const sliceMs = Math.max(1000, (config.seconds * 1000) / ROUNDS);
      for (let round = 1; round <= ROUNDS; round++) {
        log(`round ${round}/${ROUNDS}`);
        // Alternate which goes first, so neither always follows the other's tail.
        for (const t of round % 2 ? open : [...open].reverse()) t.phases.push(await t.load.phase(sliceMs));
      }
    } finally {
      for (const t of open) t.load.close();
    }
    const loadAfter = load();
    const results = open.map((t) => ({ mode: t.mode, ...summarizeLoad(t.phases) }));
    const [off, on] = results;
    const pooled = { p50: ratio(on.p50, off.p50), p95: ratio(on.p95, off.p95), rps: ratio(on.rps, off.rps) };
    const rounds = open[0].phases.map((_, i) => {
      const [a, b] = open.map((t) => summarize(t.phases[i]));
      return { p50: ratio(b.p50, a.p50), p95: ratio(b.p95, a.p95), rps: ratio(b.rps, a.rps) };
    });
    const overhead = { p50: median(rounds.map((r) => r.p50)), p95: median(rounds.map((r) => r.p95)), rps: median(rounds.map((r) => r.rps)) };
    const p95s = sortAscending(rounds.map((r) => r.p95).filter(Number.isFinite));
    return {
      title: `Metrics recording overhead on the floor route at ${config.concurrency} concurrent clients`,
      headers: ["GET /api/ping", "p50 ms", "p95 ms", "p99 ms", "req/s", "errors"],
      align: ["left", "right", "right", "right", "right", "right"],
      rows: [
        ...results.map((r) => [`recording ${r.mode}`, formatMs(r.p50), formatMs(r.p95), formatMs(r.p99), formatRate(r.rps), String(r.errors)]),
        ["on ÷ off, all rounds pooled", formatRatio(pooled.p50), formatRatio(pooled.p95), "", formatRatio(pooled.rps), ""],
        [`on ÷ off, median of ${rounds.length} rounds`, formatRatio(overhead.p50), formatRatio(overhead.p95), "", formatRatio(overhead.rps), ""],
      ],
      notes: [
        `Two Workers started from the same sources, METRICS_RECORDING=off and =on; ${rounds.length} rounds of ${Math.round(Math.max(1000, (config.seconds * 1000) / ROUNDS))} ms per side, order alternating.`,
        `Per-round p95 ratios ranged ${formatRatio(p95s[0] ?? null)}–${formatRatio(p95s.at(-1) ?? null)}. 1-min load average ${loadBefore?.[0]} before the rounds, ${loadAfter[0]} after (5-min ${loadAfter[1]}).`,
        "Target: p95 on ÷ off ≤ 1.05 (issue 13), read on the median.",
      ],
      data: { results, pooled, rounds, overhead, loadBefore, loadAfter, concurrency: config.concurrency, seconds: config.seconds, roundCount: rounds.length },
    };
  } finally {
    for (const server of Object.values(servers)) server.stop();
  }
}

export default { id: "metrics-overhead", needsServer: false, run };
