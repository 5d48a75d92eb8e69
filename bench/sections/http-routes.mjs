// Latency and throughput of three routes under the same closed-loop load, each compared to the
// no-op route /api/ping, which is the floor: what Worker + Remix routing alone cost on this machine.
import { tomorrowInBucharest } from "../lib/dates.mjs";
import { openTarget, summarizeLoad } from "../lib/load.mjs";
import { formatMs, formatRate, formatRatio, ratio } from "../lib/stats.mjs";

function targets() {
  const date = tomorrowInBucharest();
  return [
    { name: "GET /api/ping (floor)", path: "/api/ping", check: (body) => body === "ok" },
    {
      name: "GET /api/offers (CJ, tomorrow)",
      path: `/api/offers?county=CJ&date=${date}&consumptionType=casnic`,
      check: (body) => JSON.parse(body).data.length > 0,
    },
    { name: "GET / (home SSR)", path: "/", check: (body) => body.startsWith("<!DOCTYPE html>") },
  ];
}

/** One request before the load, so a broken route fails with its reason instead of as a column of errors. */
async function preflight(baseUrl, target) {
  const res = await fetch(baseUrl + target.path);
  const body = await res.text();
  let passes = false;
  try {
    passes = res.ok && target.check(body);
  } catch (error) {
    throw new Error(`${target.path}: unexpected response body (${error.message}): ${body.slice(0, 200)}`);
  }
  if (!passes) throw new Error(`${target.path}: HTTP ${res.status}, unexpected response: ${body.slice(0, 200)}`);
}

function errorCell(summary) {
  if (!summary.errors) return "0";
  const kinds = Object.entries(summary.errorsByKind).map(([kind, n]) => `${kind}: ${n}`);
  return `${summary.errors} (${kinds.join(", ")})`;
}

async function run({ baseUrl, config, log }) {
  const list = targets();
  for (const target of list) await preflight(baseUrl, target);
  const open = list.map((target) => ({
    target,
    load: openTarget({
      url: baseUrl + target.path,
      concurrency: config.concurrency,
      timeoutMs: config.timeoutSeconds * 1000,
    }),
    warmup: null,
    phases: [],
  }));
  try {
    for (const t of open) {
      log(`${t.target.name}: ${config.warmupSeconds} s warm-up`);
      if (config.warmupSeconds > 0) t.warmup = summarizeLoad([await t.load.phase(config.warmupSeconds * 1000)]);
    }
    // Round-robin slices, so a burst of other work on the machine hits every route, not just one.
    const sliceMs = (config.seconds * 1000) / config.rounds;
    for (let round = 1; round <= config.rounds; round++) {
      log(`round ${round}/${config.rounds}: ${sliceMs / 1000} s per route, ${config.concurrency} clients`);
      for (const t of open) t.phases.push(await t.load.phase(sliceMs));
    }
  } finally {
    for (const t of open) t.load.close();
  }
  const results = open.map((t) => ({
    name: t.target.name,
    path: t.target.path,
    ...summarizeLoad(t.phases),
    roundRps: t.phases.map((phase) => (phase.latenciesMs.length * 1000) / phase.elapsedMs),
    warmup: t.warmup && { requests: t.warmup.requests, errors: t.warmup.errors, errorsByKind: t.warmup.errorsByKind },
  }));

  const floor = results[0];
  for (const r of results) {
    r.vsFloor = { p50: ratio(r.p50, floor.p50), p95: ratio(r.p95, floor.p95), rps: ratio(r.rps, floor.rps) };
  }

  const notes = [
    `${config.concurrency} concurrent keep-alive clients, closed loop; ${config.warmupSeconds} s warm-up per route, then ${config.seconds} s measured per route in ${config.rounds} interleaved rounds.`,
    "Latencies are for 2xx responses only; non-2xx responses and network errors are counted in the errors column.",
    `req/s per round, min–max (how steady the machine was): ${results.map((r) => `${r.path.split("?")[0]} ${formatRate(Math.min(...r.roundRps))}–${formatRate(Math.max(...r.roundRps))}`).join(", ")}.`,
    `Load generator CPU (share of one core): ${results.map((r) => `${r.path.split("?")[0]} ${Math.round(r.clientCpuPct)}%`).join(", ")}.`,
  ];
  for (const r of results) {
    if (r.warmup?.errors)
      notes.push(`${r.name}: ${r.warmup.errors} errors during warm-up (${JSON.stringify(r.warmup.errorsByKind)}).`);
  }

  return {
    title: `HTTP routes at ${config.concurrency} concurrent clients`,
    headers: ["Route", "p50 ms", "p95 ms", "p99 ms", "req/s", "errors", "p50 ×floor", "p95 ×floor", "req/s ×floor"],
    align: ["left", "right", "right", "right", "right", "right", "right", "right", "right"],
    rows: results.map((r) => [
      r.name,
      formatMs(r.p50),
      formatMs(r.p95),
      formatMs(r.p99),
      formatRate(r.rps),
      errorCell(r),
      formatRatio(r.vsFloor.p50),
      formatRatio(r.vsFloor.p95),
      formatRatio(r.vsFloor.rps),
    ]),
    notes,
    data: {
      concurrency: config.concurrency,
      seconds: config.seconds,
      rounds: config.rounds,
      warmupSeconds: config.warmupSeconds,
      results,
    },
  };
}

export default { id: "http-routes", needsServer: true, run };
