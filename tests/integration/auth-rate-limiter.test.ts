// The RateLimiter Durable Object on its own: sliding windows, the rule that refuses, refunds, cleanup.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const rules = [
  { name: "burst", limit: 2, windowMs: 1000 },
  { name: "hourly", limit: 3, windowMs: 3_600_000 },
];

function limiter() {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test:${crypto.randomUUID()}`));
}

describe("RateLimiter", () => {
  it("slides each window and names the rule that refused, with the wait", async () => {
    const stub = limiter();
    const t0 = 1_000_000;
    expect((await stub.consume(rules, t0)).allowed).toBe(true);
    expect((await stub.consume(rules, t0 + 10)).allowed).toBe(true);
    expect(await stub.consume(rules, t0 + 20)).toEqual({ allowed: false, rule: "burst", retryAfterMs: 980, first: true });
    expect((await stub.consume(rules, t0 + 1000)).allowed).toBe(true);
    expect(await stub.consume(rules, t0 + 5000)).toEqual({ allowed: false, rule: "hourly", retryAfterMs: 3_600_000 - 5000, first: true });
    expect((await stub.consume(rules, t0 + 3_600_000)).allowed).toBe(true);
  });

  it("marks only the first refusal of a lockout, until the key has room again", async () => {
    const stub = limiter();
    await stub.consume(rules, 0);
    await stub.consume(rules, 1);
    const refusals = [];
    for (let i = 0; i < 4; i++) refusals.push(await stub.consume(rules, 2 + i));
    expect(refusals.map((r) => !r.allowed && r.first)).toEqual([true, false, false, false]);
    // The burst window lets one more through; the next refusal (the hourly rule) is a new lockout.
    expect((await stub.consume(rules, 1000)).allowed).toBe(true);
    expect(await stub.consume(rules, 1001)).toMatchObject({ allowed: false, rule: "hourly", first: true });
    expect(await stub.consume(rules, 1002)).toMatchObject({ allowed: false, rule: "hourly", first: false });
  });

  it("counts fixed windows for busy keys, refunds them, and says when the window turns", async () => {
    const stub = limiter();
    const budget = [{ name: "hourly", limit: 2, windowMs: 3_600_000 }];
    const t0 = 7 * 3_600_000;
    const a = await stub.consumeCounted(budget, t0 + 5);
    expect((await stub.consumeCounted(budget, t0 + 6)).allowed).toBe(true);
    expect(await stub.consumeCounted(budget, t0 + 7)).toEqual({ allowed: false, rule: "hourly", retryAfterMs: 3_600_000 - 7, first: true });
    expect(await stub.consumeCounted(budget, t0 + 8)).toMatchObject({ allowed: false, first: false });
    if (a.allowed) await stub.refund(a.hitId);
    expect((await stub.consumeCounted(budget, t0 + 9)).allowed).toBe(true);
    expect((await stub.consumeCounted(budget, t0 + 3_600_000)).allowed).toBe(true);
  });

  it("does not count refused requests, and refunds a hit", async () => {
    const stub = limiter();
    const first = await stub.consume(rules, 0);
    await stub.consume(rules, 1);
    for (let i = 0; i < 5; i++) expect((await stub.consume(rules, 2 + i)).allowed).toBe(false);
    if (first.allowed) await stub.refund(first.hitId);
    expect((await stub.consume(rules, 10)).allowed).toBe(true);
  });

  it("serialises concurrent requests: exactly the limit gets through", async () => {
    const stub = limiter();
    const results = await Promise.all(Array.from({ length: 10 }, () => stub.consume(rules, 5)));
    expect(results.filter((r) => r.allowed)).toHaveLength(2);
  });

  it("forgets an idle key when its alarm fires", async () => {
    const stub = limiter();
    await stub.consume(rules, Date.now());
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.get("hits")).toBeUndefined();
    });
  });
});
