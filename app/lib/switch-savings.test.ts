import { describe, expect, it } from "vitest";
import { baniToLei, estimateMonthlySavings, monthlyConsumptionKwh } from "./switch-savings";

const bill = { consumptionKwh: 150, pricePerKwh: "1.4000", periodStart: null, periodEnd: null };
// 1.0200 lei/kWh, no monthly fee
const offer = { priceMicroLei: 1_020_000, monthlyFeeBani: 0 };

describe("monthlyConsumptionKwh", () => {
  it("takes a bill without a period as one month", () => {
    expect(monthlyConsumptionKwh(bill)).toBe(150);
  });

  it("brings a billing period to an average month (30.4375 days)", () => {
    // 31 days of October → 186 × 30.4375 / 31 = 182.625 kWh
    expect(monthlyConsumptionKwh({ ...bill, consumptionKwh: 186, periodStart: "2026-10-01", periodEnd: "2026-10-31" })).toBeCloseTo(182.625, 10);
    // two months (61 days)
    expect(monthlyConsumptionKwh({ ...bill, consumptionKwh: 300, periodStart: "2026-09-01", periodEnd: "2026-10-31" })).toBeCloseTo(149.69, 2);
  });

  it("ignores a period that cannot be one (end before start, over 400 days)", () => {
    expect(monthlyConsumptionKwh({ ...bill, periodStart: "2026-10-31", periodEnd: "2026-10-01" })).toBe(150);
    expect(monthlyConsumptionKwh({ ...bill, periodStart: "2024-01-01", periodEnd: "2026-10-01" })).toBe(150);
  });

  it("has nothing to say without a positive consumption", () => {
    expect(monthlyConsumptionKwh({ ...bill, consumptionKwh: null })).toBeNull();
    expect(monthlyConsumptionKwh({ ...bill, consumptionKwh: 0 })).toBeNull();
  });
});

describe("estimateMonthlySavings", () => {
  it("prices the month's consumption at the bill's price and at the offer's", () => {
    // 150 kWh × (1.40 − 1.02) lei = 57.00 lei
    expect(estimateMonthlySavings(bill, offer)).toEqual({ source: "bill", monthlySavingsBani: 5_700, monthlyKwh: 150 });
  });

  it("counts the offer's monthly fee against the savings", () => {
    expect(estimateMonthlySavings(bill, { ...offer, monthlyFeeBani: 499 }).monthlySavingsBani).toBe(5_201);
  });

  it("is negative when the offer costs more", () => {
    // 150 × (1.40 − 1.50) = −15.00 lei
    expect(estimateMonthlySavings(bill, { priceMicroLei: 1_500_000, monthlyFeeBani: 0 }).monthlySavingsBani).toBe(-1_500);
  });

  it("rounds once, at the end, to the bani", () => {
    // 182.625 kWh × 0.3234 lei = 59.06092… lei → 5 906 bani
    const fromPeriod = estimateMonthlySavings({ consumptionKwh: 186, pricePerKwh: "1.3434", periodStart: "2026-10-01", periodEnd: "2026-10-31" }, offer);
    expect(fromPeriod).toEqual({ source: "bill", monthlySavingsBani: 5_906, monthlyKwh: 182.63 });
  });

  it("falls back to the search's estimate when the bill lacks consumption or a usable price", () => {
    expect(estimateMonthlySavings({ ...bill, consumptionKwh: null }, offer, 2_345)).toEqual({ source: "context", monthlySavingsBani: 2_345 });
    expect(estimateMonthlySavings({ ...bill, pricePerKwh: "1,40" }, offer, 100)).toEqual({ source: "context", monthlySavingsBani: 100 });
    expect(estimateMonthlySavings({ ...bill, pricePerKwh: "0" }, offer, 100).source).toBe("context");
    expect(estimateMonthlySavings(null, offer, 100).source).toBe("context");
  });

  it("has no estimate without either", () => {
    expect(estimateMonthlySavings(null, offer)).toEqual({ source: "none", monthlySavingsBani: null });
    expect(estimateMonthlySavings({ ...bill, consumptionKwh: null }, offer, null)).toEqual({ source: "none", monthlySavingsBani: null });
  });

  it("shows bani as lei", () => {
    expect(baniToLei(5_906)).toBe(59.06);
    expect(baniToLei(-1_500)).toBe(-15);
  });
});
