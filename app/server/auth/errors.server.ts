// Sign-in failures as typed values. Routes turn them into the HTTP status and the Romanian message;
// remix-auth strategies throw them (AuthFailure) because a strategy can only return a user or throw.
import { jsonError } from "../http.server";

export type AuthFailureCode =
  | "invalid_input"
  | "invalid_phone"
  | "invalid_code"
  | "code_expired"
  | "too_many_attempts"
  | "resend_too_soon"
  | "too_many_codes"
  | "rate_limited"
  | "sms_failed"
  | "sms_budget_exhausted"
  | "account_suspended"
  | "account_inactive"
  | "invalid_refresh_token"
  | "refresh_token_reused"
  | "unauthorized"
  | "invalid_credentials"
  | "account_locked"
  | "forbidden"
  | "two_factor_required"
  | "challenge_expired"
  // admin settings: new registrations closed (issue #12 item 4)
  | "registrations_closed";

export interface AuthFailureInfo {
  code: AuthFailureCode;
  status: number;
  message: string;
  /** a toast title from the spec, when it has one */
  title?: string;
  retryAfterSeconds?: number;
  attemptsRemaining?: number;
  issues?: { path: string; message: string }[];
  /** two_factor_required: what the second step of an admin sign-in sends back with the code */
  challenge?: string;
}

export class AuthFailure extends Error {
  constructor(readonly info: AuthFailureInfo) {
    super(info.message);
    this.name = "AuthFailure";
  }
}

export function authFailureResponse(info: AuthFailureInfo): Response {
  const { code, status, message, retryAfterSeconds, ...extra } = info;
  const response = jsonError(status, code, message, {
    ...extra,
    ...(retryAfterSeconds === undefined ? {} : { retryAfter: retryAfterSeconds }),
  });
  if (retryAfterSeconds !== undefined) response.headers.set("Retry-After", String(retryAfterSeconds));
  return response;
}
