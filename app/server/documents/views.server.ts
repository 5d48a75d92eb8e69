// Documents as the API shows them (user spec §3 "Document", "Extraction summary"; §7 rows).
import { PROGRESS_KEYS, type DocumentType } from "../../lib/documents";
import { ADMIN_TEXTS } from "../../texts/admin";
import { isLocalEnvironment } from "../deployment.server";
import type { Env } from "../env.server";
import { analyseBill } from "./analysis.server";
import type { BillExtraction } from "./extraction/bill-parser.server";
import type { ExtractedData } from "./extraction/extract-document.server";
import type { IdCardExtraction } from "./extraction/id-card-parser.server";
import type { Database } from "../db/client.server";
import { readDocumentData } from "./corrections.server";
import type { DocumentRow } from "./repository.server";
import type { ValidationDetails } from "./verification.server";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function storedValidation(row: DocumentRow): ValidationDetails | null {
  return row.validationJson ? (JSON.parse(row.validationJson) as ValidationDetails) : null;
}

/** What the owner reads as the reason an admin rejected the document: the reason's text, or the admin's own words for 'other'. */
export function adminRejectionMessage(reason: NonNullable<DocumentRow["rejectionReason"]>, notes: string | null): string {
  const messages: Record<string, string> = ADMIN_TEXTS.documentsPage.rejectionMessages;
  return messages[reason] ?? notes ?? ADMIN_TEXTS.documentsPage.rejectionReasons[reason];
}

/** One row of the document list. Never carries extracted personal data. */
export function documentView(row: DocumentRow) {
  const validation = storedValidation(row);
  const awaitingReview = row.status === "pending" && row.processedAt !== null;
  const rejection =
    row.status === "rejected" && row.rejectionReason ? { reason: row.rejectionReason, message: adminRejectionMessage(row.rejectionReason, row.reviewNotes) } : null;
  const machineIssues = (validation?.issues ?? []).map((i) => ({ code: i.code as string, message: i.message, severity: i.severity }));
  return {
    id: row.id,
    fileName: row.fileName,
    name: row.fileName,
    document_type: row.documentType,
    document_subtype: row.documentSubtype,
    status: row.status,
    verification_status: row.status,
    /** pending after an automatic reading: waiting for an admin */
    awaitingReview,
    uploadedAt: iso(row.uploadedAt)!,
    processedAt: iso(row.processedAt),
    confidenceScore: row.confidence,
    processingMethod: row.processingMethod,
    processingMs: row.processingMs,
    fileSize: row.fileSize,
    mimeType: row.mimeType,
    /** an admin's rejection (reason and the text the owner reads), or null */
    rejection,
    /** why it was rejected or sent to review (Romanian messages; no extracted values); an admin's reason first */
    issues: rejection ? [{ code: `admin_${rejection.reason}`, message: rejection.message, severity: "error" as const }, ...machineIssues] : machineIssues,
  };
}
export type DocumentView = ReturnType<typeof documentView>;

export function documentsByType(rows: DocumentRow[]): Record<string, DocumentView[]> {
  const grouped: Record<string, DocumentView[]> = {
    document_identitate: [],
    ultima_factura: [],
    contract_furnizor_actual: [],
    dovada_proprietate: [],
    poza_contor: [],
  };
  for (const row of rows) (grouped[row.documentType] ??= []).push(documentView(row));
  return grouped;
}

export function progressView(counts: { documentType: string; status: string; count: number }[]) {
  const documents: Record<string, { count: number; verified: number; pending: number; rejected: number }> = {};
  for (const key of Object.values(PROGRESS_KEYS)) documents[key] = { count: 0, verified: 0, pending: 0, rejected: 0 };
  for (const { documentType, status, count } of counts) {
    const key = PROGRESS_KEYS[documentType as keyof typeof PROGRESS_KEYS];
    if (!key) continue;
    const entry = documents[key]!;
    entry.count += count;
    if (status === "verified") entry.verified += count;
    else if (status === "rejected" || status === "failed") entry.rejected += count;
    else entry.pending += count;
  }
  // Identity and bill are what a switch needs: half each when verified.
  const completion = (documents.identity!.verified > 0 ? 50 : 0) + (documents.bills!.verified > 0 ? 50 : 0);
  return { documents, completion_percentage: completion };
}

