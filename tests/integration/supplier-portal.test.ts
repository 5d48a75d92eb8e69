// The HTTP supplier-portal adapter against the local portal simulator (scripts/supplier-portal-simulator.mjs,
// served to workerd through miniflare's outboundService): the whole protocol, idempotency under lost
// answers, retries of 5xx, 429 handed back with its wait, refusals and credentials.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { supplierPortal } from "../../app/server/switching/suppliers/portal-config.server";
import { SupplierPortalError, type SwitchApplication } from "../../app/server/switching/suppliers/portal.server";

const SIM = "http://supplier-portal.test";

async function control(body: Record<string, unknown>) {
  const res = await fetch(`${SIM}/__control`, { method: "POST", body: JSON.stringify(body) });
  expect(res.ok).toBe(true);
}

async function effects(supplierId: string) {
  const stats = (await (await fetch(`${SIM}/__stats`)).json()) as Record<string, { effects: Record<string, number>; calls: Record<string, number> }>;
  return stats[supplierId]!;
}

let counter = 0;
/** Each test talks to its own simulated supplier, so parallel files and tests never share state. */
function freshSupplier(): string {
  counter += 1;
  return `sim-${Date.now().toString(36)}-${counter}`;
}

function portal(supplierId: string, overrides: Record<string, unknown> = {}) {
  return supplierPortal({ ...env, ...overrides }, supplierId, { backoff: async () => {} });
}

function application(reference: string, pod = "RO005E512345678"): SwitchApplication {
  return {
    externalReference: reference,
    customer: { firstName: "Ion", lastName: "Popescu", phone: "+40712345678", email: null },
    consumptionPlace: { address: "Str. Exemplu nr. 12, Cluj-Napoca", pod, countyCode: "CJ" },
    offer: { id: "offer-1", name: "Ofertă Fix 12", pricePerKwh: "1.0612" },
    desiredSwitchDate: "2026-12-08",
    titleHolderQuality: "Proprietar",
    currentSupplierName: "Electrica Furnizare",
  };
}

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function document(kind: "identity" | "invoice" | "signed_contract", text: string) {
  const bytes = new TextEncoder().encode(text).buffer as ArrayBuffer;
  return { kind, fileName: `${kind}-ș.pdf`, mimeType: "application/pdf", bytes, sha256: await sha256Hex(bytes) };
}

async function failure(promise: Promise<unknown>): Promise<SupplierPortalError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SupplierPortalError) return error;
    throw error;
  }
  throw new Error("expected the portal call to fail");
}

