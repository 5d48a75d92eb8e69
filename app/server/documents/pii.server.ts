// Which extracted values are encrypted at rest (design.md: CNP, ID number, address) and how a
// stored extraction is split into the plain part (extracted_data_json) and the sealed part
// (pii_encrypted), and put back together for the owner. The machine readable zone carries the CNP
// and the card number, so its lines are sealed too, as are the zone/print disagreements of those fields.
import { decryptPiiJson, encryptPiiJson, importPiiKey } from "../crypto/pii.server";
import { appConfig } from "../config.server";
import type { Env } from "../env.server";
import type { BillExtraction } from "./extraction/bill-parser.server";
import type { ExtractedData } from "./extraction/extract-document.server";
import type { IdCardExtraction } from "./extraction/id-card-parser.server";

const SEALED_ID_FIELDS = ["cnp", "series", "number", "address"] as const;

interface IdSecrets {
  kind: "id_card";
  cnp: string | null;
  series: string | null;
  number: string | null;
  address: string | null;
  mrzLines: string[] | null;
  conflicts: IdCardExtraction["conflicts"];
}

interface BillSecrets {
  kind: "bill";
  billingAddress: string | null;
}

export type ExtractionSecrets = IdSecrets | BillSecrets;

export interface SplitExtraction {
  /** Safe to store in clear: the sealed values are null (or left out of the zone). */
  plain: ExtractedData;
  secrets: ExtractionSecrets | null;
}

export function splitExtraction(data: ExtractedData): SplitExtraction {
  if (data.kind === "id_card") {
    const sealedFields = new Set<string>(SEALED_ID_FIELDS);
    const secrets: IdSecrets = {
      kind: "id_card",
      cnp: data.cnp,
      series: data.series,
      number: data.number,
      address: data.address,
      mrzLines: data.mrz?.lines ?? null,
      conflicts: data.conflicts.filter((c) => sealedFields.has(c.field)),
    };
    const plain: IdCardExtraction = {
      ...data,
      cnp: null,
      series: null,
      number: null,
      address: null,
      mrz: data.mrz ? { ...data.mrz, lines: [] } : null,
      conflicts: data.conflicts.filter((c) => !sealedFields.has(c.field)),
    };
    return { plain, secrets };
  }
  if (data.kind === "bill") {
    const plain: BillExtraction = { ...data, billingAddress: null };
    return { plain, secrets: { kind: "bill", billingAddress: data.billingAddress } };
  }
  return { plain: data, secrets: null };
}

export function joinExtraction(plain: ExtractedData, secrets: ExtractionSecrets | null): ExtractedData {
  if (!secrets) return plain;
  if (plain.kind === "id_card" && secrets.kind === "id_card") {
    return {
      ...plain,
      cnp: secrets.cnp,
      series: secrets.series,
      number: secrets.number,
      address: secrets.address,
      mrz: plain.mrz ? { ...plain.mrz, lines: secrets.mrzLines ?? [] } : null,
      conflicts: [...plain.conflicts, ...secrets.conflicts],
    };
  }
  if (plain.kind === "bill" && secrets.kind === "bill") return { ...plain, billingAddress: secrets.billingAddress };
  return plain;
}

/** Seals the secrets of an extraction for one document (the id is the associated data). */
export async function sealExtraction(env: Env, documentId: string, data: ExtractedData): Promise<{ extractedDataJson: string; piiEncrypted: string | null }> {
  const { plain, secrets } = splitExtraction(data);
  const piiEncrypted = secrets ? await encryptPiiJson(await importPiiKey(appConfig(env).secrets.piiEncryptionKey), secrets, documentId) : null;
  return { extractedDataJson: JSON.stringify(plain), piiEncrypted };
}

/** The stored extraction; with `reveal` the sealed values are decrypted (owner only), else left null. */
export async function openExtraction(
  env: Env,
  row: { id: string; extractedDataJson: string | null; piiEncrypted: string | null },
  options: { reveal: boolean },
): Promise<ExtractedData | null> {
  if (!row.extractedDataJson) return null;
  const plain = JSON.parse(row.extractedDataJson) as ExtractedData;
  if (!options.reveal || !row.piiEncrypted) return plain;
  const secrets = await decryptPiiJson<ExtractionSecrets>(await importPiiKey(appConfig(env).secrets.piiEncryptionKey), row.piiEncrypted, row.id);
  return joinExtraction(plain, secrets);
}
