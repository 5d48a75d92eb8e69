// Seeds the admin dashboard bench's data straight into a local state (PERSIST_TO): N users and 5 documents
// each (types, statuses, processing times and instants spread over 60 days) plus a rejection event for
// each rejected document. Rows only: the dashboard reads D1, never the files.
//   PERSIST_TO=dir npx tsx bench/lib/seed-dashboard.ts 10000 > summary.json
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../app/lib/ids";

const users = Number(process.argv[2] ?? 10_000);
const state = process.env.PERSIST_TO;
if (!state || !Number.isInteger(users) || users < 1) throw new Error("usage: PERSIST_TO=dir tsx bench/lib/seed-dashboard.ts N");

const TYPES = ["document_identitate", "ultima_factura", "contract_furnizor_actual", "poza_contor", "dovada_proprietate"];
const STATUSES = ["verified", "verified", "verified", "rejected", "pending", "processing", "failed"];
const REASONS = ["expired", "poor_quality", "holder_mismatch", "incomplete"];
const DAY = 86_400_000;
const now = Date.now();
// A fixed pseudo-random sequence, so two runs seed the same rows.
let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

const q = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);
const chunks: string[] = [];
function insertMany(table: string, rows: Record<string, string | number | null>[]) {
  for (let i = 0; i < rows.length; i += 200) {
    const slice = rows.slice(i, i + 200);
    chunks.push(`INSERT INTO ${table} (${Object.keys(slice[0]!).join(", ")}) VALUES ${slice.map((r) => `(${Object.values(r).map(q).join(", ")})`).join(", ")};`);
  }
}

const userRows: Record<string, string | number | null>[] = [];
const documentRows: Record<string, string | number | null>[] = [];
const eventRows: Record<string, string | number | null>[] = [];
for (let i = 0; i < users; i++) {
  const createdAt = now - Math.floor(random() * 60 * DAY);
  const userId = newId(createdAt);
  const complete = random() < 0.6;
  userRows.push({
    id: userId,
    phone: `+40798${String(i).padStart(6, "0")}`,
    first_name: complete ? "Bench" : null,
    last_name: complete ? `Client ${i}` : null,
    email: complete ? `client${i}@bench.ro` : null,
    status: random() < 0.03 ? "suspended" : "active",
    created_at: createdAt,
    last_login_at: createdAt + Math.floor(random() * (now - createdAt)),
  });
  for (let d = 0; d < 5; d++) {
    const uploadedAt = createdAt + Math.floor(random() * (now - createdAt));
    const status = STATUSES[Math.floor(random() * STATUSES.length)]!;
    const processed = status !== "processing" && !(status === "pending" && random() < 0.5);
    const processingMs = processed ? 800 + Math.floor(random() * 20_000) : null;
    const docId = newId(uploadedAt);
    documentRows.push({
      id: docId,
      user_id: userId,
      document_type: TYPES[d]!,
      r2_key: `documents/bench/${docId}`,
      file_name: `doc-${d}.pdf`,
      file_size: 50_000 + Math.floor(random() * 2_000_000),
      mime_type: "application/pdf",
      sha256: docId.replaceAll("-", "").padEnd(64, "0"),
      status,
      processing_ms: processingMs,
      created_at: uploadedAt,
      processed_at: processed ? uploadedAt + (processingMs ?? 0) : null,
      verified_at: status === "verified" ? uploadedAt + (processingMs ?? 0) : null,
    });
    if (status === "rejected") {
      eventRows.push({ id: newId(uploadedAt), document_id: docId, action: "rejected", notes: REASONS[Math.floor(random() * REASONS.length)]!, created_at: uploadedAt + (processingMs ?? 0) });
    }
  }
}
insertMany("users", userRows);
insertMany("documents", documentRows);
insertMany("document_events", eventRows);

const sqlFile = join(state, "bench-dashboard.sql");
writeFileSync(sqlFile, chunks.join("\n") + "\n");
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", sqlFile, "--yes", "--persist-to", state], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CI: "true" },
});
console.log(JSON.stringify({ users: userRows.length, documents: documentRows.length, rejections: eventRows.length }));
