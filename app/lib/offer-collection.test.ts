import { describe, expect, it, vi } from "vitest";
import { OfferSearchError, searchOffersWithPolling } from "./offer-collection";
import { TEXTS } from "../texts/user";

const search = { county: "CJ", date: "2026-12-01", consumptionType: "casnic" as const };
const timings = { attempts: 20, firstDelayMs: 5_000, intervalMs: 30_000 };
const offer = { id: "o1", offer_id: "o1", supplier_id: "s1", price: "1.0000" };

function fakeFetch(answers: Array<[number, unknown]>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    calls.push(url);
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return new Response(JSON.stringify(next[1]), { status: next[0] });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const started = { success: true, data: [], collection: { status: "started", checkUrl: "/check/1", jobId: "1" } };
const running = { success: true, data: [], collection: { status: "running" } };

describe("searchOffersWithPolling", () => {
  it("returns the data at once when the server has it", async () => {
    const { fetch, calls } = fakeFetch([[200, { success: true, data: [offer], cached: true }]]);
    const sleep = vi.fn(async () => {});
    const result = await searchOffersWithPolling(search, timings, { fetch, sleep });
    expect(result).toEqual({ offers: [offer], county: null, cached: true });
    expect(calls).toEqual(["/api/offers?county=CJ&date=2026-12-01&consumptionType=casnic"]);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("polls the checkUrl, first after 5 s then every 30 s, until the job completes", async () => {
    const { fetch, calls } = fakeFetch([
      [200, started],
      [200, running],
      [200, running],
      [200, { success: true, data: [offer], collection: { status: "completed" } }],
    ]);
    const waits: number[] = [];
    const onCollecting = vi.fn();
    const result = await searchOffersWithPolling(search, timings, {
      fetch,
      sleep: async (ms) => void waits.push(ms),
      onCollecting,
    });
    expect(result.offers).toEqual([offer]);
    expect(waits).toEqual([5_000, 30_000, 30_000]);
    expect(calls.slice(1)).toEqual(["/check/1", "/check/1", "/check/1"]);
    expect(onCollecting).toHaveBeenCalledOnce();
  });

  it("raises 'Data collection failed' when the job fails", async () => {
    const { fetch } = fakeFetch([
      [200, started],
      [200, { success: true, data: [], collection: { status: "failed", message: "Comparatorul nu a răspuns la timp." } }],
    ]);
    const error = await searchOffersWithPolling(search, timings, { fetch, sleep: async () => {} }).catch((e) => e);
    expect(error).toBeInstanceOf(OfferSearchError);
    expect(error).toMatchObject({ kind: "failed", message: TEXTS.search.collectionFailed });
    expect(error.detail).toBe("Comparatorul nu a răspuns la timp.");
  });

  it("gives the timeout message after 20 unanswered polls", async () => {
    const { fetch, calls } = fakeFetch([[200, started], ...Array.from({ length: 20 }, () => [200, running] as [number, unknown])]);
    const error = await searchOffersWithPolling(search, timings, { fetch, sleep: async () => {} }).catch((e) => e);
    expect(error).toMatchObject({ kind: "timeout", message: TEXTS.search.collectionTimeout });
    expect(calls).toHaveLength(21);
  });

  it("treats an immediate failed collection as failed and a 400 as invalid input", async () => {
    const failed = fakeFetch([[502, { success: false, collection: { status: "failed", message: "x" } }]]);
    await expect(searchOffersWithPolling(search, timings, { fetch: failed.fetch, sleep: async () => {} })).rejects.toMatchObject({
      kind: "failed",
    });
    const invalid = fakeFetch([[400, { success: false, message: TEXTS.api.unknownCounty }]]);
    await expect(searchOffersWithPolling(search, timings, { fetch: invalid.fetch, sleep: async () => {} })).rejects.toMatchObject({
      kind: "invalid",
      message: TEXTS.api.unknownCounty,
    });
  });

  it("survives one lost poll", async () => {
    const answers: Array<[number, unknown]> = [[200, started]];
    let call = 0;
    const fetch = (async () => {
      call++;
      if (call === 2) throw new TypeError("network down");
      const next = call === 1 ? answers[0]! : [200, { success: true, data: [offer], collection: { status: "completed" } }];
      return new Response(JSON.stringify(next[1]), { status: next[0] as number });
    }) as unknown as typeof globalThis.fetch;
    const result = await searchOffersWithPolling(search, timings, { fetch, sleep: async () => {} });
    expect(result.offers).toEqual([offer]);
  });
});
