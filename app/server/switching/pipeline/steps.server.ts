// The switching pipeline's steps (issue #10, item 2; admin spec §4): what each step of a request does
// against D1, R2, the supplier's portal and the SMS gateway, run one at a time by the supplier's
// SupplierQueue. request_validation and document_verification happen when the request is created
// (create-request.server.ts) and automation_queued when it is handed over; the queue runs the rest.
//
// Every step is idempotent, because a step that was running when the queue's object went away is run
// again: portal calls carry idempotency keys, files go to R2 once (conditional D1 writes decide which
// copy wins), log lines and notifications are written only by the write that changes the row.
import { and, eq, isNull, notInArray } from "drizzle-orm";
import { formatRoDay } from "../../../lib/dates";
import { microToDecimal } from "../../../lib/money";
import { PIPELINE_TEXTS } from "../../../texts/pipeline";
import { CLOSED_SWITCH_STATUSES, stepProgress, type SwitchStatus, type SwitchStep } from "../../../lib/switching";
import { randomToken, sha256Hex as sha256OfText } from "../../auth/crypto.server";
import type { Database } from "../../db/client.server";
import { counties, documents, suppliers, switchRequests, users } from "../../db/schema.server";
import type { BillExtraction } from "../../documents/extraction/bill-parser.server";
import type { IdCardExtraction } from "../../documents/extraction/id-card-parser.server";
import { readDocumentData } from "../../documents/corrections.server";
import { newStorageKey, readDocumentFile, sha256HexOfBytes } from "../../documents/storage.server";
import { appConfig } from "../../config.server";
import type { Env } from "../../env.server";
import { notifyUser, type UserNotificationEvent } from "../../notifications/notifications.server";
import type { SmsSender } from "../../sms/sms.server";
import { renderContractPdf, type ContractFonts } from "../contract/contract-pdf.server";
import { logInsert, type SwitchRequestRow } from "../requests.server";
import { PortalConfigError } from "../suppliers/portal-config.server";
import { SupplierPortalError, type SupplierPortal } from "../suppliers/portal.server";

/** What the queue runs, in order; `null` after the last. */
export const QUEUE_STEPS = [
  "automation_running",
  "form_submission",
  "document_upload",
  "contract_generation",
  "signature_required",
  "signature_completed",
  "switch_confirmation",
  "completed",
] as const satisfies readonly SwitchStep[];
export type QueueStep = (typeof QUEUE_STEPS)[number];

export const SIGNED_EVENT = "signed";

export function nextStep(step: QueueStep): QueueStep | null {
  return QUEUE_STEPS[QUEUE_STEPS.indexOf(step) + 1] ?? null;
}

export function isQueueStep(step: string): step is QueueStep {
  return (QUEUE_STEPS as readonly string[]).includes(step);
}

export type StepResult =
  | { kind: "advance"; next: QueueStep | null }
  | { kind: "wait"; pollAfterMs: number }
  | { kind: "await_event"; event: string }
  | { kind: "retry"; error: string; retryAfterMs?: number; countsAgainstCap?: boolean }
  | { kind: "fail"; reason: string }
  | { kind: "cancelled" };

export interface PipelineDeps {
  env: Env;
  db: Database;
  portal: (supplierId: string) => SupplierPortal;
  fonts: ContractFonts;
  sms: SmsSender;
  now: () => number;
  signatureTtlMs: number;
  maxSignatureAttempts: number;
  confirmationPollMs: number;
}

const T = PIPELINE_TEXTS;
const advance = (step: QueueStep): StepResult => ({ kind: "advance", next: nextStep(step) });

interface Loaded {
  request: SwitchRequestRow;
  supplier: { id: string; name: string; website: string };
  user: { id: string; phone: string; firstName: string | null; lastName: string | null; email: string | null };
}

