// Shared by the switch-*.test.ts files: a user with verified documents put straight into D1 (the real
// queue path has its own test), a meter reading, the switch context stored through the API, and the
// create payload of user spec §3.
import { env } from "cloudflare:test";
import { addDays, bucharestDay } from "../../app/lib/dates";
import { newId } from "../../app/lib/ids";
import { desiredSwitchDate } from "../../app/lib/switching";
import type { BillExtraction } from "../../app/server/documents/extraction/bill-parser.server";
import { signInThroughApi, type SignedIn } from "./auth-helpers";
import { api, storeDocument, type ApiBody, type Auth } from "./documents-helpers";

/** A catalog offer valid in every zone for a long time (seed/offers.json). */
export const OFFER = { offerId: "hidroelectrica-casnic-fix-12", supplierId: "hidroelectrica", name: "Hidro Fix 12 luni" } as const;

export function uniquePod(): string {
  const digits = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000_000;
  return `RO001E${String(digits).padStart(9, "0")}`;
}

export function billExtraction(overrides: Partial<BillExtraction> = {}): BillExtraction {
  return {
    kind: "bill",
    supplierName: "Electrica Furnizare",
    billNumber: "EFT 10384721",
    billDate: "2026-11-01",
    dueDate: "2026-11-16",
    periodStart: "2026-10-01",
    periodEnd: "2026-10-31",
    pod: uniquePod(),
    clientCode: "5200100000",
    contractNumber: "1023400/2019",
    customerName: "POPESCU ION-MARIAN",
    billingAddress: null,
    consumptionKwh: 186,
    tariffType: "Monom standard",
    totalWithoutVat: "202.06",
    vat: "42.43",
    totalWithVat: "244.49",
    currency: "RON",
    contractedPowerKw: "6.00",
    pricePerKwh: "1.3434",
    pricePerKwhSource: "net_plus_vat",
    missingFields: [],
    ...overrides,
  };
}

export interface SwitchUser extends SignedIn {
  auth: Auth;
  idDocumentId: string;
  invoiceDocumentId: string;
  meterReadingId: string;
  pod: string;
}

export async function insertMeterReading(userId: string, value = "12345"): Promise<string> {
  const id = newId();
  await env.DB.prepare("INSERT INTO meter_readings (id, user_id, value, reading_date, validated) VALUES (?, ?, ?, ?, 1)")
    .bind(id, userId, value, bucharestDay())
    .run();
  return id;
}

/** A signed-in user with a verified ID, a verified bill (its own POD unless given) and a meter reading. */
export async function switchUser(options: { bill?: Partial<BillExtraction>; idStatus?: string; billStatus?: string } = {}): Promise<SwitchUser> {
  const user = await signInThroughApi();
  const bill = billExtraction(options.bill);
  const idDoc = await storeDocument(user.userId, "document_identitate", null, {
    status: (options.idStatus ?? "verified") as "verified",
    mimeType: "image/png",
    fileName: "ci.png",
  });
  const billDoc = await storeDocument(user.userId, "ultima_factura", null, {
    status: (options.billStatus ?? "verified") as "verified",
    extractedDataJson: JSON.stringify(bill),
  });
  return {
    ...user,
    auth: { accessToken: user.accessToken },
    idDocumentId: idDoc.id,
    invoiceDocumentId: billDoc.id,
    meterReadingId: await insertMeterReading(user.userId),
    pod: bill.pod!,
  };
}

export function contextBody(overrides: Record<string, unknown> = {}) {
  return {
    selectedOfferId: OFFER.offerId,
    selectedSupplierId: OFFER.supplierId,
    searchDate: addDays(bucharestDay(), 1),
    county: "CJ",
    supplierName: "Hidroelectrica",
    pricePerKwh: "1.0223",
    offerName: OFFER.name,
    isFromCache: false,
    estimatedMonthlySavings: 12.5,
    ...overrides,
  };
}

export async function putContext(auth: Auth, overrides: Record<string, unknown> = {}) {
  return api(auth, "/api/users/switch-context", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(contextBody(overrides)),
  });
}

export function createPayload(
  user: Pick<SwitchUser, "idDocumentId" | "invoiceDocumentId" | "meterReadingId">,
  overrides: Record<string, unknown> = {},
) {
  return {
    targetSupplierId: OFFER.supplierId,
    offerId: OFFER.offerId,
    desiredSwitchDate: desiredSwitchDate(),
    switchType: "automatic",
    switchReason: "cost_savings",
    titleHolderQuality: "Proprietar",
    consumerType: "casnic",
    termsAccepted: true,
    selectedDocuments: {
      idDocumentId: user.idDocumentId,
      invoiceDocumentId: user.invoiceDocumentId,
      meterReadingId: user.meterReadingId,
      contractDocumentId: null,
    },
    ...overrides,
  };
}

export async function submitSwitch(auth: Auth | null, payload: unknown): Promise<{ res: Response; body: ApiBody | null }> {
  const { res, body } = await api(auth, "/api/users/request-supplier-switch", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  });
  return { res, body };
}

/** Context stored, then the request created: the happy path most tests start from. */
export async function createdRequest(user: SwitchUser): Promise<string> {
  const stored = await putContext(user.auth);
  if (stored.res.status !== 200) throw new Error(`switch-context ${stored.res.status}: ${stored.text}`);
  const { res, body } = await submitSwitch(user.auth, createPayload(user));
  if (res.status !== 201) throw new Error(`request-supplier-switch ${res.status}: ${JSON.stringify(body)}`);
  return body!.id as string;
}
