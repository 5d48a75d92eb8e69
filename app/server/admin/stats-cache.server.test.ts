import { describe, expect, it } from "vitest";
import { cachedStats, STATS_CACHE_TTL_MS } from "./stats-cache.server";

describe("cachedStats", () => {
  it("computes once per key within the TTL and again once it has passed", async () => {
    let computed = 0;
    const compute = async () => ++computed;
    const t0 = 1_000_000;
    expect(await cachedStats("a", t0, compute)).toBe(1);
    expect(await cachedStats("a", t0 + STATS_CACHE_TTL_MS - 1, compute)).toBe(1);
    expect(await cachedStats("b", t0 + 1, compute)).toBe(2);
    expect(await cachedStats("a", t0 + STATS_CACHE_TTL_MS, compute)).toBe(3);
    expect(await cachedStats("a", t0 + STATS_CACHE_TTL_MS + 1, compute)).toBe(3);
  });

  it("does not keep a failure", async () => {
    const t0 = 2_000_000;
    await expect(cachedStats("c", t0, () => Promise.reject(new Error("D1 down")))).rejects.toThrow("D1 down");
    expect(await cachedStats("c", t0 + 1, async () => "fresh")).toBe("fresh");
  });

  it("never answers a caller asking about an instant before the figures were computed", async () => {
    const t0 = 3_000_000;
    expect(await cachedStats("d", t0, async () => "later")).toBe("later");
    expect(await cachedStats("d", t0 - 1, async () => "earlier")).toBe("earlier");
  });
});
