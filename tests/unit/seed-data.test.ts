// The seed files are the product's market data: check their shape and plausibility.
import { describe, expect, it } from "vitest";
import { microToDecimal } from "../../app/lib/money";
import { finalPricePerKwh } from "../../app/lib/pricing";
import { referenceDataStatements, seedData } from "../../app/server/db/seed.server";

describe("seed data", () => {
  it("has the 42 counties (41 + București) with unique official codes, each in a known zone", () => {
    const zones = new Set(seedData.zones.map((z) => z.id));
    expect(seedData.counties).toHaveLength(42);
    expect(new Set(seedData.counties.map((c) => c.code)).size).toBe(42);
    expect(new Set(seedData.counties.map((c) => c.cnpCode)).size).toBe(42);
    for (const county of seedData.counties) expect(zones.has(county.zone), county.code).toBe(true);
    expect(seedData.counties.find((c) => c.code === "B")).toMatchObject({ name: "București", zone: "muntenia-sud" });
    expect(zones.size).toBe(8);
  });

  it("has at least 13 suppliers, each with at least one offer", () => {
    expect(seedData.suppliers.length).toBeGreaterThanOrEqual(13);
    for (const supplier of seedData.suppliers) {
      expect(seedData.offers.some((o) => o.supplierId === supplier.id), supplier.id).toBe(true);
    }
  });

  it("prices every offer in every zone it serves within the 2025–2026 household band", () => {
    const zoneById = new Map(seedData.zones.map((z) => [z.id, z]));
    for (const offer of seedData.offers) {
      expect(offer.consumptionType).toBe("casnic");
      const zones = offer.zones === "all" ? [...zoneById.keys()] : offer.zones;
      for (const zoneId of zones) {
        const zone = zoneById.get(zoneId)!;
        const price = Number(
          microToDecimal(
            finalPricePerKwh(offer.zoneEnergyLeiPerKwh[zoneId] ?? offer.energyLeiPerKwh, zone.distributionLeiPerKwh, seedData.charges)
              .totalMicroLei,
          ),
        );
        expect(price, `${offer.id}@${zoneId}`).toBeGreaterThanOrEqual(0.95);
        expect(price, `${offer.id}@${zoneId}`).toBeLessThanOrEqual(1.7);
      }
    }
  });

  it("yields idempotent upserts only", () => {
    const statements = referenceDataStatements();
    for (const sql of statements) expect(sql).toMatch(/^(INSERT INTO .* ON CONFLICT|UPDATE offers SET active = 0|DELETE FROM offer_prices)/);
  });
});
