// Pure helpers for benchmark figures: percentiles, summaries and the way ratios and times are printed.
// Unit-tested in tests/unit/bench-stats.test.ts.

/** A sorted copy (ascending, numeric) of the values. */
export function sortAscending(values) {
  return Float64Array.from(values).sort();
}

/**
 * Nearest-rank percentile of values already sorted ascending: the smallest observed value such that
 * at least p% of the values are <= it, so p99 is always a latency that really happened.
 * Returns NaN for an empty sample.
 */
export function percentile(sorted, p) {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  const n = sorted.length;
  if (n === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * n));
  return sorted[rank - 1];
}

/**
 * Summarises one measured phase. Latencies are those of successful (2xx) responses only; every failed
 * request is counted in `errors` by kind ("HTTP 500", "ECONNRESET", ...). `rps` counts successes only.
 */
export function summarize({ latenciesMs, errors = {}, elapsedMs }) {
  const sorted = sortAscending(latenciesMs);
  const ok = sorted.length;
  const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0);
  let total = 0;
  for (const ms of sorted) total += ms;
  return {
    requests: ok + errorCount,
    ok,
    errors: errorCount,
    errorsByKind: { ...errors },
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: ok ? total / ok : NaN,
    min: ok ? sorted[0] : NaN,
    max: ok ? sorted[ok - 1] : NaN,
    elapsedMs,
    rps: elapsedMs > 0 ? (ok * 1000) / elapsedMs : NaN,
  };
}

/**
 * Merges phases of one target measured at different times (e.g. interleaved with other targets):
 * latencies concatenated, errors added up by kind, elapsed times, bytes and client CPU summed.
 */
export function mergePhases(phases) {
  const merged = { latenciesMs: [], errors: {}, elapsedMs: 0, bytes: 0, clientCpuMs: 0 };
  for (const phase of phases) {
    for (const ms of phase.latenciesMs) merged.latenciesMs.push(ms);
    for (const [kind, n] of Object.entries(phase.errors ?? {})) merged.errors[kind] = (merged.errors[kind] ?? 0) + n;
    merged.elapsedMs += phase.elapsedMs;
    merged.bytes += phase.bytes ?? 0;
    merged.clientCpuMs += phase.clientCpuMs ?? 0;
  }
  return merged;
}

/** value / floor, or NaN when either is not a usable positive number. */
export function ratio(value, floor) {
  if (!Number.isFinite(value) || !Number.isFinite(floor) || floor <= 0) return NaN;
  return value / floor;
}

/** '1.00×', '12.3×', '140×'; '–' when there is nothing to compare. */
export function formatRatio(r) {
  if (!Number.isFinite(r)) return "–";
  return `${r.toFixed(significantDecimals(r))}×`;
}

/** Milliseconds with precision that fits their size: '0.84', '12.3', '140'; '–' when missing. */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return "–";
  return ms.toFixed(significantDecimals(ms));
}

/** Requests per second as a whole number ('1 234'), or one decimal below 100. */
export function formatRate(rps) {
  if (!Number.isFinite(rps)) return "–";
  if (rps < 100) return rps.toFixed(1);
  return Math.round(rps).toLocaleString("en-US").replace(/,/g, " ");
}

function significantDecimals(x) {
  const abs = Math.abs(x);
  if (abs < 10) return 2;
  if (abs < 100) return 1;
  return 0;
}
