// The OfferCollector job protocol (user spec §4 Offer collection) and GET /api/offers + checkUrl.
import { SELF, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, bucharestDay } from "../../app/lib/dates";
import type { OfferSearch } from "../../app/lib/schemas/offer-search";
import { TEXTS } from "../../app/texts/user";
import { collectionKey } from "../../app/server/offers/collection.server";
import { appConfig, type CollectionConfig } from "../../app/server/config.server";

const today = bucharestDay();
let dayOffset = 10;
/** Every test gets its own key (a new date), so DOs and cache never leak between tests. */
function freshSearch(county = "CJ"): OfferSearch {
  dayOffset += 1;
  return { county, date: addDays(today, dayOffset), consumptionType: "casnic" };
}

function config(overrides: Partial<Record<string, string>>): CollectionConfig {
  return appConfig({ ...env, ...overrides }).offers;
}

function stubFor(search: OfferSearch) {
  return env.OFFER_COLLECTOR.get(env.OFFER_COLLECTOR.idFromName(collectionKey(search)));
}

async function comparatorHits(scenario: string, date: string): Promise<number> {
  const res = await fetch(`http://comparator.test/__stats?key=${encodeURIComponent(`${scenario}|${date}`)}`);
  return ((await res.json()) as { hits: number }).hits;
}

async function pollUntilSettled(search: OfferSearch, jobId: string) {
  const stub = stubFor(search);
  for (let i = 0; i < 100; i++) {
    const answer = await stub.check(jobId);
    if (answer && answer.status !== "running") return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("job never settled");
}

describe("OfferCollector", () => {
  it("answers at once from the catalog and serves the cached result to the next search", async () => {
    const search = freshSearch();
    const stub = stubFor(search);
    const first = await stub.start(search, config({}));
    expect(first.status).toBe("completed");
    const second = await stub.start(search, config({}));
    expect(second).toMatchObject({ status: "completed", cached: true });
    if (first.status !== "completed" || second.status !== "completed") throw new Error("unreachable");
    expect(second.jobId).toBe(first.jobId);
    expect(second.offers).toEqual(first.offers);
    expect(first.offers.length).toBeGreaterThan(5);
  });

  it("runs one job for two concurrent searches of the same key, then completes on polling", async () => {
    const search = freshSearch();
    const cfg = config({
      OFFER_SOURCES: "comparator",
      OFFER_COMPARATOR_URL: "http://comparator.test/slow",
      OFFER_INSTANT_WAIT_MS: "0",
    });
    const [a, b] = await Promise.all([stubFor(search).start(search, cfg), stubFor(search).start(search, cfg)]);
    expect(a.status).toBe("running");
    expect(b.status).toBe("running");
    if (a.status !== "running" || b.status !== "running") throw new Error("unreachable");
    expect(b.jobId).toBe(a.jobId);

    const settled = await pollUntilSettled(search, a.jobId);
    expect(settled.status).toBe("completed");
    if (settled.status !== "completed") throw new Error("unreachable");
    // The fixture's expired offer is dropped; the rest are sorted cheapest first.
    expect(settled.offers.map((o) => o.name)).toEqual([
      "Hidro Fix 12 luni",
      "Someș Casnic 2027",
      "Electrica Verde Casnic",
      "PPC Flex Casnic",
    ]);
    expect(await comparatorHits("slow", search.date)).toBe(1);

    // A later search inside the TTL is a cache hit: no new job, no new upstream call.
    const again = await stubFor(search).start(search, cfg);
    expect(again).toMatchObject({ status: "completed", cached: true, jobId: a.jobId });
    expect(await comparatorHits("slow", search.date)).toBe(1);
  });

  it("fails the job with the source's message when the only source fails", async () => {
    const search = freshSearch();
    const cfg = config({
      OFFER_SOURCES: "comparator",
      OFFER_COMPARATOR_URL: "http://comparator.test/error500",
      OFFER_SOURCE_RETRIES: "1",
    });
    const answer = await stubFor(search).start(search, cfg);
    expect(answer).toMatchObject({ status: "failed", message: "Comparatorul a răspuns cu HTTP 500." });
    // A failure is not cached: the next search starts a new job.
    const retry = await stubFor(search).start(search, cfg);
    if (answer.status !== "failed" || retry.status !== "failed") throw new Error("unreachable");
    expect(retry.jobId).not.toBe(answer.jobId);
  });

  it("keeps the catalog's offers and a warning when one of two sources fails", async () => {
    const search = freshSearch();
    const cfg = config({ OFFER_SOURCES: "catalog,comparator", OFFER_COMPARATOR_URL: "http://comparator.test/malformed" });
    const answer = await stubFor(search).start(search, cfg);
    expect(answer.status).toBe("completed");
    if (answer.status !== "completed") throw new Error("unreachable");
    expect(answer.offers.length).toBeGreaterThan(5);
    expect(answer.warnings).toEqual(["Comparatorul a trimis un răspuns invalid."]);
  });

  it("fails cleanly when the job exceeds its time limit", async () => {
    const search = freshSearch();
    const cfg = config({
      OFFER_SOURCES: "comparator",
      OFFER_COMPARATOR_URL: "http://comparator.test/hang",
      OFFER_JOB_TIMEOUT_MS: "300",
      OFFER_INSTANT_WAIT_MS: "0",
    });
    const started = await stubFor(search).start(search, cfg);
    expect(started.status).toBe("running");
    if (started.status !== "running") throw new Error("unreachable");
    const settled = await pollUntilSettled(search, started.jobId);
    expect(settled).toMatchObject({ status: "failed", message: "Colectarea ofertelor a depășit timpul maxim." });
  });

  it("fails a job whose collection was lost (object evicted) at its deadline alarm or next poll", async () => {
    const search = freshSearch();
    const stub = stubFor(search);
    const cfg = config({
      OFFER_SOURCES: "comparator",
      OFFER_COMPARATOR_URL: "http://comparator.test/hang",
      OFFER_INSTANT_WAIT_MS: "0",
    });
    const started = await stub.start(search, cfg);
    if (started.status !== "running") throw new Error("unreachable");
    // What an eviction leaves behind: the stored job says running, nothing in memory runs it.
    await runInDurableObject(stub, async (instance, state) => {
      const live = instance as unknown as { running: unknown; job: { deadline: number } };
      live.running = null;
      live.job.deadline = Date.now() - 1;
      expect(await state.storage.getAlarm()).not.toBeNull();
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.check(started.jobId)).toMatchObject({
      status: "failed",
      message: "Colectarea ofertelor a depășit timpul maxim.",
    });
    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.get("job")).toMatchObject({ status: "failed" });
    });
  });

  it("stores nothing for an unknown county", async () => {
    const search = freshSearch("ZZ");
    const stub = stubFor(search);
    expect(await stub.start(search, config({}))).toEqual({ status: "unknown_county" });
    await runInDurableObject(stub, async (_instance, state) => {
      expect(await state.storage.get("job")).toBeUndefined();
    });
  });

  it("writes each finished collection to offer_collections for operators", async () => {
    const search = freshSearch();
    const answer = await stubFor(search).start(search, config({}));
    if (answer.status !== "completed") throw new Error("unreachable");
    const row = await env.DB.prepare("SELECT collection_key, status, result_json FROM offer_collections WHERE id = ?")
      .bind(answer.jobId)
      .first();
    expect(row).toEqual({
      collection_key: collectionKey(search),
      status: "completed",
      result_json: JSON.stringify({ count: answer.offers.length }),
    });
  });
});

