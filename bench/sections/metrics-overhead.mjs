// What recording metrics costs the floor route (issue 13 item 1, target: p95 ratio ≤ 1.05): two local
// Workers from the same snapshot, one with METRICS_RECORDING=on and one with it off, loaded in turn
// with the same closed-loop clients on GET /api/ping; rounds interleave so machine noise falls on both.
import { startLocalServer } from "../../tests/support/local-server.mjs";
import { openTarget, summarizeLoad } from "../lib/load.mjs";
import { formatMs, formatRate, formatRatio, ratio } from "../lib/stats.mjs";

const MODES = ["off", "on"];

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
    try {
      for (const t of open) {
        log(`recording ${t.mode}: ${config.warmupSeconds} s warm-up`);
        if (config.warmupSeconds > 0) await t.load.phase(config.warmupSeconds * 1000);
      }
      const sliceMs = (config.seconds * 1000) / config.rounds;
      for (let round = 1; round <= config.rounds; round++) {
        log(`round ${round}/${config.rounds}`);
        // Alternate which goes first, so neither always follows the other's tail.
        for (const t of round % 2 ? open : [...open].reverse()) t.phases.push(await t.load.phase(sliceMs));
      }
    } finally {
      for (const t of open) t.load.close();
    }
    const results = open.map((t) => ({ mode: t.mode, ...summarizeLoad(t.phases) }));
    const [off, on] = results;
    const overhead = { p50: ratio(on.p50, off.p50), p95: ratio(on.p95, off.p95), rps: ratio(on.rps, off.rps) };
    return {
      title: `Metrics recording overhead on the floor route at ${config.concurrency} concurrent clients`,
      headers: ["GET /api/ping", "p50 ms", "p95 ms", "p99 ms", "req/s", "errors"],
      align: ["left", "right", "right", "right", "right", "right"],
      rows: [
        ...results.map((r) => [`recording ${r.mode}`, formatMs(r.p50), formatMs(r.p95), formatMs(r.p99), formatRate(r.rps), String(r.errors)]),
        ["on ÷ off", formatRatio(overhead.p50), formatRatio(overhead.p95), "", formatRatio(overhead.rps), ""],
      ],
      notes: [
        "Two Workers started from the same sources, METRICS_RECORDING=off and =on; rounds interleaved, order alternating.",
        "Target: p95 on ÷ off ≤ 1.05 (issue 13).",
      ],
      data: { results, overhead, concurrency: config.concurrency, seconds: config.seconds, rounds: config.rounds },
    };
  } finally {
    for (const server of Object.values(servers)) server.stop();
  }
}

export default { id: "metrics-overhead", needsServer: false, run };
