// The HTTP adapter for the regulator-style comparator, against recorded fixtures served locally
// (tests/support/fake-comparator.mjs through miniflare's outboundService).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, bucharestDay } from "../../app/lib/dates";
import { createDb } from "../../app/server/db/client.server";
import { listSuppliers } from "../../app/server/offers/reference.server";
import { ComparatorOfferSource } from "../../app/server/offers/sources/comparator-source.server";
import { OfferSourceError } from "../../app/server/offers/sources/source.server";

let offset = 40;
async function context() {
  offset += 1;
  return {
    search: { county: "CJ", date: addDays(bucharestDay(), offset), consumptionType: "casnic" as const },
    county: { code: "CJ", name: "Cluj", zoneId: "transilvania-nord" },
    suppliers: await listSuppliers(createDb(env.DB)),
    signal: new AbortController().signal,
  };
}

function source(scenario: string, options: { timeoutMs?: number; retries?: number } = {}) {
  return new ComparatorOfferSource({
    baseUrl: `http://comparator.test/${scenario}`,
    timeoutMs: options.timeoutMs ?? 2_000,
    retries: options.retries ?? 0,
    backoff: async () => {},
  });
}

async function failure(promise: Promise<unknown>): Promise<OfferSourceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OfferSourceError) return error;
    throw error;
  }
  throw new Error("expected the source to fail");
}

describe("ComparatorOfferSource", () => {
  it("parses the recorded response: decimal commas, supplier matching, validity on the search date", async () => {
    const offers = await source("ok").collect(await context());
    expect(offers.map((o) => o.name).sort()).toEqual(
      ["Electrica Verde Casnic", "Hidro Fix 12 luni", "PPC Flex Casnic", "Someș Casnic 2027"].sort(),
    );
    const electrica = offers.find((o) => o.name === "Electrica Verde Casnic")!;
    expect(electrica).toMatchObject({
      supplier_id: "electrica-furnizare",
      supplier_name: "Electrica Furnizare",
      price: "1.1284",
      monthly_fee: "4.99",
      green_share_percent: 100,
      valid_until: null,
      metadata: { source: "comparator", zone: "transilvania-nord" },
    });
    const hidro = offers.find((o) => o.name === "Hidro Fix 12 luni")!;
    expect(hidro.breakdown).toEqual({ energy: "0.4500", distribution: "0.2474", regulated: "0.1061", vat: "0.1688" });
    // A supplier we cannot switch people to keeps its name but has no supplier id.
    const unknown = offers.find((o) => o.name === "Someș Casnic 2027")!;
    expect(unknown.supplier_id).toBe("");
    expect(unknown.supplier_name).toBe("Energie Locală Someș SRL");
  });

  it("rejects a truncated JSON body as a bad payload", async () => {
    const error = await failure(source("malformed").collect(await context()));
    expect(error.reason).toBe("bad_payload");
  });

  it("rejects a well-formed body of the wrong shape", async () => {
    const error = await failure(source("bad-shape").collect(await context()));
    expect(error.reason).toBe("bad_payload");
  });

  it("times out a slow answer", async () => {
    const error = await failure(source("slow", { timeoutMs: 100 }).collect(await context()));
    expect(error).toMatchObject({ reason: "timeout", message: "Comparatorul nu a răspuns la timp." });
  });

  it("retries a 503 and succeeds on the next attempt", async () => {
    const offers = await source("flaky", { retries: 2 }).collect(await context());
    expect(offers).toHaveLength(4);
  });

  it("gives up after the configured retries on 5xx", async () => {
    const error = await failure(source("error500", { retries: 2 }).collect(await context()));
    expect(error).toMatchObject({ reason: "http_status", message: "Comparatorul a răspuns cu HTTP 500." });
  });

  it("does not retry a 404", async () => {
    const ctx = await context();
    const error = await failure(source("not-found", { retries: 3 }).collect(ctx));
    expect(error.reason).toBe("http_status");
    const stats = await fetch(`http://comparator.test/__stats?key=${encodeURIComponent(`not-found|${ctx.search.date}`)}`);
    expect(((await stats.json()) as { hits: number }).hits).toBe(1);
  });
});