describe("supplier portal adapter ↔ simulator", () => {
  it("runs the whole protocol: application, documents, contract, signature, later confirmation", async () => {
    const supplierId = freshSupplier();
    const p = portal(supplierId);
    const { applicationId } = await p.submitApplication(application("req-1"));
    expect(await p.applicationStatus(applicationId)).toEqual({ state: "received" });

    const early = await failure(p.obtainContract(applicationId));
    expect(early).toMatchObject({ kind: "rejected", options: { status: 409, code: "documents_missing" } });

    await p.uploadDocument(applicationId, await document("identity", "CI"));
    await p.uploadDocument(applicationId, await document("invoice", "FACTURA"));
    expect(await p.applicationStatus(applicationId)).toEqual({ state: "documents_complete" });

    const terms = await p.obtainContract(applicationId);
    expect(terms.contractNumber).toMatch(/^CF-\d{4}-\d{6}$/);
    expect(terms.clauses.length).toBeGreaterThan(0);

    const signed = await document("signed_contract", "CONTRACT SEMNAT");
    await p.uploadDocument(applicationId, signed);
    await p.reportSignature(applicationId, {
      signedAt: new Date().toISOString(),
      method: "typed",
      signedContractSha256: signed.sha256,
      signerIp: "203.0.113.9",
    });
    expect(await p.applicationStatus(applicationId)).toEqual({ state: "signed" });
    await new Promise((r) => setTimeout(r, 350));
    expect(await p.applicationStatus(applicationId)).toEqual({ state: "confirmed", switchDate: "2026-12-08" });

    expect((await effects(supplierId)).effects).toEqual({
      applicationsCreated: 1,
      documentsStored: 3,
      contractsIssued: 1,
      signaturesRecorded: 1,
      withdrawals: 0,
    });
  });

  it("is idempotent: the same request submitted twice and a signature reported twice have one effect", async () => {
    const supplierId = freshSupplier();
    const p = portal(supplierId);
    const first = await p.submitApplication(application("req-2"));
    const again = await p.submitApplication(application("req-2"));
    expect(again.applicationId).toBe(first.applicationId);
    await p.uploadDocument(first.applicationId, await document("identity", "CI"));
    await p.uploadDocument(first.applicationId, await document("identity", "CI"));
    await p.uploadDocument(first.applicationId, await document("invoice", "F"));
    await p.obtainContract(first.applicationId);
    const signed = await document("signed_contract", "S");
    await p.uploadDocument(first.applicationId, signed);
    const report = { signedAt: new Date().toISOString(), method: "drawn" as const, signedContractSha256: signed.sha256, signerIp: null };
    await p.reportSignature(first.applicationId, report);
    await p.reportSignature(first.applicationId, report);
    expect((await effects(supplierId)).effects).toMatchObject({ applicationsCreated: 1, documentsStored: 3, signaturesRecorded: 1 });
  });

  it("retries 5xx inside the call, and an answer lost after the effect does not double it", async () => {
    const supplierId = freshSupplier();
    await control({ failNext: { count: 2, status: 503, op: "create", supplier: supplierId } });
    const p = portal(supplierId);
    const { applicationId } = await p.submitApplication(application("req-3"));
    expect(applicationId).toMatch(/^APP-/);
    expect((await effects(supplierId)).calls.create).toBe(3);

    const lost = freshSupplier();
    await control({ lostResponseRate: 1 });
    try {
      const created = await portal(lost).submitApplication(application("req-3b"));
      expect(created.applicationId).toMatch(/^APP-/);
    } finally {
      await control({ lostResponseRate: 0 });
    }
    expect(await effects(lost)).toMatchObject({ calls: { create: 2 }, effects: { applicationsCreated: 1 } });

    const failing = freshSupplier();
    await control({ failNext: { count: 5, status: 500, supplier: failing } });
    const error = await failure(portal(failing).submitApplication(application("req-4")));
    expect(error).toMatchObject({ kind: "transient", options: { status: 500 } });
    expect(error.retryable).toBe(true);
    expect((await effects(failing)).calls.create).toBe(3); // 1 + SUPPLIER_PORTAL_RETRIES (2)
  });

  it("hands a 429 back at once with the portal's Retry-After", async () => {
    const supplierId = freshSupplier();
    await control({ failNext: { count: 1, status: 429, supplier: supplierId } });
    const error = await failure(portal(supplierId).submitApplication(application("req-5")));
    expect(error).toMatchObject({ kind: "rate_limited", options: { status: 429, retryAfterMs: 1000 } });
    expect((await effects(supplierId)).calls.create).toBe(1);
  });

  it("refuses invalid data without retrying, and wrong credentials as unauthorized", async () => {
    const supplierId = freshSupplier();
    const bad = { ...application("req-6"), consumptionPlace: { address: null, pod: "", countyCode: null } };
    const invalid = await failure(portal(supplierId).submitApplication(bad));
    expect(invalid).toMatchObject({ kind: "rejected", options: { status: 400, code: "invalid_application" } });
    expect(invalid.retryable).toBe(false);

    const unauthorized = await failure(portal(supplierId, { SUPPLIER_PORTAL_TOKEN: "wrong" }).submitApplication(application("req-7")));
    expect(unauthorized).toMatchObject({ kind: "unauthorized", options: { status: 401 } });

    const p = portal(supplierId);
    const { applicationId } = await p.submitApplication(application("req-8"));
    const wrongSum = { ...(await document("identity", "CI")), sha256: "0".repeat(64) };
    expect(await failure(p.uploadDocument(applicationId, wrongSum))).toMatchObject({ kind: "rejected", options: { code: "checksum_mismatch" } });
    expect(await failure(p.applicationStatus("APP-unknown"))).toMatchObject({ kind: "rejected", options: { status: 404 } });
  });

  it("reports a supplier's rejection (unknown POD) as a final state", async () => {
    const p = portal(freshSupplier());
    const { applicationId } = await p.submitApplication(application("req-9", "RO999E000000001"));
    expect(await p.applicationStatus(applicationId)).toEqual({
      state: "rejected",
      reason: "Codul POD nu este cunoscut de operatorul de distribuție.",
    });
  });

  it("times out a portal that does not answer, as a retryable failure", async () => {
    const supplierId = freshSupplier();
    await control({ latencyMs: 400 });
    try {
      const error = await failure(portal(supplierId, { SUPPLIER_PORTAL_TIMEOUT_MS: "100", SUPPLIER_PORTAL_RETRIES: "0" }).submitApplication(application("req-10")));
      expect(error).toMatchObject({ kind: "transient", options: { code: "timeout" } });
    } finally {
      await control({ latencyMs: 2 });
    }
  });

  it("takes each supplier's portal from configuration, and refuses to run without credentials", () => {
    const config = { ...env, SUPPLIER_PORTALS: JSON.stringify({ hidro: { baseUrl: "https://onboarding.example.ro/api", tokenSecret: "SUPPLIER_TOKEN_HIDRO" } }) };
    expect(() => supplierPortal(config, "hidro")).toThrow(/SUPPLIER_TOKEN_HIDRO/);
    expect(supplierPortal({ ...config, SUPPLIER_TOKEN_HIDRO: "x" }, "hidro").supplierId).toBe("hidro");
    expect(() => supplierPortal({ ...env, SUPPLIER_PORTALS: "{not json" }, "x")).toThrow();
    expect(() => supplierPortal({ ...env, SUPPLIER_PORTAL_URL: "not a url" }, "x")).toThrow();
  });
});
