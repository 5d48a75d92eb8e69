// What /schimba-furnizor needs before it renders (user spec §2 wizard, §5 "Wizard context"): the
// stored switch context checked on the server (none, stale, ids missing), the chosen offer read again
// for the county and the desired date, the user's identity documents and bills (rejected ones hidden),
// and the last meter reading.
import { TEXTS } from "../../texts/user";
import { desiredSwitchDate, wizardDocuments, type SwitchContextProblem } from "../../lib/switching";
import type { Database } from "../db/client.server";
import { meterReadingHistory, type MeterReadingView } from "../documents/meter-readings.server";
import { listUserDocuments } from "../documents/repository.server";
import { documentView, type DocumentView } from "../documents/views.server";
import type { Env } from "../env.server";
import { checkedSwitchContext } from "./context.server";
import { findSwitchableOffer } from "./offer-check.server";

export interface WizardOffer {
  offerId: string;
  supplierId: string;
  supplierName: string;
  supplierWebsite: string;
  name: string;
  type: string;
  pricePerKwh: string;
  priceMicroLei: number;
  monthlyFeeBani: number;
  validFrom: string;
  validUntil: string | null;
  countyCode: string;
}

export type SwitchWizardData =
  | { status: "invalid"; reason: SwitchContextProblem["reason"] | "offer_unavailable"; message: string }
  | {
      status: "ready";
      /** the search's own estimate (lei/month): the summary's fallback when the bill has none */
      contextSavingsLei: number | null;
      offer: WizardOffer;
      desiredSwitchDate: string;
      identityDocuments: DocumentView[];
      billDocuments: DocumentView[];
      lastMeterReading: MeterReadingView | null;
    };

export async function loadSwitchWizard(env: Env, db: Database, userId: string, now = Date.now()): Promise<SwitchWizardData> {
  const checked = await checkedSwitchContext(db, userId, now);
  if (!checked.ok) return { status: "invalid", reason: checked.problem.reason, message: checked.problem.message };
  const { row, context } = checked;
  const day = desiredSwitchDate(now);
  const found = await findSwitchableOffer(
    env,
    db,
    { offerId: row.offerId, supplierId: row.supplierId, countyCode: row.countyCode, searchDate: row.searchDate, consumptionType: "casnic", day },
    now,
  );
  if (!found.ok) return { status: "invalid", reason: "offer_unavailable", message: TEXTS.switching.offerUnavailable };
  const [documents, meterHistory] = await Promise.all([listUserDocuments(db, userId), meterReadingHistory(db, userId)]);
  const views = documents.map(documentView);
  const { offer } = found;
  return {
    status: "ready",
    contextSavingsLei: context.estimatedMonthlySavings,
    offer: {
      offerId: offer.offerId,
      supplierId: offer.supplierId,
      supplierName: offer.supplierName,
      supplierWebsite: offer.supplierWebsite,
      name: offer.name,
      type: offer.type,
      pricePerKwh: offer.pricePerKwh,
      priceMicroLei: offer.priceMicroLei,
      monthlyFeeBani: offer.monthlyFeeBani,
      validFrom: offer.validFrom,
      validUntil: offer.validUntil,
      countyCode: offer.countyCode,
    },
    desiredSwitchDate: day,
    identityDocuments: wizardDocuments(views, "document_identitate"),
    billDocuments: wizardDocuments(views, "ultima_factura"),
    lastMeterReading: meterHistory[0] ?? null,
  };
}
