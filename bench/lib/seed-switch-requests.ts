// Seeds N switch requests for the pipeline bench straight into a local state (PERSIST_TO): users with a
// verified ID card and bill (extractions sealed with the local PII key, as the document consumer stores
// them) and requests left `created` 10 minutes ago, as if their hand-over to the queue was lost — the
// sweep then hands them all over at once. The files in R2 are two objects shared by every document.
//   PERSIST_TO=dir npx tsx bench/lib/seed-switch-requests.ts 500 > summary.json
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../app/lib/ids";
import { sealExtraction } from "../../app/server/documents/pii.server";
import type { Env } from "../../app/server/env.server";
import { ensureDevVars } from "../../scripts/dev-vars.mjs";

const count = Number(process.argv[2] ?? 500);
const state = process.env.PERSIST_TO;
if (!state || !Number.isInteger(count) || count < 1) throw new Error("usage: PERSIST_TO=dir tsx bench/lib/seed-switch-requests.ts N");

const vars = ensureDevVars();
const env = { PII_ENCRYPTION_KEY: vars.PII_ENCRYPTION_KEY } as unknown as Env;
const suppliers = JSON.parse(readFileSync("seed/suppliers.json", "utf8")) as { id: string; maxConcurrent: number }[];
const wrangler = (args: string[]) =>
  execFileSync("npx", ["wrangler", ...args, "--persist-to", state], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CI: "true" },
  });

const files = {
  id: { path: "tests/fixtures/generated/id-popescu-scan.png", key: `documents/bench/${newId()}`, mime: "image/png" },
  bill: { path: "tests/fixtures/generated/bill-electrica-popescu.pdf", key: `documents/bench/${newId()}`, mime: "application/pdf" },
};
for (const f of Object.values(files)) wrangler(["r2", "object", "put", `cel-mai-ieftin-curent-documents/${f.key}`, "--file", f.path, "--content-type", f.mime, "--local"]);
const sha = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

const q = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const insert = (table: string, row: Record<string, string | number | null>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(q).join(", ")});`;

const now = Date.now();
const createdAt = now - 10 * 60_000;
const statements: string[] = [];
const perSupplier: Record<string, number> = {};
for (let i = 0; i < count; i++) {
  const supplier = suppliers[i % suppliers.length]!;
  perSupplier[supplier.id] = (perSupplier[supplier.id] ?? 0) + 1;
  const userId = newId(createdAt);
  const idDoc = newId(createdAt);
  const billDoc = newId(createdAt);
  const pod = `RO005E${String(700_000_000 + i)}`;
  statements.push(insert("users", { id: userId, phone: `+40799${String(i).padStart(6, "0")}`, first_name: "Bench", last_name: `Client ${i}`, status: "active", created_at: createdAt }));
  const id = await sealExtraction(env, idDoc, {
    kind: "id_card", cardType: "ci", cnp: "1960101123456", lastName: "CLIENT", firstName: `BENCH ${i}`, sex: "M", birthDate: "1996-01-01",
    birthPlace: "Cluj-Napoca", address: "Str. Exemplu nr. 1, Cluj-Napoca", series: "CJ", number: String(100_000 + i), issuedBy: "SPCLEP",
    issueDate: "2020-01-01", expiryDate: "2030-01-01", nationality: "ROU", mrz: null, sources: {}, conflicts: [], missingFields: [],
  });
  const bill = await sealExtraction(env, billDoc, {
    kind: "bill", supplierName: "Electrica Furnizare", billNumber: `B${i}`, billDate: "2026-11-01", dueDate: "2026-11-20",
    periodStart: "2026-10-01", periodEnd: "2026-10-31", pod, clientCode: String(i), contractNumber: String(i), customerName: `CLIENT BENCH ${i}`,
    billingAddress: "Str. Exemplu nr. 1, Cluj-Napoca", consumptionKwh: 150, tariffType: "monom", totalWithoutVat: "180.00", vat: "37.80",
    totalWithVat: "217.80", currency: "RON", contractedPowerKw: "6", pricePerKwh: "1.4520", pricePerKwhSource: "net_plus_vat", missingFields: [],
  });
  for (const [docId, type, file, sealed] of [
    [idDoc, "document_identitate", files.id, id],
    [billDoc, "ultima_factura", files.bill, bill],
  ] as const) {
    statements.push(
      insert("documents", {
        id: docId, user_id: userId, document_type: type, r2_key: file.key, file_name: file.path.split("/").pop()!, file_size: readFileSync(file.path).length,
        mime_type: file.mime, sha256: sha(file.path), status: "verified", confidence: 0.97, extracted_data_json: sealed.extractedDataJson,
        pii_encrypted: sealed.piiEncrypted, created_at: createdAt,
      }),
    );
  }
  statements.push(
    insert("switch_requests", {
      id: newId(createdAt), user_id: userId, target_supplier_id: supplier.id, offer_id: `${supplier.id}-bench`, offer_snapshot_json: '{"type":"fix"}',
      offer_name: "Ofertă bench", offer_price_micro_lei: 1_061_200, offer_valid_from: "2026-11-01", offer_valid_until: "2027-10-31", county_id: "CJ",
      pod, consumer_type: "casnic", current_supplier_name: "Electrica Furnizare", status: "created", current_step: "automation_queued",
      progress_percentage: 20, desired_switch_date: "2026-12-08", switch_type: "automatic", switch_reason: "cost_savings",
      title_holder_quality: "Proprietar", id_document_id: idDoc, invoice_document_id: billDoc, created_at: createdAt,
    }),
  );
}
const sqlFile = join(state, "bench-switch-requests.sql");
writeFileSync(sqlFile, statements.join("\n") + "\n");
wrangler(["d1", "execute", "DB", "--local", "--file", sqlFile, "--yes"]);
console.log(JSON.stringify({ count, perSupplier, maxConcurrent: Object.fromEntries(suppliers.map((s) => [s.id, s.maxConcurrent])) }));
