import { describe, expect, it } from "vitest";
import type { OfferView } from "./offers";
import { buildSwitchContext } from "./switch-context";

const offer = {
  id: "o-1",
  offer_id: "o-1",
  supplier_id: "hidroelectrica",
  supplier_name: "Hidroelectrica",
  name: "Hidro Fix 12 luni",
  offer_name: "Hidro Fix 12 luni",
  price: "1.0000",
  price_per_kwh: "1.0000",
  monthly_fee: "0.00",
  metadata: { offerId: "o-1", source: "catalog", zone: "z" },
} as OfferView;
const search = { county: "CJ", date: "2026-12-01", consumptionType: "casnic" as const };

describe("buildSwitchContext", () => {
  it("carries every field of spec §3, with the monthly saving in lei when a current price is known", () => {
    expect(buildSwitchContext(offer, search, { monthlyKwh: 150, currentPrice: "1.2000", isFromCache: true })).toEqual({
      selectedOfferId: "o-1",
      selectedSupplierId: "hidroelectrica",
      searchDate: "2026-12-01",
      county: "CJ",
      supplierName: "Hidroelectrica",
      pricePerKwh: "1.0000",
      offerName: "Hidro Fix 12 luni",
      isFromCache: true,
      estimatedMonthlySavings: 30,
    });
    expect(
      buildSwitchContext(offer, search, { monthlyKwh: 150, currentPrice: null, isFromCache: false })
        ?.estimatedMonthlySavings,
    ).toBeNull();
  });

  it("refuses an offer without offer id or supplier id", () => {
    const options = { monthlyKwh: 150, currentPrice: null, isFromCache: false };
    expect(buildSwitchContext({ ...offer, supplier_id: "" }, search, options)).toBeNull();
    expect(
      buildSwitchContext({ ...offer, id: "", offer_id: "", metadata: { ...offer.metadata, offerId: "" } }, search, options),
    ).toBeNull();
  });
});
