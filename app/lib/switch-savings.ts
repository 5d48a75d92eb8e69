// Estimated monthly savings of a switch (user spec §2 detail "RON/lună", §3 estimated_monthly_savings):
// what the bill's consumption costs a month at the bill's price per kWh, minus what it would cost with
// the new offer (its price and its monthly fee). Integer micro-lei and bani, one rounding at the end
// (docs/decisions/0003). Without a usable bill, the estimate from the search (the switch context) is
// used; without either there is none.
import { decimalToMicro } from "./money";

/** Days in an average month (365.25 / 12): a bill for 31 days is brought to one month of use. */
const AVERAGE_MONTH_DAYS = 30.4375;
const DAY_MS = 86_400_000;
/** A billing period outside this range is a misreading, not a period: the consumption is taken as monthly. */
const MAX_PERIOD_DAYS = 400;

export interface BillConsumption {
  consumptionKwh: number | null;
  /** lei/kWh with VAT, as the bill parser computes it ('1.3434') */
  pricePerKwh: string | null;
  periodStart: string | null;
  periodEnd: string | null;
}

export interface OfferCost {
  priceMicroLei: number;
  monthlyFeeBani: number;
}

export type SavingsEstimate =
  | { source: "bill"; monthlySavingsBani: number; monthlyKwh: number }
  | { source: "context"; monthlySavingsBani: number }
  | { source: "none"; monthlySavingsBani: null };

function periodDays(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
  return Number.isFinite(days) && days >= 1 && days <= MAX_PERIOD_DAYS ? days : null;
}

const PLAIN_DECIMAL = /^\d+(?:\.\d{1,6})?$/;

function currentPriceMicro(price: string | null): number | null {
  if (!price || !PLAIN_DECIMAL.test(price)) return null;
  const micro = decimalToMicro(price);
  return micro > 0 ? micro : null;
}

/** The bill's consumption brought to one average month, in kWh (unrounded), or null. */
export function monthlyConsumptionKwh(bill: BillConsumption): number | null {
  const kwh = bill.consumptionKwh;
  if (kwh === null || !Number.isFinite(kwh) || kwh <= 0) return null;
  const days = periodDays(bill.periodStart, bill.periodEnd);
  return days === null ? kwh : (kwh * AVERAGE_MONTH_DAYS) / days;
}

/** Negative savings mean the new offer costs more than the bill. */
export function estimateMonthlySavings(
  bill: BillConsumption | null,
  offer: OfferCost,
  contextSavingsBani: number | null = null,
): SavingsEstimate {
  const monthlyKwh = bill ? monthlyConsumptionKwh(bill) : null;
  const current = bill ? currentPriceMicro(bill.pricePerKwh) : null;
  if (monthlyKwh !== null && current !== null) {
    // micro-lei × kWh / 10 000 = bani
    const energyDifferenceBani = (monthlyKwh * (current - offer.priceMicroLei)) / 10_000;
    return {
      source: "bill",
      monthlySavingsBani: Math.round(energyDifferenceBani - offer.monthlyFeeBani),
      monthlyKwh: Math.round(monthlyKwh * 100) / 100,
    };
  }
  if (contextSavingsBani !== null && Number.isInteger(contextSavingsBani)) {
    return { source: "context", monthlySavingsBani: contextSavingsBani };
  }
  return { source: "none", monthlySavingsBani: null };
}

/** Bani → lei as a number with 2 decimals, the unit of `estimated_monthly_savings` (RON/lună). */
export function baniToLei(bani: number): number {
  return Math.round(bani) / 100;
}
