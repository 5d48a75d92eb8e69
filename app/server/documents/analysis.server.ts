// customerAnalysis of a bill (user spec §3 "Energy bill data"): a few plain observations the switch
// summary can show. Pure rules on the extracted fields; no offer prices are guessed here.
import { bucharestDay } from "../../lib/dates";
import type { BillExtraction } from "./extraction/bill-parser.server";

export interface CustomerAlert {
  title: string;
  message: string;
  action: string;
}

export interface Recommendation {
  title: string;
  description: string;
  /** lei per month, when it can be computed; null otherwise */
  potentialSaving: string | null;
}

/** Monthly consumption above which a household is a heavy user (ours). */
const HIGH_MONTHLY_KWH = 400;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function analyseBill(bill: BillExtraction, now: Date | number): { customerAlerts: CustomerAlert[]; recommendations: Recommendation[] } {
  const today = bucharestDay(now);
  const customerAlerts: CustomerAlert[] = [];
  const recommendations: Recommendation[] = [];

  if (bill.dueDate && bill.dueDate < today) {
    customerAlerts.push({
      title: "Factură cu scadența depășită",
      message: "Data scadentă a facturii a trecut. Verificați dacă factura a fost achitată.",
      action: "Achitați factura înainte de schimbarea furnizorului.",
    });
  }

  if (bill.consumptionKwh !== null && bill.periodStart && bill.periodEnd) {
    const days = daysBetween(bill.periodStart, bill.periodEnd);
    const monthly = days > 0 ? (bill.consumptionKwh * 30) / days : null;
    if (monthly !== null && monthly > HIGH_MONTHLY_KWH) {
      customerAlerts.push({
        title: "Consum ridicat",
        message: `Consumul facturat corespunde la aproximativ ${Math.round(monthly)} kWh pe lună.`,
        action: "Un preț mai mic pe kWh contează mai mult la un consum mare.",
      });
    }
  }

  if (bill.pricePerKwh !== null) {
    recommendations.push({
      title: "Compară prețul actual",
      description: `Plătiți acum ${bill.pricePerKwh.replace(".", ",")} lei/kWh (cu TVA). Comparați-l cu ofertele pentru județul dumneavoastră.`,
      potentialSaving: null,
    });
  }
  return { customerAlerts, recommendations };
}