async function load(db: Database, requestId: string): Promise<Loaded | null> {
  const [row] = await db
    .select({
      request: switchRequests,
      supplier: { id: suppliers.id, name: suppliers.name, website: suppliers.website },
      user: { id: users.id, phone: users.phone, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .innerJoin(users, eq(users.id, switchRequests.userId))
    .where(eq(switchRequests.id, requestId))
    .limit(1);
  return row ?? null;
}

const open = notInArray(switchRequests.status, [...CLOSED_SWITCH_STATUSES, "paused"]);

/**
 * Moves the open request to `step` (and `status`), with its progress; true only for the write that
 * changed it, so the log line and the notification that go with a change are written once.
 */
async function reach(
  deps: PipelineDeps,
  loaded: Loaded,
  step: SwitchStep,
  extra: Partial<typeof switchRequests.$inferInsert> & { status?: SwitchStatus } = {},
): Promise<boolean> {
  const now = deps.now();
  const sameStatus = extra.status === undefined || extra.status === loaded.request.status;
  if (loaded.request.currentStep === step && sameStatus) return false;
  const rows = await deps.db
    .update(switchRequests)
    .set({ currentStep: step, progressPercentage: stepProgress(step), updatedAt: now, ...extra })
    .where(and(eq(switchRequests.id, loaded.request.id), eq(switchRequests.currentStep, loaded.request.currentStep), open))
    .returning({ id: switchRequests.id });
  return rows.length > 0;
}

async function log(deps: PipelineDeps, requestId: string, step: SwitchStep | null, message: string, type: "info" | "success" | "warning" | "error") {
  await logInsert(deps.db, requestId, step, message, type, deps.now());
}

async function notify(
  deps: PipelineDeps,
  loaded: Loaded,
  event: UserNotificationEvent,
  type: "success" | "warning" | "error" | "info",
  text: { title: string; message: string },
  status: SwitchStatus,
) {
  await notifyUser(deps, {
    userId: loaded.user.id,
    event,
    type,
    category: "offers",
    title: text.title,
    message: text.message,
    data: { switchRequestId: loaded.request.id, status, supplier: loaded.supplier.name },
    now: deps.now(),
  });
}

/** Portal and configuration errors as the queue's outcomes; anything else is retried. */
function fromError(error: unknown): StepResult {
  if (error instanceof SupplierPortalError) {
    if (error.kind === "rate_limited") return { kind: "retry", error: error.message, retryAfterMs: error.options.retryAfterMs, countsAgainstCap: false };
    if (error.kind === "transient") return { kind: "retry", error: error.message };
    if (error.kind === "unauthorized") return { kind: "fail", reason: T.failures.configuration };
    return { kind: "fail", reason: T.failures.supplierRejected(error.message.replace(/^Portalul furnizorului a refuzat cererea: /, "")) };
  }
  if (error instanceof PortalConfigError) return { kind: "fail", reason: T.failures.configuration };
  return { kind: "retry", error: error instanceof Error ? error.message : String(error) };
}

interface CustomerFacts {
  id: IdCardExtraction;
  bill: BillExtraction;
  idRow: typeof documents.$inferSelect;
  billRow: typeof documents.$inferSelect;
}

async function customerFacts(deps: PipelineDeps, request: SwitchRequestRow): Promise<CustomerFacts | null> {
  if (!request.idDocumentId || !request.invoiceDocumentId) return null;
  const rows = await deps.db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, request.userId), eq(documents.status, "verified")));
  const idRow = rows.find((r) => r.id === request.idDocumentId);
  const billRow = rows.find((r) => r.id === request.invoiceDocumentId);
  if (!idRow || !billRow) return null;
  const [id, bill] = await Promise.all([
    readDocumentData(deps.env, deps.db, idRow, { reveal: true }),
    readDocumentData(deps.env, deps.db, billRow, { reveal: true }),
  ]);
  if (id?.kind !== "id_card" || bill?.kind !== "bill") return null;
  return { id, bill, idRow, billRow };
}

async function countyName(db: Database, countyId: string | null): Promise<string | null> {
  if (!countyId) return null;
  const [row] = await db.select({ name: counties.name, code: counties.code }).from(counties).where(eq(counties.id, countyId)).limit(1);
  return row?.name ?? null;
}

function customerName(loaded: Loaded, facts: CustomerFacts) {
  return {
    firstName: facts.id.firstName ?? loaded.user.firstName ?? "",
    lastName: facts.id.lastName ?? loaded.user.lastName ?? "",
  };
}

async function formSubmission(deps: PipelineDeps, loaded: Loaded): Promise<StepResult> {
  const { request, supplier } = loaded;
  const facts = await customerFacts(deps, request);
  if (!facts || !request.pod) return { kind: "fail", reason: T.failures.missingData };
  const { applicationId } = await deps.portal(supplier.id).submitApplication({
    externalReference: request.id,
    customer: { ...customerName(loaded, facts), phone: loaded.user.phone, email: loaded.user.email },
    consumptionPlace: { address: facts.bill.billingAddress, pod: request.pod, countyCode: request.countyId },
    offer: { id: request.offerId, name: request.offerName, pricePerKwh: microToDecimal(request.offerPriceMicroLei, 4) },
    desiredSwitchDate: request.desiredSwitchDate,
    titleHolderQuality: request.titleHolderQuality,
    currentSupplierName: request.currentSupplierName,
  });
  if (await reach(deps, loaded, "form_submission", { supplierApplicationId: applicationId })) {
    await log(deps, request.id, "form_submission", T.log.submitted(supplier.name, applicationId), "info");
  }
  return advance("form_submission");
}

