// A reviewer's corrections of extracted fields (issue #12), kept apart from what the machine read
// (document_field_corrections) so the extraction can be measured against them, and the one reader
// of a document's data that everything downstream uses: the machine reading with the newest
// correction of each field laid over it. Values sealed at rest in the document (CNP, ID series and
// number, addresses) stay sealed in their correction too.
import { asc, eq, inArray } from "drizzle-orm";
import { correctableFieldsOf, normalizeCorrection, type CorrectionValueKind } from "../../lib/document-review";
import { newId } from "../../lib/ids";
import { decryptPiiJson, encryptPiiJson, importPiiKey } from "../crypto/pii.server";
import type { Database } from "../db/client.server";
import { documentFieldCorrections } from "../db/schema.server";
import type { Env } from "../env.server";
import type { BillExtraction } from "./extraction/bill-parser.server";
import type { ExtractedData } from "./extraction/extract-document.server";
import type { IdCardExtraction } from "./extraction/id-card-parser.server";
import { openExtraction } from "./pii.server";
import type { DocumentRow } from "./repository.server";

/** Fields whose values are personal data sealed at rest (pii.server.ts keeps the same list for readings). */
const SEALED_FIELDS = new Set(["cnp", "series", "number", "address", "billingAddress"]);

export interface FieldCorrection {
  id: string;
  field: string;
  /** what the machine had read; null when it read nothing (or the value is sealed and not revealed) */
  machineValue: string | null;
  correctedValue: string | null;
  adminId: string;
  createdAt: number;
  sealed: boolean;
}

type CorrectionRow = typeof documentFieldCorrections.$inferSelect;

async function openCorrection(env: Env, row: CorrectionRow, reveal: boolean): Promise<FieldCorrection> {
  const base = { id: row.id, field: row.field, adminId: row.adminId, createdAt: row.createdAt, sealed: row.valuesEncrypted !== null };
  if (row.valuesEncrypted === null) return { ...base, machineValue: row.machineValue, correctedValue: row.correctedValue };
  if (!reveal) return { ...base, machineValue: null, correctedValue: null };
  const values = await decryptPiiJson<{ machine: string | null; corrected: string | null }>(await importPiiKey(env.PII_ENCRYPTION_KEY), row.valuesEncrypted, row.id);
  return { ...base, machineValue: values.machine, correctedValue: values.corrected };
}

/** Every correction of the documents, oldest first; sealed values decrypted only with `reveal`. */
export async function listCorrections(env: Env, db: Database, documentIds: string[], options: { reveal: boolean }): Promise<FieldCorrection[]> {
  if (documentIds.length === 0) return [];
  const rows = await db
    .select()
    .from(documentFieldCorrections)
    .where(documentIds.length === 1 ? eq(documentFieldCorrections.documentId, documentIds[0]!) : inArray(documentFieldCorrections.documentId, documentIds))
    .orderBy(asc(documentFieldCorrections.createdAt), asc(documentFieldCorrections.id));
  return Promise.all(rows.map((row) => openCorrection(env, row, options.reveal)));
}

function emptyIdCard(): IdCardExtraction {
  return {
    kind: "id_card",
    cardType: null,
    cnp: null,
    lastName: null,
    firstName: null,
    sex: null,
    birthDate: null,
    birthPlace: null,
    address: null,
    series: null,
    number: null,
    issuedBy: null,
    issueDate: null,
    expiryDate: null,
    nationality: null,
    mrz: null,
    sources: {},
    conflicts: [],
    missingFields: [],
  };
}

function emptyBill(): BillExtraction {
  return {
    kind: "bill",
    supplierName: null,
    billNumber: null,
    billDate: null,
    dueDate: null,
    periodStart: null,
    periodEnd: null,
    pod: null,
    clientCode: null,
    contractNumber: null,
    customerName: null,
    billingAddress: null,
    consumptionKwh: null,
    tariffType: null,
    totalWithoutVat: null,
    vat: null,
    totalWithVat: null,
    currency: null,
    contractedPowerKw: null,
    pricePerKwh: null,
    pricePerKwhSource: null,
    missingFields: [],
  };
}

/** The machine's value of a field as text (what a correction is compared with and stored against). */
export function machineValueOf(data: ExtractedData | null, field: string): string | null {
  if (!data || data.kind === "unreadable") return null;
  const value = (data as unknown as Record<string, unknown>)[field];
  return value === null || value === undefined ? null : String(value);
}

