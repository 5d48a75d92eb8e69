// The supplier onboarding API over HTTP (protocol v1, docs/supplier-portal-protocol.md):
//   POST {base}/v1/applications                          Idempotency-Key: {externalReference}
//   PUT  {base}/v1/applications/{id}/documents/{kind}    raw bytes, X-Content-SHA256
//   GET  {base}/v1/applications/{id}/contract
//   POST {base}/v1/applications/{id}/signature           Idempotency-Key: {id}:signature
//   POST {base}/v1/applications/{id}/withdrawal          Idempotency-Key: {id}:withdrawal
//   GET  {base}/v1/applications/{id}
// Bearer credentials per supplier. Timeouts and 5xx are retried here a few times with a short backoff;
// 429 is handed back at once with its Retry-After so the supplier's queue can wait without holding a slot.
import { z } from "zod";
import {
  SupplierPortalError,
  type ApplicationStatus,
  type ContractTerms,
  type SignatureReport,
  type SupplierDocument,
  type SupplierPortal,
  type SwitchApplication,
} from "./portal.server";

export interface HttpPortalOptions {
  supplierId: string;
  baseUrl: string;
  token: string;
  timeoutMs: number;
  retries: number;
  fetch?: typeof fetch;
  /** Waits between retries; injectable so tests don't sleep. */
  backoff?: (attempt: number) => Promise<void>;
}

const applicationCreated = z.object({ applicationId: z.string().min(1).max(200) });
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const contractTermsSchema = z.object({
  contractNumber: z.string().min(1).max(100),
  supplierLegalName: z.string().min(1).max(200),
  issuedOn: isoDay,
  durationMonths: z.number().int().positive().nullable(),
  paymentTermDays: z.number().int().min(0).max(120),
  clauses: z.array(z.string().min(1).max(2000)).max(50),
});
const statusSchema = z.discriminatedUnion("status", [
  z.object({ status: z.enum(["received", "documents_complete", "contract_issued", "signed", "withdrawn"]) }),
  z.object({ status: z.literal("confirmed"), switchDate: isoDay }),
  z.object({ status: z.literal("rejected"), rejectionReason: z.string().min(1).max(500) }),
]);
const errorBody = z.object({ error: z.string().max(100), message: z.string().max(500).optional() }).partial();

const defaultBackoff = (attempt: number) => new Promise<void>((r) => setTimeout(r, 250 * 2 ** attempt));

