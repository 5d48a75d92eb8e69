// Switch failures as typed values; routes turn them into the HTTP status and the Romanian message
// (user spec §5 final-submit checks, §8). Input problems are 400, someone else's (or no) object 404,
// a state that forbids the action 409.
import { TEXTS } from "../../texts/user";
import { jsonError } from "../http.server";

export type SwitchErrorCode =
  | "prosumer_not_accepted"
  | "terms_not_accepted"
  | "meter_reading_missing"
  | "meter_reading_not_found"
  | "identity_document_missing"
  | "invoice_document_missing"
  | "document_not_found"
  | "identity_not_verified"
  | "invoice_not_verified"
  | "no_context"
  | "different_day"
  | "missing_ids"
  | "invalid_targetSupplierId"
  | "offer_mismatch"
  | "offer_unavailable"
  | "pod_has_open_request"
  | "not_found"
  | "cancel_refused"
  | "automation_cancel_refused";

export interface SwitchFailure {
  code: SwitchErrorCode;
  status: number;
  message: string;
  /** the toast title of the spec, when it names one */
  title?: string;
}

const t = TEXTS.switching;

export function switchFailure(code: SwitchErrorCode, message?: string): SwitchFailure {
  const base = ((): Omit<SwitchFailure, "code"> => {
    switch (code) {
      case "prosumer_not_accepted":
        return { status: 400, message: t.prosumerMessage, title: t.prosumerTitle };
      case "terms_not_accepted":
        return { status: 400, message: t.termsRequired, title: t.termsTitle };
      case "meter_reading_missing":
        return { status: 400, message: t.meterMissing, title: t.meterMissing };
      case "meter_reading_not_found":
        return { status: 404, message: t.meterNotFound, title: t.meterMissing };
      case "identity_document_missing":
        return { status: 400, message: t.identityMissing };
      case "invoice_document_missing":
        return { status: 400, message: t.billMissing };
      case "document_not_found":
        return { status: 404, message: t.documentNotFound };
      case "identity_not_verified":
        return { status: 409, message: t.identityNotVerified };
      case "invoice_not_verified":
        return { status: 409, message: t.billNotVerified };
      case "no_context":
        return { status: 409, message: t.noContext, title: t.invalidOfferTitle };
      case "different_day":
        return { status: 409, message: t.staleContext, title: t.invalidOfferTitle };
      case "missing_ids":
        return { status: 409, message: t.contextInvalid, title: t.invalidOfferTitle };
      case "invalid_targetSupplierId":
        return { status: 409, message: t.invalidSupplierId };
      case "offer_mismatch":
        return { status: 409, message: t.offerMismatch };
      case "offer_unavailable":
        return { status: 409, message: t.offerUnavailable, title: t.invalidOfferTitle };
      case "pod_has_open_request":
        return { status: 409, message: t.podHasOpenRequest };
      case "not_found":
        return { status: 404, message: t.notFound };
      case "cancel_refused":
        return { status: 409, message: t.cancelRefused };
      case "automation_cancel_refused":
        return { status: 409, message: t.automationCancelRefused };
    }
  })();
  return { code, ...base, ...(message === undefined ? {} : { message }) };
}

export function switchFailureResponse(failure: SwitchFailure): Response {
  const { code, status, message, ...extra } = failure;
  return jsonError(status, code, message, extra);
}

export function requestNotFoundResponse(): Response {
  return switchFailureResponse(switchFailure("not_found"));
}