async function documentUpload(deps: PipelineDeps, loaded: Loaded): Promise<StepResult> {
  const { request } = loaded;
  const facts = await customerFacts(deps, request);
  if (!facts || !request.supplierApplicationId) return { kind: "fail", reason: T.failures.missingData };
  const portal = deps.portal(loaded.supplier.id);
  for (const [kind, row] of [["identity", facts.idRow], ["invoice", facts.billRow]] as const) {
    const bytes = await readDocumentFile(deps.env, row.r2Key);
    if (!bytes) return { kind: "fail", reason: T.failures.missingData };
    await portal.uploadDocument(request.supplierApplicationId, {
      kind,
      fileName: row.fileName,
      mimeType: row.mimeType,
      bytes: bytes.slice().buffer,
      sha256: row.sha256,
    });
  }
  if (await reach(deps, loaded, "document_upload")) await log(deps, request.id, "document_upload", T.log.documentsSent, "info");
  return advance("document_upload");
}

async function contractGeneration(deps: PipelineDeps, loaded: Loaded): Promise<StepResult> {
  const { request, supplier } = loaded;
  if (request.contractR2Key) return advance("contract_generation");
  const facts = await customerFacts(deps, request);
  if (!facts || !request.supplierApplicationId || !request.pod) return { kind: "fail", reason: T.failures.missingData };
  const terms = await deps.portal(supplier.id).obtainContract(request.supplierApplicationId);
  const snapshot = JSON.parse(request.offerSnapshotJson) as { type?: string };
  const pdf = await renderContractPdf(
    {
      switchRequestId: request.id,
      terms,
      supplier: { name: supplier.name, website: supplier.website },
      customer: {
        ...customerName(loaded, facts),
        cnp: facts.id.cnp,
        idDocument: facts.id.series && facts.id.number ? `${facts.id.series} ${facts.id.number}` : null,
        address: facts.id.address,
        phone: loaded.user.phone,
      },
      consumptionPlace: { address: facts.bill.billingAddress, pod: request.pod, county: await countyName(deps.db, request.countyId) },
      offer: {
        name: request.offerName,
        pricePerKwh: microToDecimal(request.offerPriceMicroLei, 4),
        validFrom: request.offerValidFrom,
        validUntil: request.offerValidUntil,
        type: snapshot.type ?? null,
      },
      desiredSwitchDate: request.desiredSwitchDate,
      titleHolderQuality: request.titleHolderQuality,
      currentSupplierName: request.currentSupplierName,
    },
    deps.fonts,
  );
  const key = newStorageKey(request.userId).replace(/^documents\//, "contracts/");
  const sha = await sha256HexOfBytes(pdf);
  await deps.env.DOCUMENTS.put(key, pdf, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { switchRequestId: request.id } });
  const won = await reach(deps, loaded, "contract_generation", { contractR2Key: key, contractSha256: sha, contractNumber: terms.contractNumber });
  if (!won) {
    // Another run of this step stored its copy first: ours is not referenced by anything.
    await deps.env.DOCUMENTS.delete(key);
    return advance("contract_generation");
  }
  await log(deps, request.id, "contract_generation", T.log.contractReady(terms.contractNumber), "success");
  return advance("contract_generation");
}

/** The hash stored for a signing link's token; the token itself exists only in the SMS and the URL. */
export async function signatureTokenHash(token: string): Promise<string> {
  return sha256OfText(`signature-link:${token}`);
}

/** Issues a fresh signing link (new token, expiry, attempts) and sends it by SMS. */
export async function issueSignatureLink(deps: PipelineDeps, loaded: Loaded): Promise<void> {
  const token = randomToken(32);
  const now = deps.now();
  await deps.db
    .update(switchRequests)
    .set({
      signatureTokenHash: await signatureTokenHash(token),
      signatureExpiresAt: now + deps.signatureTtlMs,
      signatureAttemptsRemaining: deps.maxSignatureAttempts,
      signatureMaxAttempts: deps.maxSignatureAttempts,
      signatureCodeHash: null,
      signatureCodeExpiresAt: null,
      updatedAt: now,
    })
    .where(eq(switchRequests.id, loaded.request.id));
  const url = `${appConfig(deps.env).publicBaseUrl.replace(/\/+$/, "")}/semnare/${token}`;
  const sent = await deps.sms.send({ to: loaded.user.phone, text: T.sms.signatureLink(loaded.supplier.name, url) });
  if (!sent.ok) await log(deps, loaded.request.id, "signature_required", T.log.signatureSmsFailed, "warning");
}

