// POST /api/users/request-supplier-switch: the final-submit checks of user spec §5, on the server, in
// the spec's order — prosumer, terms, meter reading (present, the user's own), a verified identity
// document and a verified bill (the user's own), the offer still valid (the stored switch context,
// the county's zone, the desired date), no other open request for the bill's POD — then the request
// with its offer snapshot, its first log lines, and the hand-over to the pipeline (enqueueSwitch).
import { normalizePod } from "../../lib/pod";
import type { CreateSwitchRequestInput } from "../../lib/schemas/switch-request";
import { estimateMonthlySavings } from "../../lib/switch-savings";
import { stepProgress } from "../../lib/switching";
import { newId } from "../../lib/ids";
import { TEXTS } from "../../texts/user";
import type { Database } from "../db/client.server";
import { findOwnedMeterReading } from "../documents/meter-readings.server";
import { readDocumentData } from "../documents/corrections.server";
import { findOwnedDocument, type DocumentRow } from "../documents/repository.server";
import type { AppContext } from "../context.server";
import type { Env } from "../env.server";
import { adminNotificationInsert, newAdminNotification, publishAdminNotification, notifyUser } from "../notifications/notifications.server";
import { checkedSwitchContext, clearSwitchContextStatement } from "./context.server";
import { switchFailure, type SwitchErrorCode, type SwitchFailure } from "./errors.server";
import { findSwitchableOffer, type OfferSnapshot } from "./offer-check.server";
import { enqueueSwitch } from "./pipeline.server";
import { findOpenRequestForPod, findOwnedRequest, logInsert, requestInsert, type SwitchRequestWithSupplier } from "./requests.server";

export type CreateSwitchResult = { ok: true; created: SwitchRequestWithSupplier } | { ok: false; failure: SwitchFailure };

const fail = (code: SwitchErrorCode, message?: string): CreateSwitchResult => ({ ok: false, failure: switchFailure(code, message) });

type DocumentCheck = { ok: true; row: DocumentRow } | { ok: false; code: SwitchErrorCode };

async function verifiedDocument(
  db: Database,
  userId: string,
  id: string | null,
  type: "document_identitate" | "ultima_factura",
): Promise<DocumentCheck> {
  const identity = type === "document_identitate";
  if (!id) return { ok: false, code: identity ? "identity_document_missing" : "invoice_document_missing" };
  const row = await findOwnedDocument(db, userId, id);
  if (!row || row.documentType !== type) return { ok: false, code: "document_not_found" };
  if (row.status !== "verified") return { ok: false, code: identity ? "identity_not_verified" : "invoice_not_verified" };
  return { ok: true, row };
}

/** What the request needs from the bill: its POD, its supplier, and consumption and price for the savings. */
async function billFacts(env: Env, db: Database, row: DocumentRow) {
  const data = await readDocumentData(env, db, row, { reveal: false });
  if (data?.kind !== "bill") return { pod: null, supplierName: null, consumption: null };
  return {
    pod: data.pod ? normalizePod(data.pod) : null,
    supplierName: data.supplierName,
    consumption: { consumptionKwh: data.consumptionKwh, pricePerKwh: data.pricePerKwh, periodStart: data.periodStart, periodEnd: data.periodEnd },
  };
}

/** D1 reports the partial unique index on open requests per POD as a UNIQUE constraint failure. */
function isOpenPodConflict(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/UNIQUE constraint failed: switch_requests\.pod/.test(e.message)) return true;
  }
  return false;
}

