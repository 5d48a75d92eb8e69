import { describe, expect, it } from "vitest";
import { arrangeOffers, monthlySavingBani, offerAnnualCostBani, type OfferView } from "./offers";

function offer(id: string, price: string, monthlyFee = "0.00", green = 0, supplier = id): OfferView {
  return {
    id,
    offer_id: id,
    supplier_id: supplier,
    supplier_name: supplier,
    supplier_website: "",
    name: id,
    offer_name: id,
    type: "fix",
    price,
    price_per_kwh: price,
    validityPeriod: "",
    valid_from: "2026-01-01",
    valid_until: null,
    monthly_fee: monthlyFee,
    green_share_percent: green,
    contract_months: 12,
    consumption_type: "casnic",
    breakdown: { energy: "0", distribution: "0", regulated: "0", vat: "0" },
    metadata: { offerId: id, source: "catalog", zone: "z" },
  };
}

describe("annual cost", () => {
  it("is price × kWh × 12 plus 12 monthly fees, in bani", () => {
    expect(offerAnnualCostBani(offer("a", "1.0000"), 150)).toBe(180_000);
    expect(offerAnnualCostBani(offer("b", "0.9500", "9.99"), 150)).toBe(171_000 + 11_988);
  });
});

describe("arrangeOffers", () => {
  const cheapPerKwhWithFee = offer("fee", "0.9500", "9.99");
  const noFee = offer("nofee", "0.9900");
  const green = offer("green", "1.0500", "0.00", 100);

  it("sorts by price per kWh, or by annual cost where a fixed fee can change the order", () => {
    const list = [green, noFee, cheapPerKwhWithFee];
    expect(arrangeOffers(list, { sort: "price", monthlyKwh: 150, greenOnly: false }).map((o) => o.id)).toEqual([
      "fee",
      "nofee",
      "green",
    ]);
    // At 500 kWh/month: fee = 5 700 + 119.88 lei < nofee = 5 940 lei a year.
    expect(arrangeOffers(list, { sort: "annual", monthlyKwh: 500, greenOnly: false })[0]!.id).toBe("fee");
    // At 150 kWh the fee dominates: nofee (1 782) < fee (1 710 + 119.88).
    expect(arrangeOffers(list, { sort: "annual", monthlyKwh: 150, greenOnly: false }).map((o) => o.id)).toEqual([
      "nofee",
      "fee",
      "green",
    ]);
  });

  it("keeps only 100 % green offers when asked", () => {
    expect(arrangeOffers([green, noFee], { sort: "price", monthlyKwh: 150, greenOnly: true }).map((o) => o.id)).toEqual(["green"]);
  });
});

describe("monthlySavingBani", () => {
  it("compares with the current price, negative when the offer is dearer, null when unknown", () => {
    expect(monthlySavingBani(offer("a", "1.0000"), 150, "1.2000")).toBe(3_000);
    expect(monthlySavingBani(offer("a", "1.3000"), 100, "1.2000")).toBe(-1_000);
    expect(monthlySavingBani(offer("a", "1.0000"), 150, null)).toBeNull();
  });
});