/** Replaces an expired or exhausted link of a request still waiting for its signature. */
export async function renewSignatureLink(deps: PipelineDeps, requestId: string): Promise<boolean> {
  const loaded = await load(deps.db, requestId);
  if (!loaded || loaded.request.status !== "awaiting_signature" || loaded.request.signedContractR2Key) return false;
  const { signatureExpiresAt, signatureAttemptsRemaining } = loaded.request;
  const usable = (signatureExpiresAt ?? 0) > deps.now() && (signatureAttemptsRemaining ?? 0) > 0;
  if (usable) return false;
  await issueSignatureLink(deps, loaded);
  return true;
}

async function signatureRequired(deps: PipelineDeps, loaded: Loaded): Promise<StepResult> {
  const { request, supplier } = loaded;
  if (request.signedContractR2Key) return advance("signature_required");
  if (await reach(deps, loaded, "signature_required", { status: "awaiting_signature" })) {
    await issueSignatureLink(deps, loaded);
    await log(deps, request.id, "signature_required", T.log.signatureRequested, "info");
    await notify(deps, loaded, "switch_request_updated", "info", {
      title: T.notifications.awaitingSignature.title,
      message: T.notifications.awaitingSignature.message(supplier.name),
    }, "awaiting_signature");
  }
  return { kind: "await_event", event: SIGNED_EVENT };
}

async function signatureCompleted(deps: PipelineDeps, loaded: Loaded): Promise<StepResult> {
  const { request } = loaded;
  if (!request.signedContractR2Key || !request.supplierApplicationId) return { kind: "await_event", event: SIGNED_EVENT };
  const object = await deps.env.DOCUMENTS.get(request.signedContractR2Key);
  if (!object) return { kind: "fail", reason: T.failures.missingData };
  const bytes = new Uint8Array(await object.arrayBuffer());
  const method = object.customMetadata?.method === "drawn" ? "drawn" : "typed";
  const sha = await sha256HexOfBytes(bytes);
  const portal = deps.portal(loaded.supplier.id);
  await portal.uploadDocument(request.supplierApplicationId, {
    kind: "signed_contract",
    fileName: `contract-${request.contractNumber ?? request.id}-semnat.pdf`,
    mimeType: "application/pdf",
    bytes: bytes.slice().buffer,
    sha256: sha,
  });
  await portal.reportSignature(request.supplierApplicationId, {
    signedAt: new Date(request.signedAt ?? deps.now()).toISOString(),
    method,
    signedContractSha256: sha,
    signerIp: null,
  });
  if (await reach(deps, loaded, "signature_completed", { status: "processing" })) {
    await log(deps, request.id, "signature_completed", T.log.signatureSent, "success");
  }
  return advance("signature_completed");
}

async function switchConfirmation(deps: PipelineDeps, loaded: Loaded): Promise<StepResult> {
  const { request, supplier } = loaded;
  if (!request.supplierApplicationId) return { kind: "fail", reason: T.failures.missingData };
  if (request.supplierSwitchDate) return advance("switch_confirmation");
  const status = await deps.portal(supplier.id).applicationStatus(request.supplierApplicationId);
  if (status.state === "withdrawn") return { kind: "cancelled" };
  if (status.state === "rejected") return { kind: "fail", reason: T.failures.supplierRejected(status.reason) };
  if (status.state !== "confirmed") {
    if (await reach(deps, loaded, "switch_confirmation")) {
      await log(deps, request.id, "switch_confirmation", T.log.awaitingConfirmation(supplier.name), "info");
    }
    return { kind: "wait", pollAfterMs: deps.confirmationPollMs };
  }
  const rows = await deps.db
    .update(switchRequests)
    .set({ supplierSwitchDate: status.switchDate, currentStep: "switch_confirmation", progressPercentage: stepProgress("switch_confirmation"), updatedAt: deps.now() })
    .where(and(eq(switchRequests.id, request.id), isNull(switchRequests.supplierSwitchDate), open))
    .returning({ id: switchRequests.id });
  if (rows.length > 0) {
    await log(deps, request.id, "switch_confirmation", T.log.confirmed(supplier.name, formatRoDay(status.switchDate)), "success");
  }
  return advance("switch_confirmation");
}