export async function createSwitchRequest(
  ctx: AppContext,
  userId: string,
  input: CreateSwitchRequestInput,
  now = Date.now(),
): Promise<CreateSwitchResult> {
  const { env, db } = ctx;
  if (input.consumerType === "prosumator") return fail("prosumer_not_accepted");
  if (!input.termsAccepted) return fail("terms_not_accepted");

  const { meterReadingId, idDocumentId, invoiceDocumentId, contractDocumentId } = input.selectedDocuments;
  if (!meterReadingId) return fail("meter_reading_missing");
  const reading = await findOwnedMeterReading(db, userId, meterReadingId);
  if (!reading) return fail("meter_reading_not_found");

  const identity = await verifiedDocument(db, userId, idDocumentId, "document_identitate");
  if (!identity.ok) return fail(identity.code);
  const bill = await verifiedDocument(db, userId, invoiceDocumentId, "ultima_factura");
  if (!bill.ok) return fail(bill.code);
  if (contractDocumentId) {
    const contract = await findOwnedDocument(db, userId, contractDocumentId);
    if (!contract || contract.documentType !== "contract_furnizor_actual") return fail("document_not_found");
  }

  const checked = await checkedSwitchContext(db, userId, now);
  if (!checked.ok) {
    const { problem } = checked;
    return fail(problem.reason, problem.reason === "missing_ids" ? problem.message : undefined);
  }
  const context = checked.row;
  if (input.targetSupplierId !== context.supplierId) return fail("invalid_targetSupplierId");
  if (input.offerId !== context.offerId) return fail("offer_mismatch");
  const found = await findSwitchableOffer(
    env,
    db,
    {
      offerId: context.offerId,
      supplierId: context.supplierId,
      countyCode: context.countyCode,
      searchDate: context.searchDate,
      consumptionType: "casnic",
      day: input.desiredSwitchDate,
    },
    now,
  );
  if (!found.ok) return fail(found.reason === "supplier_mismatch" ? "invalid_targetSupplierId" : "offer_unavailable");
  const offer: OfferSnapshot = found.offer;

  const facts = await billFacts(env, db, bill.row);
  if (facts.pod && (await findOpenRequestForPod(db, facts.pod))) return fail("pod_has_open_request");

  const savings = estimateMonthlySavings(facts.consumption, offer, context.estimatedMonthlySavingsBani);
  const id = newId(now);
  const t = TEXTS.switching;
  const adminCreated = newAdminNotification({
    type: "switch_request_created",
    title: t.notifications.adminCreated.title,
    message: t.notifications.adminCreated.message(offer.supplierName),
    metadata: { user_id: userId, switch_request_id: id },
    now,
  });
  try {
    await db.batch([
      requestInsert(db, {
        id,
        userId,
        targetSupplierId: offer.supplierId,
        offerId: offer.offerId,
        offerSnapshotJson: JSON.stringify(offer),
        offerName: offer.name,
        offerPriceMicroLei: offer.priceMicroLei,
        offerValidFrom: offer.validFrom,
        offerValidUntil: offer.validUntil,
        countyId: offer.countyCode,
        pod: facts.pod,
        consumerType: input.consumerType,
        currentSupplierName: facts.supplierName,
        status: "created",
        currentStep: "document_verification",
        progressPercentage: stepProgress("document_verification"),
        desiredSwitchDate: input.desiredSwitchDate,
        switchType: input.switchType,
        switchReason: input.switchReason,
        titleHolderQuality: input.titleHolderQuality,
        idDocumentId: identity.row.id,
        invoiceDocumentId: bill.row.id,
        meterReadingId: reading.id,
        contractDocumentId,
        estimatedMonthlySavingsBani: savings.monthlySavingsBani,
        createdAt: now,
        updatedAt: now,
      }),
      logInsert(db, id, "request_validation", t.log.validated, "success", now),
      logInsert(db, id, "document_verification", t.log.documentsVerified, "success", now),
      clearSwitchContextStatement(db, userId),
      adminNotificationInsert(db, adminCreated),
    ]);
  } catch (error) {
    // Two submits for one POD at the same moment: the index lets only one through.
    if (isOpenPodConflict(error)) return fail("pod_has_open_request");
    throw error;
  }

  const inserted = await findOwnedRequest(db, userId, id);
  await publishAdminNotification(env, adminCreated);
  await enqueueSwitch(ctx, inserted!.request, offer.supplierName);
  await notifyUser({ env, db }, {
    userId,
    event: "switch_request_created",
    type: "success",
    category: "offers",
    title: t.notifications.created.title,
    message: t.notifications.created.message(offer.supplierName),
    data: { switchRequestId: id, status: "created" },
    now,
  });
  return { ok: true, created: (await findOwnedRequest(db, userId, id))! };
}
