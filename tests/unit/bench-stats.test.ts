// The pure helpers behind `npm run bench`: percentiles, summaries, ratio and number formatting, settings.
import { describe, expect, it } from "vitest";
import { tomorrowInBucharest as appTomorrow } from "../../app/lib/dates";
import { DEFAULTS, readConfig } from "../../bench/lib/config.mjs";
import { tomorrowInBucharest as benchTomorrow } from "../../bench/lib/dates.mjs";
import {
  formatMs,
  formatRate,
  formatRatio,
  mergePhases,
  percentile,
  ratio,
  sortAscending,
  summarize,
} from "../../bench/lib/stats.mjs";

describe("percentile (nearest rank)", () => {
  const oneToHundred = sortAscending(Array.from({ length: 100 }, (_, i) => 100 - i));

  it("returns observed values at the nearest rank", () => {
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 95)).toBe(95);
    expect(percentile(oneToHundred, 99)).toBe(99);
    expect(percentile(oneToHundred, 100)).toBe(100);
    expect(percentile(oneToHundred, 0)).toBe(1);
  });

  it("rounds the rank up on small samples", () => {
    const sample = sortAscending([30, 10, 20]);
    expect(percentile(sample, 50)).toBe(20);
    expect(percentile(sample, 95)).toBe(30);
    expect(percentile(sortAscending([7]), 99)).toBe(7);
  });

  it("is NaN for an empty sample and refuses a p outside 0..100", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it("sorts numerically, not as text", () => {
    expect(Array.from(sortAscending([10, 9, 100, 1.5]))).toEqual([1.5, 9, 10, 100]);
  });
});

describe("summarize", () => {
  it("computes percentiles over successes, counts every error and rates successes per second", () => {
    const s = summarize({ latenciesMs: [4, 1, 3, 2], errors: { "HTTP 500": 2, ECONNRESET: 1 }, elapsedMs: 2000 });
    expect(s).toMatchObject({
      requests: 7,
      ok: 4,
      errors: 3,
      p50: 2,
      p95: 4,
      p99: 4,
      min: 1,
      max: 4,
      mean: 2.5,
      rps: 2,
    });
    expect(s.errorsByKind).toEqual({ "HTTP 500": 2, ECONNRESET: 1 });
  });

  it("reports a run with no success as NaN figures rather than zeros", () => {
    const s = summarize({ latenciesMs: [], errors: { ECONNREFUSED: 5 }, elapsedMs: 1000 });
    expect(s.errors).toBe(5);
    expect(s.rps).toBe(0);
    expect(s.p50).toBeNaN();
    expect(s.mean).toBeNaN();
  });
});

describe("mergePhases", () => {
  it("joins interleaved phases of one target into one sample", () => {
    const merged = mergePhases([
      { latenciesMs: [1, 2], errors: { "HTTP 503": 1 }, elapsedMs: 1000, bytes: 20, clientCpuMs: 100 },
      { latenciesMs: [3], errors: { "HTTP 503": 2, ECONNRESET: 1 }, elapsedMs: 500, bytes: 10, clientCpuMs: 50 },
    ]);
    expect(merged).toEqual({
      latenciesMs: [1, 2, 3],
      errors: { "HTTP 503": 3, ECONNRESET: 1 },
      elapsedMs: 1500,
      bytes: 30,
      clientCpuMs: 150,
    });
    expect(summarize(merged)).toMatchObject({ ok: 3, errors: 4, rps: 2, p50: 2 });
  });
});

describe("ratio and formatting", () => {
  it("divides by the floor, NaN when the floor is unusable", () => {
    expect(ratio(30, 10)).toBe(3);
    expect(ratio(30, 0)).toBeNaN();
    expect(ratio(Number.NaN, 10)).toBeNaN();
  });

  it("prints ratios with precision that fits their size", () => {
    expect(formatRatio(1)).toBe("1.00×");
    expect(formatRatio(0.2449)).toBe("0.24×");
    expect(formatRatio(12.34)).toBe("12.3×");
    expect(formatRatio(140.4)).toBe("140×");
    expect(formatRatio(Number.NaN)).toBe("–");
  });

  it("prints milliseconds and rates", () => {
    expect(formatMs(0.842)).toBe("0.84");
    expect(formatMs(12.34)).toBe("12.3");
    expect(formatMs(481.6)).toBe("482");
    expect(formatMs(Number.NaN)).toBe("–");
    expect(formatRate(42.26)).toBe("42.3");
    expect(formatRate(12345.6)).toBe("12 346");
    expect(formatRate(Number.POSITIVE_INFINITY)).toBe("–");
  });
});

describe("bench settings", () => {
  it("uses the defaults when nothing is set", () => {
    expect(readConfig({})).toEqual({ ...DEFAULTS, only: null });
  });

  it("reads the environment and refuses nonsense", () => {
    const config = readConfig({
      BENCH_SECONDS: "2.5",
      BENCH_CONCURRENCY: "8",
      BENCH_WARMUP_SECONDS: "0",
      BENCH_ONLY: "a, b",
    });
    expect(config).toMatchObject({ seconds: 2.5, concurrency: 8, warmupSeconds: 0, only: ["a", "b"] });
    expect(() => readConfig({ BENCH_CONCURRENCY: "1.5" })).toThrow(/BENCH_CONCURRENCY/);
    expect(() => readConfig({ BENCH_ROUNDS: "0" })).toThrow(/BENCH_ROUNDS/);
    expect(() => readConfig({ BENCH_SECONDS: "0" })).toThrow(/BENCH_SECONDS/);
    expect(() => readConfig({ BENCH_SECONDS: "ten" })).toThrow(/BENCH_SECONDS/);
  });
});

describe("bench tomorrowInBucharest", () => {
  it("agrees with the app's helper, including around midnight and the DST changes in Bucharest", () => {
    const instants = [
      "2026-11-23T09:00:00Z",
      "2026-11-23T21:59:59Z", // 23:59:59 in Bucharest (UTC+2)
      "2026-11-23T22:00:00Z", // already the 24th in Bucharest
      "2026-03-28T21:30:00Z", // night of the spring change (UTC+2 → UTC+3)
      "2026-10-24T21:30:00Z", // night of the autumn change (UTC+3 → UTC+2)
      "2026-12-31T22:30:00Z", // new year in Bucharest
    ].map((iso) => Date.parse(iso));
    for (const instant of instants)
      expect(benchTomorrow(instant), new Date(instant).toISOString()).toBe(appTomorrow(instant));
    expect(benchTomorrow(Date.parse("2026-11-23T22:00:00Z"))).toBe("2026-11-25");
  });
});
