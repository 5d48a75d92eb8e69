// Documents through the queue: every generated fixture (bill PDFs, scanned/photographed bills, ID
// scans and photos) is uploaded through POST /api/documents/upload/{type} by its holder's account, at
// once, and the consumer works through the backlog. Reports documents per minute (first upload →
// last result) and, per document kind, the consumer's processing time (claim → result stored,
// measured by the Worker: `processingMs`) and the time from upload to result. While the queue works,
// every upload's response time is recorded and a probe asks GET /api/ping back to back: both show
// whether OCR in the consumer holds up the fetch handler of the same isolate.
import { readFileSync } from "node:fs";
import { percentile, sortAscending, formatMs } from "../lib/stats.mjs";
import { FIXTURES, signIn } from "../lib/accounts.mjs";
import { sectionBaseUrl } from "../lib/direct.mjs";

const POLL_MS = 500;

function kindOf(file) {
  if (file.startsWith("id-")) return file.includes("-scan.") ? "ID card scan (OCR)" : "ID card photo (OCR, tilted/turned/low contrast)";
  if (file.includes("scanned")) return "scanned bill PDF (OCR of the page image)";
  if (file.endsWith(".jpg")) return "photographed paper bill (OCR)";
  return "bill PDF (text layer)";
}

async function upload(baseUrl, auth, label, file) {
  const form = new FormData();
  const type = file.endsWith(".pdf") ? "application/pdf" : file.endsWith(".png") ? "image/png" : "image/jpeg";
  form.append("documents", new Blob([readFileSync(`${FIXTURES}/${file}`)], { type }), file);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/documents/upload/${label}`, { method: "POST", headers: auth, body: form });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload ${file}: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.documents[0].id, ms };
}

/** GET /api/ping back to back until stopped: the fetch handler's latency while the consumer works. */
function startPingProbe(baseUrl) {
  const latencies = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${baseUrl}/api/ping`);
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - started);
        else failures++;
      } catch {
        failures++;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      if (failures > 0) throw new Error(`${failures} GET /api/ping failed while the queue worked`);
      return sortAscending(latencies);
    },
  };
}

async function idlePingFloor(baseUrl, count = 20) {
  const probe = startPingProbe(baseUrl);
  await new Promise((r) => setTimeout(r, count * 60));
  return probe.stop();
}

const finished = (d) => d.status !== "processing" && !(d.status === "pending" && !d.awaitingReview);

async function run({ baseUrl: serverUrl, serverPid, log }) {
  const baseUrl = await sectionBaseUrl({ baseUrl: serverUrl, serverPid, log });
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
  const pingIdle = await idlePingFloor(baseUrl);
  log(`uploading ${files.length} documents`);
  const probe = startPingProbe(baseUrl);
  const started = Date.now();
  const uploaded = [];
  for (const f of files) {
    const { id, ms } = await upload(baseUrl, accounts.get(f.person), f.label, f.file);
    uploaded.push({ ...f, id, uploadMs: ms });
  }
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
  const pingBusy = await probe.stop();
  if (results.size < uploaded.length) throw new Error(`${uploaded.length - results.size} documents still unfinished after 15 minutes`);
  // The first upload finds the consumer idle; the others arrive while it works.
  const uploadsWhileBusy = sortAscending(uploaded.slice(1).map((u) => u.uploadMs));

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
      ...(baseUrl === serverUrl ? [] : ["Measured past wrangler's local ProxyWorker (BENCH_DIRECT=1): requests went straight to the Worker's workerd."]),
      ...(process.env.BENCH_FRESH_CONNECTIONS === "1" ? ["No client keep-alive (BENCH_FRESH_CONNECTIONS=1): each request on a new connection."] : []),
      `Fetch handler while the consumer works: upload response p50 ${formatMs(percentile(uploadsWhileBusy, 50))} ms, p95 ${formatMs(percentile(uploadsWhileBusy, 95))} ms, max ${formatMs(uploadsWhileBusy.at(-1))} ms (${uploadsWhileBusy.length} uploads); GET /api/ping p50 ${formatMs(percentile(pingBusy, 50))} ms, p95 ${formatMs(percentile(pingBusy, 95))} ms, max ${formatMs(pingBusy.at(-1))} ms (${pingBusy.length} probes) against p50 ${formatMs(percentile(pingIdle, 50))} ms idle.`,
      `Throughput: ${docs.length} documents in ${((lastResult - firstUpload) / 1000).toFixed(1)} s from the first upload to the last result → **${perMinute.toFixed(1)} documents per minute** (uploads took ${(uploadedMs / 1000).toFixed(1)} s).`,
      "Processing = the consumer's claim → result stored (R2 read, extraction, verification, sealing the personal data, D1 writes), measured inside the Worker; upload→result includes the wait in the queue behind the backlog.",
      "Outcomes: the too-old and other-holder bills are rejected on purpose; photos of paper bills and ID photos of an expired card are expected verdicts, not errors.",
    ],
    data: {
      docs: docs.map(({ file, status, processingMs, uploadMs, uploadedAt, processedAt, confidenceScore, processingMethod }) => ({ file, status, processingMs, uploadMs, uploadedAt, processedAt, confidenceScore, processingMethod })),
      perMinute,
      uploadMsWhileBusy: { p50: percentile(uploadsWhileBusy, 50), p95: percentile(uploadsWhileBusy, 95), max: uploadsWhileBusy.at(-1) },
      pingMsWhileBusy: { p50: percentile(pingBusy, 50), p95: percentile(pingBusy, 95), max: pingBusy.at(-1), count: pingBusy.length },
      pingMsIdle: { p50: percentile(pingIdle, 50), p95: percentile(pingIdle, 95) },
    },
  };
}

export default { id: "documents", needsServer: true, run };
