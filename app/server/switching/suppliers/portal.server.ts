// One interface for talking to a new supplier's onboarding system (issue #10, item 3). Which portal a
// supplier uses (its base URL and credentials) is configuration: see portal-config.server.ts and app/server/config.server.ts. The local
// stack points every supplier at the supplier portal simulator (scripts/supplier-portal-simulator.mjs),
// which speaks the same HTTP protocol as the real adapter (http-portal.server.ts).

/** What the new supplier needs to open the application: never the full CNP or ID number. */
export interface SwitchApplication {
  /** Our switch request id: the supplier's idempotency key, so a repeated submit opens nothing new. */
  externalReference: string;
  customer: { firstName: string; lastName: string; phone: string; email: string | null };
  consumptionPlace: { address: string | null; pod: string; countyCode: string | null };
  offer: { id: string; name: string; pricePerKwh: string };
  /** YYYY-MM-DD */
  desiredSwitchDate: string;
  titleHolderQuality: string;
  currentSupplierName: string | null;
}

export type SupplierDocumentKind = "identity" | "invoice" | "signed_contract";

export interface SupplierDocument {
  kind: SupplierDocumentKind;
  fileName: string;
  mimeType: string;
  bytes: ArrayBuffer;
  /** hex SHA-256 of bytes; the portal checks it */
  sha256: string;
}

/** The supplier's side of the contract: what our contract PDF prints. */
export interface ContractTerms {
  contractNumber: string;
  supplierLegalName: string;
  /** YYYY-MM-DD */
  issuedOn: string;
  /** months; null for an indefinite contract */
  durationMonths: number | null;
  paymentTermDays: number;
  /** the clauses the supplier requires, in order, Romanian text */
  clauses: string[];
}

export interface SignatureReport {
  signedAt: string;
  method: "drawn" | "typed";
  signedContractSha256: string;
  signerIp: string | null;
}

export type ApplicationStatus =
  | { state: "received" | "documents_complete" | "contract_issued" | "signed" | "withdrawn" }
  | { state: "confirmed"; switchDate: string }
  | { state: "rejected"; reason: string };

export interface SupplierPortal {
  readonly supplierId: string;
  /** Idempotent by `externalReference`: answers the same application id when asked again. */
  submitApplication(application: SwitchApplication, signal?: AbortSignal): Promise<{ applicationId: string }>;
  /** Idempotent per kind: uploading the same kind again replaces it. */
  uploadDocument(applicationId: string, document: SupplierDocument, signal?: AbortSignal): Promise<void>;
  obtainContract(applicationId: string, signal?: AbortSignal): Promise<ContractTerms>;
  /** Idempotent by application: a second report of the same signature is accepted without effect. */
  reportSignature(applicationId: string, report: SignatureReport, signal?: AbortSignal): Promise<void>;
  /** The customer cancelled (or withdrew within 14 days of signing): idempotent by application. */
  withdrawApplication(applicationId: string, withdrawal: { reason: string; requestedAt: string }, signal?: AbortSignal): Promise<void>;
  /** The supplier confirms asynchronously: poll until `confirmed` or `rejected`. */
  applicationStatus(applicationId: string, signal?: AbortSignal): Promise<ApplicationStatus>;
}

/**
 * A portal call that did not succeed, classified for the queue's retry policy:
 * - transient: timeout, network, 5xx, unreadable answer → retry with backoff;
 * - rate_limited: 429 → retry after `retryAfterMs`;
 * - rejected: 4xx about the request itself (invalid data, unknown application) → no retry, fail;
 * - unauthorized: 401/403 → no retry, a configuration problem for the operators.
 */
export class SupplierPortalError extends Error {
  constructor(
    readonly kind: "transient" | "rate_limited" | "rejected" | "unauthorized",
    message: string,
    readonly options: { status?: number; code?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = "SupplierPortalError";
  }

  get retryable(): boolean {
    return this.kind === "transient" || this.kind === "rate_limited";
  }
}