describe("GET /api/offers with a collection in progress", () => {
  it("answers collection.started with a checkUrl, which later returns the data", async () => {
    // The route reads its configuration from env; a slow catalog is simulated by a zero instant wait.
    const search = freshSearch();
    const stub = stubFor(search);
    const cfg = config({ OFFER_SOURCES: "comparator", OFFER_COMPARATOR_URL: "http://comparator.test/slow", OFFER_INSTANT_WAIT_MS: "0" });
    const started = await stub.start(search, cfg);
    if (started.status !== "running") throw new Error("unreachable");
    const { checkUrlFor } = await import("../../app/server/offers/search.server");
    const checkUrl = checkUrlFor(search, started.jobId);

    const running = await SELF.fetch(`http://local.test${checkUrl}`);
    expect(running.status).toBe(200);
    expect(await running.json()).toMatchObject({ success: true, collection: { status: "running" } });

    await pollUntilSettled(search, started.jobId);
    const done = await SELF.fetch(`http://local.test${checkUrl}`);
    const body = (await done.json()) as { data: unknown[]; collection: { status: string } };
    expect(body.collection.status).toBe("completed");
    expect(body.data).toHaveLength(4);
  });

  it("returns the data at once when a fresh result exists, marked cached the second time", async () => {
    const search = freshSearch("B");
    const url = `http://local.test/api/offers?county=B&date=${search.date}&consumptionType=casnic`;
    const first = (await (await SELF.fetch(url)).json()) as { success: boolean; cached: boolean; data: unknown[] };
    const second = (await (await SELF.fetch(url)).json()) as { success: boolean; cached: boolean; data: unknown[] };
    expect(first).toMatchObject({ success: true, cached: false });
    expect(second).toMatchObject({ success: true, cached: true });
    expect(second.data).toEqual(first.data);
  });

  it("answers 404 for a checkUrl whose job does not exist, 400 for a malformed one", async () => {
    const search = freshSearch();
    const unknown = await SELF.fetch(
      `http://local.test/api/offers/collections/0190a000-0000-7000-8000-0000000000ff?county=CJ&date=${search.date}`,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, message: TEXTS.search.collectionNotFound });
    const malformed = await SELF.fetch(`http://local.test/api/offers/collections/nu-e-uuid?county=CJ&date=${search.date}`);
    expect(malformed.status).toBe(400);
  });

  it("answers 400 for an unknown county without creating a job", async () => {
    const res = await SELF.fetch(`http://local.test/api/offers?county=ZZ&date=${addDays(today, 3)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: TEXTS.api.unknownCounty });
  });
});