function identityData(id: IdCardExtraction, confidence: number | null) {
  return {
    cnp: id.cnp,
    firstName: id.firstName,
    lastName: id.lastName,
    dateOfBirth: id.birthDate,
    placeOfBirth: id.birthPlace,
    address: id.address,
    documentNumber: id.series && id.number ? `${id.series} ${id.number}` : (id.series ?? id.number),
    series: id.series,
    number: id.number,
    sex: id.sex,
    nationality: id.nationality,
    cardType: id.cardType,
    issuedBy: id.issuedBy,
    issueDate: id.issueDate,
    expiryDate: id.expiryDate,
    confidence,
  };
}

function billData(bill: BillExtraction, confidence: number | null, now: number) {
  return {
    basicInfo: {
      supplierName: bill.supplierName,
      billFullNumber: bill.billNumber,
      billDate: bill.billDate,
      dueDate: bill.dueDate,
      billingPeriod: bill.periodStart || bill.periodEnd ? { start: bill.periodStart, end: bill.periodEnd } : null,
      pricePerKwh: bill.pricePerKwh,
      pricePerKwhSource: bill.pricePerKwhSource,
      billingAddress: bill.billingAddress,
      pod: bill.pod,
    },
    customerInfo: {
      customerName: bill.customerName,
      customerAddress: { billing: bill.billingAddress },
      contractNumber: bill.contractNumber,
      clientCode: bill.clientCode,
      supplier: bill.supplierName,
    },
    totalAmounts: {
      totalWithoutVAT: bill.totalWithoutVat,
      vatAmount: bill.vat,
      totalWithVAT: bill.totalWithVat,
      currency: bill.currency,
    },
    consumptionData: { consumption: bill.consumptionKwh, unit: "kWh", tariffType: bill.tariffType },
    technicalInfo: { pod: bill.pod, putereContractata: bill.contractedPowerKw },
    customerAnalysis: analyseBill(bill, now),
    confidence,
  };
}

/**
 * GET /api/documents/processing-status/{id}: what the switch wizard's summary shows. Call only with
 * the owner's row: the personal data (CNP, ID number, address) is decrypted here.
 */
export async function processingStatusView(env: Env, db: Database, row: DocumentRow, now: number = Date.now()) {
  const data: ExtractedData | null = await readDocumentData(env, db, row, { reveal: true });
  const validation = storedValidation(row);
  const readable = data !== null && data.kind !== "unreadable";
  let extractedData: Record<string, unknown> | null = null;
  let personalData: Record<string, unknown> | null = null;
  if (data?.kind === "id_card") {
    extractedData = identityData(data, row.confidence);
    personalData = {
      firstName: data.firstName,
      lastName: data.lastName,
      cnp: data.cnp,
      dateOfBirth: data.birthDate,
      placeOfBirth: data.birthPlace,
      address: data.address,
      documentNumber: extractedData.documentNumber,
    };
  } else if (data?.kind === "bill") {
    extractedData = billData(data, row.confidence, now);
    personalData = { customerName: data.customerName, address: data.billingAddress };
  }
  return {
    documentId: row.id,
    documentType: row.documentType as DocumentType,
    status: row.status,
    awaitingReview: row.status === "pending" && row.processedAt !== null,
    processingMethod: row.processingMethod,
    processedAt: iso(row.processedAt),
    hasExtractedData: readable,
    personalData,
    extractedData,
    validationDetails: validation ?? { confidence: row.confidence ?? 0, isValid: false, issues: [] },
    // The raw reading, for diagnosing a parser locally.
    ...(!isLocalEnvironment(env) ? {} : { debugExtractedData: data, debugValidationDetails: validation }),
  };
}
