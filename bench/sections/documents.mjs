// Documents through the queue: every generated fixture (bill PDFs, scanned/photographed bills, ID
// scans and photos) is uploaded through POST /api/documents/upload/{type} by its holder's account, at
// once, and the consumer works through the backlog. Reports documents per minute (first upload →
// last result) and, per document kind, the consumer's processing time (claim → result stored,
// measured by the Worker: `processingMs`) and the time from upload to result.
import { readFileSync } from "node:fs";
import { FIXTURES, signIn, uploadFixture as upload } from "../lib/accounts.mjs";
import { percentile, sortAscending, formatMs } from "../lib/stats.mjs";

const POLL_MS = 500;

function kindOf(file) {
  if (file.startsWith("id-")) return file.includes("-scan.") ? "ID card scan (OCR)" : "ID card photo (OCR, tilted/turned/low contrast)";
  if (file.includes("scanned")) return "scanned bill PDF (OCR of the page image)";
  if (file.endsWith(".jpg")) return "photographed paper bill (OCR)";
  return "bill PDF (text layer)";
}

const finished = (d) => d.status !== "processing" && !(d.status === "pending" && !d.awaitingReview);

async function run({ baseUrl, log }) {
  const manifest = JSON.parse(readFileSync(`${FIXTURES}/manifest.json`, "utf8"));
  const files = [
    ...manifest.bills.map((b) => ({ file: b.file, person: b.person, label: "ultima_factura" })),
    { file: manifest.scanned.pdf, person: manifest.scanned.person, label: "ultima_factura" },
    { file: manifest.scanned.photo, person: manifest.scanned.person, label: "ultima_factura" },
    ...manifest.ids.map((i) => ({ file: i.file, person: i.person, label: "document_identitate" })),
  ];
  const people = [...new Set(files.map((f) => f.person))];
  log(`signing in ${people.length} holders`);
  const accounts = new Map();
  const stamp = String(Date.now()).slice(-5);
  for (const [i, person] of people.entries()) accounts.set(person, await signIn(baseUrl, `+40798${stamp}${i}`));

  // IDs first for each holder, so the holder check of each bill has an ID to compare with.
  files.sort((a, b) => (a.label === b.label ? 0 : a.label === "document_identitate" ? -1 : 1));
  log(`uploading ${files.length} documents`);
  const started = Date.now();
  const uploaded = [];
  for (const f of files) uploaded.push({ ...f, id: await upload(baseUrl, accounts.get(f.person), f.label, f.file) });
  const uploadedMs = Date.now() - started;

  log("waiting for the queue to finish");
  const results = new Map();
  const deadline = Date.now() + 15 * 60_000;
  while (results.size < uploaded.length && Date.now() < deadline) {
    for (const [person, auth] of accounts) {
      const list = await (await fetch(`${baseUrl}/api/documents/status/all`, { headers: auth })).json();
      for (const d of list.documents) if (finished(d)) results.set(d.id, { ...d, person });
    }
    if (results.size < uploaded.length) await new Promise((r) => setTimeout(r, POLL_MS));
  }
  if (results.size < uploaded.length) throw new Error(`${uploaded.length - results.size} documents still unfinished after 15 minutes`);

  const docs = uploaded.map((u) => ({ ...u, ...results.get(u.id) }));
  const firstUpload = Math.min(...docs.map((d) => Date.parse(d.uploadedAt)));
  const lastResult = Math.max(...docs.map((d) => Date.parse(d.processedAt)));
  const perMinute = (docs.length * 60_000) / (lastResult - firstUpload);

  const kinds = [...new Set(docs.map((d) => kindOf(d.file)))];
  const rows = kinds.map((kind) => {
    const group = docs.filter((d) => kindOf(d.file) === kind);
    const processing = sortAscending(group.map((d) => d.processingMs));
    const endToEnd = sortAscending(group.map((d) => Date.parse(d.processedAt) - Date.parse(d.uploadedAt)));
    const outcomes = ["verified", "rejected", "pending", "failed"]
      .map((s) => [s, group.filter((d) => d.status === s).length])
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${s} ${n}`)
      .join(", ");
    return [kind, String(group.length), formatMs(percentile(processing, 50)), formatMs(percentile(processing, 95)), formatMs(processing.at(-1)), formatMs(percentile(endToEnd, 95)), outcomes];
  });

  return {
    title: "Documents through the queue (upload → consumer → result)",
    headers: ["Document kind", "docs", "processing p50 ms", "p95 ms", "max ms", "upload→result p95 ms", "outcome"],
    align: ["left", "right", "right", "right", "right", "right", "left"],
    rows,
    notes: [
      `Throughput: ${docs.length} documents in ${((lastResult - firstUpload) / 1000).toFixed(1)} s from the first upload to the last result → **${perMinute.toFixed(1)} documents per minute** (uploads took ${(uploadedMs / 1000).toFixed(1)} s).`,
      "Processing = the consumer's claim → result stored (R2 read, extraction, verification, sealing the personal data, D1 writes), measured inside the Worker; upload→result includes the wait in the queue behind the backlog.",
      "Outcomes: the too-old and other-holder bills are rejected on purpose; photos of paper bills and ID photos of an expired card are expected verdicts, not errors.",
    ],
    data: { docs: docs.map(({ file, status, processingMs, uploadedAt, processedAt, confidenceScore, processingMethod }) => ({ file, status, processingMs, uploadedAt, processedAt, confidenceScore, processingMethod })), perMinute },
  };
}

export default { id: "documents", needsServer: true, run };
