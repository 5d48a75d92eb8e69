// The switch journey's pure rules, shared by the wizard, the pages and the server (user spec §3–§5):
// title-holder qualities, request statuses and steps, the desired switch date, the switch context
// checks and when the wizard may continue.
import { addDays, bucharestDay } from "./dates";
import { TEXTS } from "../texts/user";

export const TITLE_HOLDER_QUALITIES = TEXTS.switching.titleHolderQualities;
export type TitleHolderQuality = (typeof TITLE_HOLDER_QUALITIES)[number];
export const DEFAULT_TITLE_HOLDER_QUALITY: TitleHolderQuality = "Proprietar";

export const CONSUMER_TYPES = ["casnic", "prosumator"] as const;
export type ConsumerType = (typeof CONSUMER_TYPES)[number];

/** Every status the user may see (spec §4). */
export const SWITCH_STATUSES = [
  "created",
  "pending",
  "processing",
  "in_progress",
  "awaiting_signature",
  "completed",
  "failed",
  "cancelled",
  "canceled",
  "submitted",
  "approved",
  "rejected",
  "on_hold",
  "paused",
  "active",
  "inactive",
] as const;
export type SwitchStatus = (typeof SWITCH_STATUSES)[number];

/**
 * A request in one of these is over: it cannot be cancelled and it no longer holds its POD. The
 * partial unique index `switch_requests_open_pod_unique` (schema.server.ts) lists the same values.
 */
export const CLOSED_SWITCH_STATUSES: readonly SwitchStatus[] = ["completed", "failed", "cancelled", "canceled", "rejected"];

export function isClosedStatus(status: string): boolean {
  return (CLOSED_SWITCH_STATUSES as readonly string[]).includes(status);
}

/** The pipeline's steps in order (design.md "Switch") with the progress each one stands for. */
export const SWITCH_STEPS = [
  "request_validation",
  "document_verification",
  "automation_queued",
  "automation_running",
  "form_submission",
  "document_upload",
  "contract_generation",
  "signature_required",
  "signature_completed",
  "switch_confirmation",
  "completed",
] as const;
export type SwitchStep = (typeof SWITCH_STEPS)[number];

export function stepProgress(step: SwitchStep): number {
  return Math.round((SWITCH_STEPS.indexOf(step) / (SWITCH_STEPS.length - 1)) * 100);
}

/** Until the automation runs, its own cancel only makes sense once it has been queued. */
export function canCancelAutomation(request: { status: string; currentStep: string }): boolean {
  if (isClosedStatus(request.status) || request.status === "paused") return false;
  const index = SWITCH_STEPS.indexOf(request.currentStep as SwitchStep);
  return index >= SWITCH_STEPS.indexOf("automation_queued") && index < SWITCH_STEPS.indexOf("signature_required");
}

/** Spec §4/§9: the switch date sent is today + 14 days in Bucharest. */
export const SWITCH_NOTICE_DAYS = 14;

export function desiredSwitchDate(now: Date | number = Date.now()): string {
  return addDays(bucharestDay(now), SWITCH_NOTICE_DAYS);
}

/** The spec's switch context, as the home page keeps it (localStorage) and the server stores it. */
export interface SwitchContextFields {
  selectedOfferId: string;
  selectedSupplierId: string;
  searchDate: string;
  county: string;
  isFromCache: boolean;
}

export type SwitchContextProblem =
  | { reason: "no_context"; message: string }
  | { reason: "different_day"; message: string }
  | { reason: "missing_ids"; message: string; missing: ("offerId" | "supplierId")[] };

/**
 * Why a stored context cannot open the wizard, or null when it can (spec §4 "Switch context
 * validity", §5 "Wizard context"): none stored; its search date is not after today; ids missing
 * (with the cache hint of a search three days ahead when the offer came from the cache).
 */
export function switchContextProblem(context: SwitchContextFields | null, today: string): SwitchContextProblem | null {
  const t = TEXTS.switching;
  if (!context) return { reason: "no_context", message: t.noContext };
  if (!(context.searchDate > today)) return { reason: "different_day", message: t.staleDate };
  const missing: ("offerId" | "supplierId")[] = [];
  if (!context.selectedOfferId) missing.push("offerId");
  if (!context.selectedSupplierId) missing.push("supplierId");
  if (missing.length === 0) return null;
  const names = missing.map((m) => (m === "offerId" ? t.missingOfferId : t.missingSupplierId));
  const message = [t.missingOfferData(names), context.isFromCache ? t.cacheRetry(addDays(today, 3)) : null]
    .filter(Boolean)
    .join(" ");
  return { reason: "missing_ids", message, missing };
}

export interface WizardState {
  identity: { status: string } | null;
  bill: { status: string } | null;
  meterIndex: string;
  termsAccepted: boolean;
}

export const WIZARD_STEP_COUNT = 4;

/** Spec §4 "Wizard": what each step needs before Continue (or, on step 4, submit) is allowed. */
export function canLeaveStep(step: number, state: WizardState): boolean {
  switch (step) {
    case 1:
      return state.identity?.status === "verified";
    case 2:
      return state.bill?.status === "verified";
    case 3:
      return state.meterIndex.trim() !== "";
    case 4:
      return state.termsAccepted;
    default:
      return false;
  }
}

/** Documents a wizard step lists: of the step's type, rejected ones hidden (spec §2). */
export function wizardDocuments<D extends { document_type: string; status: string }>(
  documents: readonly D[],
  type: "document_identitate" | "ultima_factura",
): D[] {
  return documents.filter((d) => d.document_type === type && d.status !== "rejected");
}

/** Pending and processing documents (also those waiting for an operator) are 'în curs de aprobare'. */
export function isAwaitingApproval(document: { status: string }): boolean {
  return document.status === "pending" || document.status === "processing";
}

/**
 * The description of the 'Eroare la trimiterea cererii' toast (spec §8): anything about
 * targetSupplierId → reload hint; unauthorized/401 → session expired; else the server's message.
 */
export function submitErrorMessage(status: number, body: Record<string, unknown> | null): string {
  const t = TEXTS.switching;
  const issues: unknown[] = Array.isArray(body?.issues) ? body.issues : [];
  const paths = issues.map((issue) => String((issue as { path?: unknown } | null)?.path ?? ""));
  const probe = [String(body?.error ?? ""), String(body?.message ?? ""), ...paths].join(" ").toLowerCase();
  if (probe.includes("targetsupplierid")) return t.invalidSupplierId;
  if (status === 401 || probe.includes("unauthorized")) return TEXTS.auth.sessionExpired;
  if (typeof body?.message === "string" && body.message) return body.message;
  return status >= 500 ? t.requestFailed : t.submitFailed;
}
