// `npm run dev` fires production's cron locally (scripts/dev-cron.mjs).
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cronPeriodMs, cronsOf, startLocalCron } from "../../scripts/dev-cron.mjs";

describe("the local cron", () => {
  afterEach(() => vi.useRealTimers());

  it("reads the crons of wrangler.toml's top level, not production's", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    expect(cronsOf(toml)).toEqual(["*/5 * * * *"]);
    expect(cronsOf('[vars]\nA = "1"\n[triggers]\ncrons = ["*/2 * * * *", "0 3 * * *"]\n[env.production.triggers]\ncrons = ["*/9 * * * *"]\n')).toEqual([
      "*/2 * * * *",
      "0 3 * * *",
    ]);
    expect(cronsOf('[vars]\nA = "1"\n')).toEqual([]);
  });

  it("knows the period of every-N-minutes schedules only", () => {
    expect(cronPeriodMs("*/5 * * * *")).toBe(5 * 60_000);
    expect(cronPeriodMs("* * * * *")).toBe(60_000);
    expect(cronPeriodMs("0 3 * * *")).toBeNull();
    expect(cronPeriodMs("*/0 * * * *")).toBeNull();
  });

  it("calls /__scheduled with the cron on each period, and stops", async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const fetchImpl = async (url: string) => {
      calls.push(url);
      return new Response("Ran scheduled event");
    };
    const lines: string[] = [];
    const stop = startLocalCron({ baseUrl: "http://127.0.0.1:8787", crons: ["*/5 * * * *", "0 3 * * *"], fetchImpl, log: (l) => lines.push(l) });
    expect(lines).toEqual(['[cron] "0 3 * * *" is not an every-N-minutes schedule; not fired locally']);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(["http://127.0.0.1:8787/__scheduled?cron=*%2F5%20*%20*%20*%20*"]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(calls).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(calls).toHaveLength(2);
  });

  it("logs a failed call and keeps going", async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    let n = 0;
    const fetchImpl = async () => {
      n++;
      if (n === 1) throw new Error("ECONNREFUSED");
      return new Response("", { status: 500 });
    };
    const stop = startLocalCron({ baseUrl: "http://x", crons: ["* * * * *"], fetchImpl, log: (l) => lines.push(l) });
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    stop();
    expect(lines).toEqual(["[cron] * * * * *: ECONNREFUSED", "[cron] * * * * *: 500"]);
  });
});
