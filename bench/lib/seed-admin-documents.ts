// Seeds the admin document list bench into a local state (PERSIST_TO): USERS users and DOCUMENTS documents
// over them (statuses, types, upload times and confidence spread like a working month), in bulk
// multi-row inserts. No files in R2: the list never reads them.
//   PERSIST_TO=dir npx tsx bench/lib/seed-admin-documents.ts 10000 50000 > summary.json
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../app/lib/ids";

const users = Number(process.argv[2] ?? 10_000);
const docs = Number(process.argv[3] ?? 50_000);
const state = process.env.PERSIST_TO;
if (!state || !Number.isInteger(users) || !Number.isInteger(docs) || users < 1 || docs < 1) {
  throw new Error("usage: PERSIST_TO=dir tsx bench/lib/seed-admin-documents.ts USERS DOCUMENTS");
}

const q = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const rows = (table: string, columns: string[], values: (string | number | null)[][]) =>
  `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values.map((v) => `(${v.map(q).join(", ")})`).join(", ")};`;

// A fixed sequence, so every run seeds the same data.
let seed = 12345;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(weighted: [T, number][]): T => {
  let r = random();
  for (const [value, weight] of weighted) if ((r -= weight) < 0) return value;
  return weighted[weighted.length - 1]![0];
};

const now = Date.now();
const DAY = 86_400_000;
const statements: string[] = [];
const userIds: string[] = [];
const phones: string[] = [];
// Rows per INSERT: D1 refuses statements over 100 KB.
const BATCH = 100;
for (let start = 0; start < users; start += BATCH) {
  const batch: (string | number)[][] = [];
  for (let i = start; i < Math.min(users, start + BATCH); i++) {
    const id = newId(now - 90 * DAY);
    const phone = `+4073${String(1_000_000 + i).padStart(7, "0")}`;
    userIds.push(id);
    phones.push(phone);
    batch.push([id, phone, "Client", `Bench ${i}`, "active", now - 90 * DAY]);
  }
  statements.push(rows("users", ["id", "phone", "first_name", "last_name", "status", "created_at"], batch));
}
const statusCounts: Record<string, number> = {};
for (let start = 0; start < docs; start += BATCH) {
  const batch: (string | number | null)[][] = [];
  for (let i = start; i < Math.min(docs, start + BATCH); i++) {
    const uploadedAt = now - Math.floor(random() * 30 * DAY);
    const status = pick<string>([["verified", 0.62], ["pending", 0.18], ["rejected", 0.1], ["failed", 0.05], ["processing", 0.05]]);
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    const type = pick<string>([["document_identitate", 0.4], ["ultima_factura", 0.4], ["contract_furnizor_actual", 0.1], ["poza_contor", 0.1]]);
    const id = newId(uploadedAt);
    batch.push([
      id,
      userIds[i % users]!,
      type,
      `documents/bench/${id}`,
      `document-${i}.${type === "ultima_factura" ? "pdf" : "jpg"}`,
      20_000 + Math.floor(random() * 3_000_000),
      type === "ultima_factura" ? "application/pdf" : "image/jpeg",
      `bench-${i}`,
      status,
      status === "processing" ? null : Math.round(random() * 1000) / 1000,
      status === "processing" ? null : uploadedAt + 20_000,
      uploadedAt,
      uploadedAt,
    ]);
  }
  statements.push(
    rows(
      "documents",
      ["id", "user_id", "document_type", "r2_key", "file_name", "file_size", "mime_type", "sha256", "status", "confidence", "processed_at", "created_at", "updated_at"],
      batch,
    ),
  );
}
const sqlFile = join(state, "bench-admin-documents.sql");
writeFileSync(sqlFile, statements.join("\n") + "\n");
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", sqlFile, "--yes", "--persist-to", state], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CI: "true" },
});
// The phone searched for: a user in the middle, by a part of the national form (0 7…).
console.log(JSON.stringify({ users, documents: docs, statusCounts, searchPhone: `0${phones[Math.floor(users / 2)]!.slice(3)}` }));
