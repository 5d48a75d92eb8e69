// Rows for the switching pipeline tests, put straight into D1 and R2: a user with a verified ID card and
// bill (extractions sealed like the document consumer does), and a created switch request, as the journey
// (create-request.server.ts) leaves it before handing it to the supplier's queue.
import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { newId } from "../../app/lib/ids";
import { createDb } from "../../app/server/db/client.server";
import { documents, switchRequestLogs, switchRequests, users } from "../../app/server/db/schema.server";
import type { BillExtraction } from "../../app/server/documents/extraction/bill-parser.server";
import type { IdCardExtraction } from "../../app/server/documents/extraction/id-card-parser.server";
import { sealExtraction } from "../../app/server/documents/pii.server";
import { newStorageKey, sha256HexOfBytes } from "../../app/server/documents/storage.server";


function idCard(): IdCardExtraction {
  return {
    kind: "id_card",
    cardType: "ci",
    cnp: "2960101123456",
    lastName: "ȘTEFĂNESCU",
    firstName: "IOANA",
    sex: "F",
    birthDate: "1996-01-01",
    birthPlace: "Cluj-Napoca",
    address: "Str. Avram Iancu nr. 12, Cluj-Napoca",
    series: "CJ",
    number: "123456",
    issuedBy: "SPCLEP Cluj-Napoca",
    issueDate: "2020-01-01",
    expiryDate: "2030-01-01",
    nationality: "ROU",
    mrz: null,
    sources: {},
    conflicts: [],
    missingFields: [],
  };
}

function bill(pod: string): BillExtraction {
  return {
    kind: "bill",
    supplierName: "Electrica Furnizare",
    billNumber: "EF123",
    billDate: "2026-11-01",
    dueDate: "2026-11-20",
    periodStart: "2026-10-01",
    periodEnd: "2026-10-31",
    pod,
    clientCode: "C1",
    contractNumber: "K1",
    customerName: "Ștefănescu Ioana",
    billingAddress: "Str. Avram Iancu nr. 12, Cluj-Napoca",
    consumptionKwh: 150,
    tariffType: "monom",
    totalWithoutVat: "180.00",
    vat: "37.80",
    totalWithVat: "217.80",
    currency: "RON",
    contractedPowerKw: "6",
    pricePerKwh: "1.4520",
    pricePerKwhSource: "net_plus_vat",
    missingFields: [],
  };
}

async function verifiedDocument(userId: string, type: "document_identitate" | "ultima_factura", data: IdCardExtraction | BillExtraction) {
  const id = newId();
  const bytes = new TextEncoder().encode(`${type} ${id}`) as Uint8Array<ArrayBuffer>;
  const sha256 = await sha256HexOfBytes(bytes);
  const r2Key = newStorageKey(userId);
  await env.DOCUMENTS.put(r2Key, bytes, { httpMetadata: { contentType: type === "ultima_factura" ? "application/pdf" : "image/png" } });
  const sealed = await sealExtraction(env, id, data);
  await createDb(env.DB).insert(documents).values({
    id,
    userId,
    documentType: type,
    r2Key,
    fileName: type === "ultima_factura" ? "factura.pdf" : "buletin.png",
    fileSize: bytes.byteLength,
    mimeType: type === "ultima_factura" ? "application/pdf" : "image/png",
    sha256,
    status: "verified",
    confidence: 0.97,
    ...sealed,
  });
  return id;
}

export interface CreatedRequest {
  requestId: string;
  userId: string;
  supplierId: string;
  phone: string;
}

/** A user with verified documents and a switch request in `created`, waiting in its supplier's queue. */
export async function createdSwitchRequest(
  supplierId = "hidroelectrica",
  options: { pod?: string; user?: { id: string; phone: string } } = {},
): Promise<CreatedRequest> {
  const db = createDb(env.DB);
  const userId = options.user?.id ?? newId();
  const phone = options.user?.phone ?? `+407${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  if (!options.user) await db.insert(users).values({ id: userId, phone, firstName: "Ioana", lastName: "Ștefănescu" });
  const pod = options.pod ?? `RO005E${String(100_000_000 + Math.floor(Math.random() * 899_999_999)).slice(0, 9)}`;
  const idDocumentId = await verifiedDocument(userId, "document_identitate", idCard());
  const invoiceDocumentId = await verifiedDocument(userId, "ultima_factura", bill(pod));
  const requestId = newId();
  await db.insert(switchRequests).values({
    id: requestId,
    userId,
    targetSupplierId: supplierId,
    offerId: `${supplierId}-fix-12`,
    offerSnapshotJson: JSON.stringify({ type: "fix" }),
    offerName: "Casnic Fix 12",
    offerPriceMicroLei: 1_061_200,
    offerValidFrom: "2026-11-01",
    offerValidUntil: "2027-10-31",
    countyId: "CJ",
    pod,
    currentSupplierName: "Electrica Furnizare",
    status: "created",
    currentStep: "automation_queued",
    progressPercentage: 20,
    desiredSwitchDate: "2026-12-08",
    switchType: "automatic",
    switchReason: "cost_savings",
    titleHolderQuality: "Proprietar",
    idDocumentId,
    invoiceDocumentId,
  });
  return { requestId, userId, supplierId, phone };
}

export async function requestRow(requestId: string) {
  const [row] = await createDb(env.DB).select().from(switchRequests).where(eq(switchRequests.id, requestId));
  return row!;
}

export async function requestLogSteps(requestId: string) {
  const rows = await createDb(env.DB)
    .select({ step: switchRequestLogs.step, type: switchRequestLogs.logType, message: switchRequestLogs.message })
    .from(switchRequestLogs)
    .where(eq(switchRequestLogs.switchRequestId, requestId))
    .orderBy(asc(switchRequestLogs.createdAt));
  return rows;
}

export function queueOf(supplierId: string) {
  return env.SUPPLIER_QUEUE.get(env.SUPPLIER_QUEUE.idFromName(supplierId));
}

/** Polls until `check` holds (the queue works on its own alarms), or fails with the last value seen. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`condition not met; last value: ${JSON.stringify(last).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

/**
 * Journey tests look at a request as the journey leaves it: with every supplier queue stopped, the
 * pipeline takes nothing (the requests wait in their queues, as they would behind a stopped queue).
 */
export async function holdSupplierQueues(): Promise<void> {
  const { results } = await env.DB.prepare("SELECT id FROM suppliers").all<{ id: string }>();
  await Promise.all(results.map((s) => queueOf(s.id).stop()));
}