/** Retry-After in seconds or as an HTTP date; 1 s when missing or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 10 * 60_000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.min(Math.max(at - now, 0), 10 * 60_000) : 1_000;
}

export class HttpSupplierPortal implements SupplierPortal {
  constructor(private readonly options: HttpPortalOptions) {}

  get supplierId(): string {
    return this.options.supplierId;
  }

  async submitApplication(application: SwitchApplication, signal?: AbortSignal) {
    const body = await this.call("POST", "/v1/applications", {
      json: application,
      idempotencyKey: application.externalReference,
      signal,
    });
    return this.parse(applicationCreated, body);
  }

  async uploadDocument(applicationId: string, document: SupplierDocument, signal?: AbortSignal) {
    await this.call("PUT", `/v1/applications/${encodeURIComponent(applicationId)}/documents/${document.kind}`, {
      bytes: document.bytes,
      headers: {
        "Content-Type": document.mimeType,
        "X-Content-SHA256": document.sha256,
        "X-File-Name": encodeURIComponent(document.fileName),
      },
      signal,
    });
  }

  async obtainContract(applicationId: string, signal?: AbortSignal): Promise<ContractTerms> {
    const body = await this.call("GET", `/v1/applications/${encodeURIComponent(applicationId)}/contract`, { signal });
    return this.parse(contractTermsSchema, body);
  }

  async reportSignature(applicationId: string, report: SignatureReport, signal?: AbortSignal) {
    await this.call("POST", `/v1/applications/${encodeURIComponent(applicationId)}/signature`, {
      json: report,
      idempotencyKey: `${applicationId}:signature`,
      signal,
    });
  }

  async withdrawApplication(applicationId: string, withdrawal: { reason: string; requestedAt: string }, signal?: AbortSignal) {
    await this.call("POST", `/v1/applications/${encodeURIComponent(applicationId)}/withdrawal`, {
      json: withdrawal,
      idempotencyKey: `${applicationId}:withdrawal`,
      signal,
    });
  }

  async applicationStatus(applicationId: string, signal?: AbortSignal): Promise<ApplicationStatus> {
    const body = await this.call("GET", `/v1/applications/${encodeURIComponent(applicationId)}`, { signal });
    const parsed = this.parse(statusSchema, body);
    if (parsed.status === "confirmed") return { state: "confirmed", switchDate: parsed.switchDate };
    if (parsed.status === "rejected") return { state: "rejected", reason: parsed.rejectionReason };
    return { state: parsed.status };
  }

  private parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new SupplierPortalError("transient", "Portalul furnizorului a trimis un răspuns invalid.", { code: "bad_payload" });
    }
    return parsed.data;
  }

  private async call(
    method: "GET" | "POST" | "PUT",
    path: string,
    init: {
      json?: unknown;
      bytes?: ArrayBuffer;
      headers?: Record<string, string>;
      idempotencyKey?: string;
      signal?: AbortSignal;
    },
  ): Promise<unknown> {
    const base = this.options.baseUrl.replace(/\/+$/, "");
    const doFetch = this.options.fetch ?? fetch;
    const backoff = this.options.backoff ?? defaultBackoff;
    const headers: Record<string, string> = {
      Accept: "application/json",
      Authorization: `Bearer ${this.options.token}`,
      ...init.headers,
    };
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    if (init.idempotencyKey) headers["Idempotency-Key"] = init.idempotencyKey;

    let lastError: SupplierPortalError | null = null;
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      if (attempt > 0) await backoff(attempt - 1);
      if (init.signal?.aborted) break;
      const timeout = AbortSignal.timeout(this.options.timeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, {
          method,
          headers,
          body: init.json !== undefined ? JSON.stringify(init.json) : init.bytes,
          signal,
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        lastError = new SupplierPortalError(
          "transient",
          timedOut ? "Portalul furnizorului nu a răspuns la timp." : "Portalul furnizorului nu poate fi contactat.",
          { code: timedOut ? "timeout" : "network" },
        );
        continue;
      }
      if (res.status === 429) {
        await res.body?.cancel();
        throw new SupplierPortalError("rate_limited", "Portalul furnizorului limitează cererile (HTTP 429).", {
          status: 429,
          retryAfterMs: retryAfterMs(res.headers.get("Retry-After")),
        });
      }
      if (res.status >= 500) {
        await res.body?.cancel();
        lastError = new SupplierPortalError("transient", `Portalul furnizorului a răspuns cu HTTP ${res.status}.`, {
          status: res.status,
        });
        continue;
      }
      let body: unknown = null;
      try {
        body = await res.json();
      } catch {
        if (res.ok) {
          lastError = new SupplierPortalError("transient", "Portalul furnizorului a trimis un răspuns invalid.", {
            status: res.status,
            code: "bad_payload",
          });
          continue;
        }
      }
      if (res.ok) return body;
      const detail = errorBody.safeParse(body);
      const code = detail.success ? detail.data.error : undefined;
      const message = detail.success && detail.data.message ? detail.data.message : `HTTP ${res.status}`;
      throw new SupplierPortalError(
        res.status === 401 || res.status === 403 ? "unauthorized" : "rejected",
        `Portalul furnizorului a refuzat cererea: ${message}`,
        { status: res.status, code },
      );
    }
    throw lastError ?? new SupplierPortalError("transient", "Apelul către portalul furnizorului a fost întrerupt.", { code: "aborted" });
  }
}