async function completed(deps: PipelineDeps, loaded: Loaded): Promise<StepResult> {
  const { request, supplier } = loaded;
  if (await reach(deps, loaded, "completed", { status: "completed", completedAt: deps.now() })) {
    await log(deps, request.id, "completed", T.log.completed, "success");
    const day = request.supplierSwitchDate ? formatRoDay(request.supplierSwitchDate) : formatRoDay(request.desiredSwitchDate);
    await notify(deps, loaded, "switch_request_completed", "success", {
      title: T.notifications.completed.title,
      message: T.notifications.completed.message(supplier.name, day),
    }, "completed");
  }
  return { kind: "advance", next: null };
}

async function automationRunning(deps: PipelineDeps, loaded: Loaded): Promise<StepResult> {
  const { request, supplier } = loaded;
  if (await reach(deps, loaded, "automation_running", { status: "processing" })) {
    await log(deps, request.id, "automation_running", T.log.running(supplier.name), "info");
    await notify(deps, loaded, "switch_request_processing", "info", {
      title: T.notifications.processing.title,
      message: T.notifications.processing.message(supplier.name),
    }, "processing");
  }
  return advance("automation_running");
}

const RUNNERS: Record<QueueStep, (deps: PipelineDeps, loaded: Loaded) => Promise<StepResult>> = {
  automation_running: automationRunning,
  form_submission: formSubmission,
  document_upload: documentUpload,
  contract_generation: contractGeneration,
  signature_required: signatureRequired,
  signature_completed: signatureCompleted,
  switch_confirmation: switchConfirmation,
  completed,
};

/** Runs one step of one request. A closed or paused request is not touched: the job is dropped. */
export async function runSwitchStep(deps: PipelineDeps, requestId: string, step: QueueStep): Promise<StepResult> {
  const loaded = await load(deps.db, requestId);
  if (!loaded) return { kind: "cancelled" };
  const status = loaded.request.status;
  if (status === "paused" || (CLOSED_SWITCH_STATUSES as readonly string[]).includes(status)) return { kind: "cancelled" };
  try {
    return await RUNNERS[step](deps, loaded);
  } catch (error) {
    return fromError(error);
  }
}

/** Job id and step of the compensating job that tells the supplier a request was cancelled or withdrawn. */
export const WITHDRAWAL_STEP = "withdrawal";
export const withdrawalJobId = (requestId: string) => `withdrawal:${requestId}`;

/**
 * Tells the supplier that a cancelled request is off (a cancel after submission, or a withdrawal within
 * 14 days of signing). Runs on a closed request by design; idempotent at the portal.
 */
export async function runWithdrawal(deps: PipelineDeps, requestId: string): Promise<StepResult> {
  const loaded = await load(deps.db, requestId);
  if (!loaded?.request.supplierApplicationId) return { kind: "advance", next: null };
  if (loaded.request.status !== "cancelled" && loaded.request.status !== "canceled") return { kind: "advance", next: null };
  try {
    await deps.portal(loaded.supplier.id).withdrawApplication(loaded.request.supplierApplicationId, {
      reason: loaded.request.cancelReason ?? "Anulată de client",
      requestedAt: new Date(loaded.request.updatedAt ?? deps.now()).toISOString(),
    });
  } catch (error) {
    return fromError(error);
  }
  await log(deps, requestId, null, T.log.withdrawn(loaded.supplier.name), "info");
  return { kind: "advance", next: null };
}

/** A retry scheduled by the queue: one warning line on the request. */
export async function recordRetry(deps: PipelineDeps, requestId: string, step: QueueStep, error: string): Promise<void> {
  await log(deps, requestId, step, T.log.retrying(error), "warning");
}

/** The queue gave up (retries spent, supplier refusal): the request fails with the reason, once. */
export async function recordFailure(deps: PipelineDeps, requestId: string, reason: string): Promise<void> {
  const loaded = await load(deps.db, requestId);
  if (!loaded) return;
  const rows = await deps.db
    .update(switchRequests)
    .set({ status: "failed", failureReason: reason, updatedAt: deps.now() })
    .where(and(eq(switchRequests.id, requestId), open))
    .returning({ id: switchRequests.id });
  if (rows.length === 0) return;
  await log(deps, requestId, loaded.request.currentStep, T.log.failed(reason), "error");
  await notify(deps, loaded, "switch_request_failed", "error", { title: T.notifications.failed.title, message: T.notifications.failed.message(reason) }, "failed");
}
