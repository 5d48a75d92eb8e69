// The offer as the API gives it (user spec §3 Offer, plus breakdown and fee), and the pure
// comparisons the results list makes: annual cost, monthly saving, sorting and filtering.
import { formatRoDay } from "./dates";
import { decimalToMicro } from "./money";
import { annualCostBani } from "./pricing";

export interface OfferView {
  id: string;
  offer_id: string;
  /** Empty when a source names a supplier we don't know: such an offer can be compared, not chosen. */
  supplier_id: string;
  supplier_name: string;
  supplier_website: string;
  name: string;
  offer_name: string;
  type: "fix" | "variabil";
  /** Final lei/kWh with VAT, 4 decimals, dot separator. */
  price: string;
  price_per_kwh: string;
  validityPeriod: string;
  valid_from: string;
  valid_until: string | null;
  /** Fixed monthly fee in lei with VAT, 2 decimals. */
  monthly_fee: string;
  green_share_percent: number;
  contract_months: number | null;
  consumption_type: string;
  breakdown: { energy: string; distribution: string; regulated: string; vat: string };
  metadata: { offerId: string; source: string; zone: string };
}

export function validityPeriod(from: string, until: string | null): string {
  return until ? `${formatRoDay(from)} – ${formatRoDay(until)}` : `din ${formatRoDay(from)}, nedeterminată`;
}

/** A typical Romanian household uses about 150 kWh a month (≈1 800 kWh a year). */
export const DEFAULT_MONTHLY_KWH = 150;
export const MAX_MONTHLY_KWH = 5_000;

export type OfferSort = "price" | "annual";

export function offerAnnualCostBani(offer: OfferView, monthlyKwh: number): number {
  const feeBani = Math.round(Number(offer.monthly_fee) * 100);
  return annualCostBani(decimalToMicro(offer.price), monthlyKwh, feeBani);
}

/**
 * Monthly saving in bani against the price the user pays today (lei/kWh with VAT); negative means
 * the offer is dearer. Null when no current price is known.
 */
export function monthlySavingBani(offer: OfferView, monthlyKwh: number, currentPrice: string | null): number | null {
  if (!currentPrice) return null;
  const currentMonthlyBani = Math.round((decimalToMicro(currentPrice) * monthlyKwh) / 10_000);
  return currentMonthlyBani - Math.round(offerAnnualCostBani(offer, monthlyKwh) / 12);
}

export function arrangeOffers(
  offers: readonly OfferView[],
  options: { sort: OfferSort; monthlyKwh: number; greenOnly: boolean },
): OfferView[] {
  const kept = options.greenOnly ? offers.filter((o) => o.green_share_percent >= 100) : [...offers];
  const key =
    options.sort === "annual"
      ? (o: OfferView) => offerAnnualCostBani(o, options.monthlyKwh)
      : (o: OfferView) => decimalToMicro(o.price);
  return kept
    .map((offer) => ({ offer, k: key(offer) }))
    .sort((a, b) => a.k - b.k || a.offer.supplier_name.localeCompare(b.offer.supplier_name, "ro"))
    .map(({ offer }) => offer);
}