/** Lays the newest correction of each field over a reading (a document the machine could not read starts empty). */
export function applyCorrections(documentType: string, data: ExtractedData | null, corrections: FieldCorrection[]): ExtractedData | null {
  const fields = correctableFieldsOf(documentType);
  if (!fields || corrections.length === 0) return data;
  const wantKind = documentType === "document_identitate" ? "id_card" : "bill";
  const base: IdCardExtraction | BillExtraction = data && data.kind === wantKind ? { ...(data as IdCardExtraction | BillExtraction) } : wantKind === "id_card" ? emptyIdCard() : emptyBill();
  const record = base as unknown as Record<string, unknown>;
  const corrected = new Set<string>();
  for (const correction of corrections) {
    const kind: CorrectionValueKind | undefined = fields[correction.field];
    // Sealed values not revealed to this reader stay as the reading has them (null).
    if (!kind || (correction.sealed && correction.correctedValue === null)) continue;
    record[correction.field] = kind === "kwh" && correction.correctedValue !== null ? Number(correction.correctedValue) : correction.correctedValue;
    corrected.add(correction.field);
  }
  base.missingFields = (base.missingFields as string[]).filter((f) => !corrected.has(f)) as typeof base.missingFields;
  return base as ExtractedData;
}

/**
 * A document's data as everything downstream should use it (switch summary, contract, holder
 * check): the stored reading with the reviewer's corrections. With `reveal` the sealed values are
 * decrypted (the owner, the pipeline, a reviewer); without, they stay null.
 */
export async function readDocumentData(env: Env, db: Database, row: DocumentRow, options: { reveal: boolean }): Promise<ExtractedData | null> {
  const data = await openExtraction(env, row, options);
  if (!correctableFieldsOf(row.documentType)) return data;
  return applyCorrections(row.documentType, data, await listCorrections(env, db, [row.id], options));
}

export type CorrectionProblem = { ok: false; reason: "not_correctable" } | { ok: false; reason: "unknown_field" | "invalid_value"; field: string };

export interface PlannedCorrection {
  field: string;
  machineValue: string | null;
  correctedValue: string;
}

/**
 * Checks a reviewer's corrections against the document's fields and keeps those that change the
 * value in use. Nothing is written here: the caller stores them with its own status change.
 */
export async function planCorrections(
  env: Env,
  db: Database,
  row: DocumentRow,
  input: Record<string, string>,
): Promise<{ ok: true; planned: PlannedCorrection[] } | CorrectionProblem> {
  const entries = Object.entries(input);
  if (entries.length === 0) return { ok: true, planned: [] };
  const fields = correctableFieldsOf(row.documentType);
  if (!fields) return { ok: false, reason: "not_correctable" };
  const normalized: [string, string][] = [];
  for (const [field, raw] of entries) {
    const kind = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (!kind) return { ok: false, reason: "unknown_field", field };
    const value = normalizeCorrection(kind, raw);
    if (value === null) return { ok: false, reason: "invalid_value", field };
    normalized.push([field, value]);
  }
  const machine = await openExtraction(env, row, { reveal: true });
  const current = await readDocumentData(env, db, row, { reveal: true });
  const planned = normalized
    .filter(([field, value]) => machineValueOf(current, field) !== value)
    .map(([field, value]) => ({ field, machineValue: machineValueOf(machine, field), correctedValue: value }));
  return { ok: true, planned };
}

/** The inserts of planned corrections (sealed ones encrypted first), for the caller's batch. */
export async function correctionInserts(env: Env, db: Database, documentId: string, adminId: string, planned: PlannedCorrection[], now: number) {
  const key = planned.some((p) => SEALED_FIELDS.has(p.field)) ? await importPiiKey(env.PII_ENCRYPTION_KEY) : null;
  const values: (typeof documentFieldCorrections.$inferInsert)[] = [];
  for (const p of planned) {
    const id = newId(now);
    const sealed = SEALED_FIELDS.has(p.field);
    values.push({
      id,
      documentId,
      field: p.field,
      machineValue: sealed ? null : p.machineValue,
      correctedValue: sealed ? null : p.correctedValue,
      valuesEncrypted: sealed ? await encryptPiiJson(key!, { machine: p.machineValue, corrected: p.correctedValue }, id) : null,
      adminId,
      createdAt: now,
    });
  }
  return values.map((row) => db.insert(documentFieldCorrections).values(row));
}
