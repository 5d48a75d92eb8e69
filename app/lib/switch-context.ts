// The switch context (user spec §3): what the home page hands to the switch wizard, kept in
// localStorage under 'pendingSwitchContext' and, once signed in, on the server (docs/decisions/0007),
// which re-reads offer and price: nothing here is trusted.
import { monthlySavingBani, type OfferView } from "./offers";
import type { OfferSearch } from "./schemas/offer-search";

export const SWITCH_CONTEXT_KEY = "pendingSwitchContext";

export interface SwitchContext {
  selectedOfferId: string;
  selectedSupplierId: string;
  searchDate: string;
  county: string;
  supplierName: string;
  pricePerKwh: string;
  offerName: string;
  isFromCache: boolean;
  /** RON per month against the user's current price; null when no current price is known. */
  estimatedMonthlySavings: number | null;
}

export function offerIdOf(offer: Partial<OfferView>): string {
  return offer.id || offer.offer_id || offer.metadata?.offerId || "";
}

/** Null when the offer lacks an offer id or a supplier id ('Date incomplete în cache'). */
export function buildSwitchContext(
  offer: OfferView,
  search: OfferSearch,
  options: { monthlyKwh: number; currentPrice: string | null; isFromCache: boolean },
): SwitchContext | null {
  const offerId = offerIdOf(offer);
  if (!offerId || !offer.supplier_id) return null;
  const saving = monthlySavingBani(offer, options.monthlyKwh, options.currentPrice);
  return {
    selectedOfferId: offerId,
    selectedSupplierId: offer.supplier_id,
    searchDate: search.date,
    county: search.county,
    supplierName: offer.supplier_name,
    pricePerKwh: offer.price_per_kwh || offer.price,
    offerName: offer.offer_name || offer.name,
    isFromCache: options.isFromCache,
    estimatedMonthlySavings: saving === null ? null : Math.round(saving) / 100,
  };
}

export function saveSwitchContext(storage: Storage, context: SwitchContext): void {
  storage.setItem(SWITCH_CONTEXT_KEY, JSON.stringify(context));
}

export function readSwitchContext(storage: Storage): SwitchContext | null {
  try {
    const parsed = JSON.parse(storage.getItem(SWITCH_CONTEXT_KEY) ?? "null") as SwitchContext | null;
    return parsed && typeof parsed.selectedOfferId === "string" ? parsed : null;
  } catch {
    storage.removeItem(SWITCH_CONTEXT_KEY);
    return null;
  }
}
