// The RateLimiter Durable Object on its own: sliding windows, the rule that refuses, refunds, cleanup,
// and several keys checked and charged in one call (all or none).
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { consumeRates, rateLimiterName, type RateKey, type RateRule } from "../../app/server/auth/rate-limit.server";

const rules = [
  { name: "burst", limit: 2, windowMs: 1000 },
  { name: "hourly", limit: 3, windowMs: 3_600_000 },
];

function limiter() {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test:${crypto.randomUUID()}`));
}

type Stub = ReturnType<typeof limiter>;
const KEY = "upload-ip:198.51.100.7" satisfies RateKey;

/** One key, as most callers use it. */
function consume(stub: Stub, keyRules: RateRule[], now: number, key: RateKey = KEY) {
  return stub.consume([{ key, rules: keyRules }], now);
}

describe("RateLimiter", () => {
  it("slides each window and names the rule that refused, with the wait", async () => {
    const stub = limiter();
    const t0 = 1_000_000;
    expect((await consume(stub, rules, t0)).allowed).toBe(true);
    expect((await consume(stub, rules, t0 + 10)).allowed).toBe(true);
    expect(await consume(stub, rules, t0 + 20)).toEqual({ allowed: false, key: KEY, rule: "burst", retryAfterMs: 980, first: true });
    expect((await consume(stub, rules, t0 + 1000)).allowed).toBe(true);
    expect(await consume(stub, rules, t0 + 5000)).toEqual({ allowed: false, key: KEY, rule: "hourly", retryAfterMs: 3_600_000 - 5000, first: true });
    expect((await consume(stub, rules, t0 + 3_600_000)).allowed).toBe(true);
  });

  it("marks only the first refusal of a lockout, until the key has room again", async () => {
    const stub = limiter();
    await consume(stub, rules, 0);
    await consume(stub, rules, 1);
    const refusals = [];
    for (let i = 0; i < 4; i++) refusals.push(await consume(stub, rules, 2 + i));
    expect(refusals.map((r) => !r.allowed && r.first)).toEqual([true, false, false, false]);
    // The burst window lets one more through; the next refusal (the hourly rule) is a new lockout.
    expect((await consume(stub, rules, 1000)).allowed).toBe(true);
    expect(await consume(stub, rules, 1001)).toMatchObject({ allowed: false, rule: "hourly", first: true });
    expect(await consume(stub, rules, 1002)).toMatchObject({ allowed: false, rule: "hourly", first: false });
  });

  it("counts fixed windows for busy keys, refunds them, and says when the window turns", async () => {
    const stub = limiter();
    const budget = [{ key: "sms-budget" as const, rules: [{ name: "hourly", limit: 2, windowMs: 3_600_000 }], counted: true }];
    const t0 = 7 * 3_600_000;
    const a = await stub.consume(budget, t0 + 5);
    expect((await stub.consume(budget, t0 + 6)).allowed).toBe(true);
    expect(await stub.consume(budget, t0 + 7)).toEqual({ allowed: false, key: "sms-budget", rule: "hourly", retryAfterMs: 3_600_000 - 7, first: true });
    expect(await stub.consume(budget, t0 + 8)).toMatchObject({ allowed: false, first: false });
    if (a.allowed) await stub.refund(a.hitId, ["sms-budget"]);
    expect((await stub.consume(budget, t0 + 9)).allowed).toBe(true);
    expect((await stub.consume(budget, t0 + 3_600_000)).allowed).toBe(true);
  });

  it("does not count refused requests, and refunds a hit", async () => {
    const stub = limiter();
    const first = await consume(stub, rules, 0);
    await consume(stub, rules, 1);
    for (let i = 0; i < 5; i++) expect((await consume(stub, rules, 2 + i)).allowed).toBe(false);
    if (first.allowed) await stub.refund(first.hitId, [KEY]);
    expect((await consume(stub, rules, 10)).allowed).toBe(true);
  });

  it("serialises concurrent requests: exactly the limit gets through", async () => {
    const stub = limiter();
    const results = await Promise.all(Array.from({ length: 10 }, () => consume(stub, rules, 5)));
    expect(results.filter((r) => r.allowed)).toHaveLength(2);
  });

  it("keeps the keys of one instance apart", async () => {
    const stub = limiter();
    const one = [{ name: "one", limit: 1, windowMs: 60_000 }];
    expect((await consume(stub, one, 0, "upload-ip:a")).allowed).toBe(true);
    expect((await consume(stub, one, 1, "upload-ip:a")).allowed).toBe(false);
    expect((await consume(stub, one, 2, "upload-ip:b")).allowed).toBe(true);
  });

  it("charges several keys all or none: a refusal on any key charges none of them, and names the first refusing key", async () => {
    const stub = limiter();
    const net = { key: "sms-net:10.0.0.0/24" as const, rules: [{ name: "net", limit: 5, windowMs: 60_000 }] };
    const phone = { key: "sms-phone:+40712345678" as const, rules: [{ name: "phone", limit: 1, windowMs: 60_000 }] };
    const budget = { key: "sms-budget" as const, rules: [{ name: "budget", limit: 3, windowMs: 3_600_000 }], counted: true };
    expect((await stub.consume([net, phone, budget], 0)).allowed).toBe(true);
    // The phone refuses: neither the network nor the budget is charged for it.
    for (let i = 1; i <= 4; i++) expect(await stub.consume([net, phone, budget], i)).toMatchObject({ allowed: false, key: phone.key, rule: "phone" });
    expect(await stub.hitsOf(net.key)).toBe(1);
    const otherPhone = (n: number) => ({ ...phone, key: `sms-phone:+4071234567${n}` as const });
    expect((await stub.consume([net, otherPhone(1), budget], 10)).allowed).toBe(true);
    expect((await stub.consume([net, otherPhone(2), budget], 11)).allowed).toBe(true);
    // The budget (3) is spent: refused last, after the network and the phone had room, charging neither.
    expect(await stub.consume([net, otherPhone(3), budget], 12)).toMatchObject({ allowed: false, key: budget.key, rule: "budget", first: true });
    expect(await stub.hitsOf(net.key)).toBe(3);
    expect(await stub.hitsOf(otherPhone(3).key)).toBe(0);
    // With the network also full, the network (first in order) is the one named.
    const tightNet = { ...net, rules: [{ name: "net", limit: 3, windowMs: 60_000 }] };
    expect(await stub.consume([tightNet, otherPhone(4), budget], 13)).toMatchObject({ allowed: false, key: net.key, rule: "net" });
  });

  it("refunds only the keys asked for", async () => {
    const stub = limiter();
    const a = { key: "sms-net:10.0.1.0/24" as const, rules: [{ name: "a", limit: 1, windowMs: 60_000 }] };
    const b = { key: "sms-phone:+40722222222" as const, rules: [{ name: "b", limit: 1, windowMs: 60_000 }] };
    const hit = await stub.consume([a, b], 0);
    if (!hit.allowed) throw new Error("the first hit must be allowed");
    await stub.refund(hit.hitId, [b.key]);
    expect(await stub.hitsOf(a.key)).toBe(1);
    expect(await stub.hitsOf(b.key)).toBe(0);
    expect(await stub.consume([b], 1)).toMatchObject({ allowed: true });
    expect(await stub.consume([a], 2)).toMatchObject({ allowed: false, key: a.key });
  });

  it("forgets the keys whose hits have aged out when its alarm fires, and keeps the others", async () => {
    const stub = limiter();
    const short = [{ name: "short", limit: 5, windowMs: 20 }];
    await consume(stub, short, Date.now(), "upload-ip:short");
    await consume(stub, rules, Date.now(), "upload-ip:long");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.get("key:upload-ip:short")).toBeUndefined();
      expect(await state.storage.get("key:upload-ip:long")).toBeDefined();
      // The sweep comes back for the key still in its window.
      expect(await state.storage.getAlarm()).not.toBeNull();
    });
  });
});

describe("rate limiter instances", () => {
  it("put the keys of a code request (phone, network, budget) in one instance, and spread the others", () => {
    expect(new Set([rateLimiterName("sms-phone:+40712345678"), rateLimiterName("sms-net:10.1.2.0/24"), rateLimiterName("sms-budget")]).size).toBe(1);
    const others = ["verify-net:", "refresh-net:", "upload-ip:", "upload-user:"].flatMap((prefix) =>
      Array.from({ length: 20 }, (_, i) => rateLimiterName(`${prefix}${i}` as RateKey)),
    );
    expect(new Set(others).size).toBeGreaterThan(4);
    expect(rateLimiterName("upload-user:abc")).toBe(rateLimiterName("upload-user:abc"));
  });

  it("refuse to charge keys of different instances in one call", async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `upload-user:${i}` as RateKey);
    const apart = keys.find((key) => rateLimiterName(key) !== rateLimiterName(keys[0]!))!;
    const one = [{ name: "one", limit: 1, windowMs: 1000 }];
    await expect(consumeRates(env, [{ key: keys[0]!, rules: one }, { key: apart, rules: one }], Date.now())).rejects.toThrow(/different limiter instances/);
  });
});
