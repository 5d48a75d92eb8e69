import { describe, expect, it } from "vitest";
import { bucketOf, mergeRollups, rollupOf, routeGroupOf, type MetricFact } from "./rollup.server";

const fact = (over: Partial<MetricFact> = {}): MetricFact => ({ kind: "request", series: "api:offers", at: 120_500, ms: 10, error: false, ...over });

describe("metric rollups", () => {
  it("folds facts of the same minute, kind and series into one row", () => {
    const rows = mergeRollups(new Map(), [
      rollupOf(fact({ ms: 10, at: 120_500 })),
      rollupOf(fact({ ms: 30, at: 150_000, error: true })),
      rollupOf(fact({ ms: 20, at: 179_999 })),
    ]);
    expect([...rows.values()]).toEqual([
      { bucketStart: 120_000, kind: "request", series: "api:offers", count: 3, errors: 1, totalMs: 60, minMs: 10, maxMs: 30, lastOkAt: 179_999 },
    ]);
  });

  it("keeps different minutes, kinds and series apart", () => {
    const rows = mergeRollups(new Map(), [
      rollupOf(fact()),
      rollupOf(fact({ at: 180_000 })),
      rollupOf(fact({ kind: "document", series: "ultima_factura" })),
      rollupOf(fact({ series: "page" })),
    ]);
    expect(rows.size).toBe(4);
  });

  it("adds partial rollups up to what one fold of every fact gives", () => {
    const facts = [fact({ ms: 5 }), fact({ ms: 50, error: true }), fact({ ms: 7, at: 121_000 })];
    const once = mergeRollups(new Map(), facts.map(rollupOf));
    const twice = mergeRollups(mergeRollups(new Map(), facts.slice(0, 1).map(rollupOf)), [...mergeRollups(new Map(), facts.slice(1).map(rollupOf)).values()]);
    expect([...twice.values()]).toEqual([...once.values()]);
  });

  it("an error has no last success", () => {
    expect(rollupOf(fact({ error: true })).lastOkAt).toBeNull();
    expect(bucketOf(59_999)).toBe(0);
  });

  it("groups routes without ids", () => {
    expect(routeGroupOf("/api/documents/view/0193abcd")).toBe("api:documents");
    expect(routeGroupOf("/api/ping")).toBe("api:ping");
    expect(routeGroupOf("/admin/system")).toBe("page:admin");
    expect(routeGroupOf("/")).toBe("page");
    expect(routeGroupOf("/cereri-schimbare/123")).toBe("page");
  });
});
