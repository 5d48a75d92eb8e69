// The switch wizard's step 4 (issue #9): opening the summary fetches the extracted data of the chosen
// identity document and bill — two GET /api/documents/processing-status/{id} in parallel, each one a
// D1 read, a session check and an AES-GCM decryption of the sealed personal data. One signed-in user
// with a verified ID and bill (through the real queue) is measured under the closed-loop load, against
// the floor /api/ping alone and two pings in parallel (the same shape of load with no work in it).
import { signIn, uploadFixture } from "../lib/accounts.mjs";
import { openTarget, summarizeLoad } from "../lib/load.mjs";
import { formatMs, formatRate, formatRatio, ratio } from "../lib/stats.mjs";

const VERIFY_TIMEOUT_MS = 5 * 60_000;

async function verifiedDocuments(baseUrl, auth, log) {
  const identity = await uploadFixture(baseUrl, auth, "document_identitate", "id-popescu-scan.png");
  const bill = await uploadFixture(baseUrl, auth, "ultima_factura", "bill-electrica-popescu.pdf");
  log("waiting for the ID and the bill to be verified");
  const deadline = Date.now() + VERIFY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { documents } = await (await fetch(`${baseUrl}/api/documents/status/all`, { headers: auth })).json();
    const statuses = [identity, bill].map((id) => documents.find((d) => d.id === id)?.status);
    if (statuses.every((s) => s === "verified")) return { identity, bill };
    if (statuses.some((s) => s === "rejected" || s === "failed")) throw new Error(`fixture not verified: ${statuses.join(", ")}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the fixtures were not verified in time");
}

async function preflight(url, headers) {
  const res = await fetch(url, { headers });
  const body = await res.json();
  if (!res.ok || !body.hasExtractedData) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
}

async function run({ baseUrl, config, log }) {
  const auth = await signIn(baseUrl, `+40797${String(Date.now()).slice(-6)}`);
  const { identity, bill } = await verifiedDocuments(baseUrl, auth, log);
  const status = (id) => `${baseUrl}/api/documents/processing-status/${id}`;
  for (const id of [identity, bill]) await preflight(status(id), auth);

  const targets = [
    { name: "GET /api/ping (floor)", urls: [`${baseUrl}/api/ping`], headers: {} },
    { name: "2 × GET /api/ping in parallel", urls: [`${baseUrl}/api/ping`, `${baseUrl}/api/ping`], headers: {} },
    { name: "step 4: processing-status of ID + bill in parallel", urls: [status(identity), status(bill)], headers: auth },
  ];
  const open = targets.map((target) => ({
    target,
    load: openTarget({ urls: target.urls, headers: target.headers, concurrency: config.concurrency, timeoutMs: config.timeoutSeconds * 1000 }),
    phases: [],
  }));
  try {
    for (const t of open) {
      log(`${t.target.name}: ${config.warmupSeconds} s warm-up`);
      if (config.warmupSeconds > 0) await t.load.phase(config.warmupSeconds * 1000);
    }
    const sliceMs = (config.seconds * 1000) / config.rounds;
    for (let round = 1; round <= config.rounds; round++) {
      log(`round ${round}/${config.rounds}: ${sliceMs / 1000} s per target, ${config.concurrency} clients`);
      for (const t of open) t.phases.push(await t.load.phase(sliceMs));
    }
  } finally {
    for (const t of open) t.load.close();
  }
  const results = open.map((t) => ({ name: t.target.name, ...summarizeLoad(t.phases) }));
  const [floor, pair, step4] = results;
  const data = {
    concurrency: config.concurrency,
    results: results.map(({ name, p50, p95, p99, rps, errors, errorsByKind, bytesPerResponse }) => ({ name, p50, p95, p99, rps, errors, errorsByKind, bytesPerResponse })),
    step4P95VsFloor: ratio(step4.p95, floor.p95),
    step4P95VsPingPair: ratio(step4.p95, pair.p95),
  };
  return {
    title: `Switch wizard step 4 (summary data for two documents) at ${config.concurrency} concurrent clients`,
    headers: ["Load", "p50 ms", "p95 ms", "p99 ms", "loads/s", "errors", "p95 ×floor", "p95 ×ping pair"],
    align: ["left", "right", "right", "right", "right", "right", "right", "right"],
    rows: results.map((r) => [
      r.name,
      formatMs(r.p50),
      formatMs(r.p95),
      formatMs(r.p99),
      formatRate(r.rps),
      String(r.errors),
      formatRatio(ratio(r.p95, floor.p95)),
      formatRatio(ratio(r.p95, pair.p95)),
    ]),
    notes: [
      ...results.filter((r) => r.errors).map((r) => `${r.name}: ${r.errors} failed loads (${JSON.stringify(r.errorsByKind)}).`),
      `One "load" is what the summary does when step 4 opens: both calls in parallel, timed until the second answer. ${config.concurrency} clients, closed loop, ${config.warmupSeconds} s warm-up, ${config.seconds} s measured per target in ${config.rounds} interleaved rounds.`,
      `Step 4 p95 is **${formatRatio(data.step4P95VsFloor)} the floor** (one /api/ping) and ${formatRatio(data.step4P95VsPingPair)} two pings in parallel; answers are ${step4.bytesPerResponse} bytes per load (both JSON bodies, uncompressed).`,
    ],
    data,
  };
}

export default { id: "switch-wizard", needsServer: true, run };
