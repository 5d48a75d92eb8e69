// Switch requests as the API and the pages show them (user spec §3 "Switch request"): the spec's
// field names, prices as 4-decimal lei/kWh, savings in lei per month, instants as ISO strings.
import { shortId } from "../../lib/ids";
import { microToDecimal } from "../../lib/money";
import { baniToLei } from "../../lib/switch-savings";
import { canCancelAutomation, isClosedStatus } from "../../lib/switching";
import { canCancelSwitch, withdrawalDeadline } from "../../lib/withdrawal";
import type { SupplierInfo, SwitchRequestLogRow, SwitchRequestRow } from "./requests.server";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The signing link, once the pipeline (issue #10) has issued one: only its hash is stored, so the
 * link is the request's in-app signing page, which checks expiry and attempts itself.
 */
function signatureLink(row: SwitchRequestRow) {
  if (row.signatureExpiresAt === null) return null;
  return {
    // The owner's way in (signed in); the SMS carries the tokenized /semnare/{token} link.
    url: `/cereri-schimbare/${row.id}/semnare`,
    expiresAt: iso(row.signatureExpiresAt),
    attemptsRemaining: row.signatureAttemptsRemaining,
    maxAttempts: row.signatureMaxAttempts,
  };
}

export function switchRequestLogView(log: SwitchRequestLogRow) {
  return { id: log.id, message: log.message, created_at: iso(log.createdAt)!, log_type: log.logType, step: log.step };
}

export function switchRequestView(row: SwitchRequestRow, supplier: SupplierInfo) {
  return {
    id: row.id,
    short_id: shortId(row.id),
    status: row.status,
    current_step: row.currentStep,
    suppliers: { name: supplier.name, website: supplier.website },
    target_supplier_id: row.targetSupplierId,
    offer_id: row.offerId,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt ?? row.createdAt)!,
    desired_switch_date: row.desiredSwitchDate,
    switch_type: row.switchType,
    switchReason: row.switchReason,
    title_holder_quality: row.titleHolderQuality,
    consumer_type: row.consumerType,
    offer_name: row.offerName,
    offer_price_per_kwh: microToDecimal(row.offerPriceMicroLei, 4),
    offer_valid_from: row.offerValidFrom,
    offer_valid_until: row.offerValidUntil,
    current_supplier_name: row.currentSupplierName,
    pod: row.pod,
    progress_percentage: row.progressPercentage,
    estimated_monthly_savings: row.estimatedMonthlySavingsBani === null ? null : baniToLei(row.estimatedMonthlySavingsBani),
    signatureLink: signatureLink(row),
    cancel_reason: row.cancelReason,
    can_cancel: canCancelSwitch(row),
    signed_at: iso(row.signedAt),
    withdrawal_until: withdrawalDeadline(row.signedAt),
    supplier_switch_date: row.supplierSwitchDate,
    contract_number: row.contractNumber,
    contract_url: row.contractR2Key ? `/api/users/switch-requests/${row.id}/contract` : null,
    failure_reason: row.failureReason,
    can_cancel_automation: canCancelAutomation(row),
    selected_documents: {
      idDocumentId: row.idDocumentId,
      invoiceDocumentId: row.invoiceDocumentId,
      meterReadingId: row.meterReadingId,
      contractDocumentId: row.contractDocumentId,
    },
  };
}
export type SwitchRequestView = ReturnType<typeof switchRequestView>;

export function switchRequestDetailView(row: SwitchRequestRow, supplier: SupplierInfo, logs: SwitchRequestLogRow[]) {
  return { ...switchRequestView(row, supplier), logs: logs.map(switchRequestLogView) };
}
export type SwitchRequestDetailView = ReturnType<typeof switchRequestDetailView>;

/**
 * GET …/automation-status: where the request stands in the automatic processing. `queued` until a
 * pipeline picks it up, `running` while it works, `stopped` after cancel-automation, `finished` once
 * the request is closed.
 */
export function automationStatusView(row: SwitchRequestRow, lastLog: SwitchRequestLogRow | null) {
  const state = isClosedStatus(row.status)
    ? "finished"
    : row.status === "paused"
      ? "stopped"
      : row.currentStep === "request_validation" || row.currentStep === "document_verification" || row.currentStep === "automation_queued"
        ? "queued"
        : "running";
  return {
    requestId: row.id,
    status: row.status,
    state,
    currentStep: row.currentStep,
    progressPercentage: row.progressPercentage,
    canCancelAutomation: canCancelAutomation(row),
    lastLog: lastLog ? switchRequestLogView(lastLog) : null,
    updatedAt: iso(row.updatedAt ?? row.createdAt)!,
  };
}
