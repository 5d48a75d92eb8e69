import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import countiesSeed from "../../seed/counties.json";
import { addDays, bucharestDay } from "../../app/lib/dates";
import { TEXTS } from "../../app/texts/user";

interface OfferBody {
  success: boolean;
  data: { id: string; supplier_id: string; supplier_name: string; price: string; price_per_kwh: string; validityPeriod: string; type: string; name: string }[];
  error?: string;
  message?: string;
}

const today = bucharestDay();
const tomorrow = addDays(today, 1);

async function getOffers(query: string) {
  const res = await SELF.fetch(`http://local.test/api/offers?${query}`);
  return { status: res.status, body: (await res.json()) as OfferBody };
}

describe("GET /api/offers", () => {
  it("returns offers for a county, cheapest first, prices with 4 decimals", async () => {
    const { status, body } = await getOffers(`county=B&date=${tomorrow}&consumptionType=casnic`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(10);
    const prices = body.data.map((o) => Number(o.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const offer of body.data) {
      expect(offer.price).toMatch(/^\d+\.\d{4}$/);
      expect(offer.price_per_kwh).toBe(offer.price);
      expect(offer.supplier_id).toBeTruthy();
      expect(["fix", "variabil"]).toContain(offer.type);
      expect(Number(offer.price)).toBeGreaterThan(0.8);
      expect(Number(offer.price)).toBeLessThan(2);
    }
  });

  it("has offers in every one of the 42 counties, and prices differ between zones", async () => {
    const cheapestByCounty = new Map<string, string>();
    for (const county of countiesSeed) {
      const { status, body } = await getOffers(`county=${county.code}&date=${tomorrow}`);
      expect(status, county.code).toBe(200);
      expect(body.data.length, county.code).toBeGreaterThan(0);
      cheapestByCounty.set(county.code, body.data[0]!.price);
    }
    expect(new Set(cheapestByCounty.values()).size).toBeGreaterThan(1);
    // Same zone, same prices: Ilfov is served like București.
    expect(cheapestByCounty.get("IF")).toBe(cheapestByCounty.get("B"));
  });

  it("accepts a lower-case county code and defaults consumptionType to casnic", async () => {
    const { status, body } = await getOffers(`county=cj&date=${tomorrow}`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
  });

  it("only lists offers valid on the requested date", async () => {
    const startsLater = addDays(today, 10);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO offers (id, supplier_id, name, type, green_share_percent, monthly_fee_bani, valid_from, valid_until, consumption_type, active) VALUES ('test-later', 'hidroelectrica', 'Ofertă test', 'fix', 0, 0, ?, NULL, 'casnic', 1)",
      ).bind(startsLater),
      env.DB.prepare(
        "INSERT INTO offer_prices (offer_id, zone_id, energy_micro_lei, distribution_micro_lei, regulated_micro_lei, vat_micro_lei, total_micro_lei) VALUES ('test-later', 'muntenia-sud', 100000, 100000, 100000, 63000, 363000)",
      ),
    ]);
    const before = await getOffers(`county=B&date=${addDays(startsLater, -1)}`);
    expect(before.body.data.map((o) => o.id)).not.toContain("test-later");
    const on = await getOffers(`county=B&date=${startsLater}`);
    expect(on.body.data[0]!.id).toBe("test-later");
    expect(on.body.data[0]!.price).toBe("0.3630");
  });

  it.each([
    ["unknown county", `county=XX&date=${tomorrow}`, TEXTS.api.unknownCounty],
    ["missing county", `date=${tomorrow}`, TEXTS.api.unknownCounty],
    ["county with digits", `county=B1&date=${tomorrow}`, TEXTS.api.unknownCounty],
    ["missing date", "county=B", TEXTS.api.invalidDate],
    ["malformed date", "county=B&date=25.11.2026", TEXTS.api.invalidDate],
    ["impossible date", "county=B&date=2026-02-30", TEXTS.api.invalidDate],
    ["past date", `county=B&date=${addDays(today, -1)}`, TEXTS.api.pastDate],
    ["date too far ahead", `county=B&date=${addDays(today, 400)}`, TEXTS.api.tooFarDate],
    ["unknown consumption type", `county=B&date=${tomorrow}&consumptionType=industrial`, TEXTS.api.invalidConsumptionType],
  ])("answers 400 with a clear message for %s", async (_label, query, message) => {
    const { status, body } = await getOffers(query);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toBe(message);
  });

  it("accepts today as the start date", async () => {
    const { status } = await getOffers(`county=B&date=${today}`);
    expect(status).toBe(200);
  });
});
