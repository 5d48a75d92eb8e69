// 200 concurrent journeys (issue #15): each is a new household doing what the site is for — search
// offers (GET /api/offers for a county and date), sign in by SMS, upload an ID card and the last bill,
// then wait until both documents have a result. Reported: journeys completed, errors, lost uploads (a
// document accepted with 201 that never reaches a result), per-step percentiles, and the time for the
// queue to drain. BENCH_JOURNEYS overrides the count (the issue's figure is 200).
import { readFileSync } from "node:fs";
import { FIXTURES, json, signInTimed, timed } from "../lib/accounts.mjs";
import { tomorrowInBucharest } from "../lib/dates.mjs";
import { pingFloor, runFlows } from "../lib/flows.mjs";
import { formatMs, formatRatio, ratio } from "../lib/stats.mjs";
import { benchIp, benchPhone } from "./sign-in-load.mjs";
import { sectionBaseUrl } from "../lib/direct.mjs";

const COUNTIES = ["B", "CJ", "IS", "TM", "CT", "BV", "DJ", "BH"];
const RESULT_TIMEOUT_MS = 25 * 60_000;
const POLL_MS = 3000;

function journeyCount() {
  const raw = process.env.BENCH_JOURNEYS;
  const n = raw === undefined ? 200 : Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`BENCH_JOURNEYS must be a whole number > 0, got "${raw}"`);
  return n;
}

async function upload(baseUrl, auth, label, file) {
  const form = new FormData();
  const type = file.endsWith(".pdf") ? "application/pdf" : file.endsWith(".png") ? "image/png" : "image/jpeg";
  form.append("documents", new Blob([readFileSync(`${FIXTURES}/${file}`)], { type }), file);
  const res = await fetch(`${baseUrl}/api/documents/upload/${label}`, { method: "POST", headers: auth, body: form });
  const body = await json(res, `upload ${label}`);
  if (res.status !== 201) throw new Error(`upload ${label}: HTTP ${res.status}`);
  return body.documents[0].id;
}

const finished = (d) => d.status !== "processing" && !(d.status === "pending" && !d.awaitingReview);

async function run({ baseUrl: serverUrl, serverPid, log }) {
  const baseUrl = await sectionBaseUrl({ baseUrl: serverUrl, serverPid, log });
  const total = journeyCount();
  const manifest = JSON.parse(readFileSync(`${FIXTURES}/manifest.json`, "utf8"));
  const ids = manifest.ids.filter((i) => i.file.includes("-scan.")).map((i) => i.file);
  const bills = manifest.bills.map((b) => b.file);
  const day = tomorrowInBucharest();
  const prefix = String(Date.now() + 500).slice(-3);
  const floorClients = Math.min(total, 64);
  const floor = await pingFloor(baseUrl, floorClients);
  const accepted = [];

  log(`${total} journeys at once (search → sign in → upload ID + bill → result)`);
  const result = await runFlows({
    total,
    concurrency: total,
    flow: async (i) => {
      const steps = {};
      const county = COUNTIES[i % COUNTIES.length];
      await timed(steps, "search offers", async () => {
        const body = await json(await fetch(`${baseUrl}/api/offers?county=${county}&date=${day}&consumptionType=casnic`), "search");
        if (!body.data?.length) throw new Error("search: no offers");
      });
      const signedIn = await signInTimed(baseUrl, benchPhone(prefix, i), benchIp(i));
      Object.assign(steps, signedIn.steps);
      const mine = [];
      await timed(steps, "upload ID", async () => mine.push(await upload(baseUrl, signedIn.auth, "document_identitate", ids[i % ids.length])));
      await timed(steps, "upload bill", async () => mine.push(await upload(baseUrl, signedIn.auth, "ultima_factura", bills[i % bills.length])));
      accepted.push(...mine);
      await timed(steps, "until both have a result", async () => {
        const deadline = Date.now() + RESULT_TIMEOUT_MS;
        // Spread the polls so 200 journeys do not ask in lock-step.
        await new Promise((r) => setTimeout(r, Math.random() * POLL_MS));
        while (Date.now() < deadline) {
          const res = await fetch(`${baseUrl}/api/documents/status/all`, { headers: signedIn.auth });
          if (res.ok) {
            const { documents } = await res.json();
            if (mine.every((id) => documents.some((d) => d.id === id && finished(d)))) return;
          }
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
        throw new Error("lost upload: no result within 25 minutes");
      });
      return { steps };
    },
  });
  const lost = result.errorsByKind["lost upload: no result within 25 minutes"] ?? 0;
  const data = { journeys: total, floor, acceptedUploads: accepted.length, lostJourneys: lost, ...result };
  return {
    title: `Whole journeys: ${total} at once (search → sign in → upload ID + bill → result)`,
    headers: ["Step", "p50 ms", "p95 ms", "max ms", "p95 ×floor"],
    align: ["left", "right", "right", "right", "right"],
    rows: [
      ...Object.entries(result.steps).map(([name, s]) => [name, formatMs(s.p50), formatMs(s.p95), formatMs(s.max), formatRatio(ratio(s.p95, floor.p95))]),
      ["whole journey", formatMs(result.p50), formatMs(result.p95), formatMs(result.max), formatRatio(ratio(result.p95, floor.p95))],
      [`floor: GET /api/ping at ${floorClients} clients`, formatMs(floor.p50), formatMs(floor.p95), "—", "1.00×"],
    ],
    notes: [
      ...(baseUrl === serverUrl ? [] : ["Measured past wrangler's local ProxyWorker (BENCH_DIRECT=1): requests went straight to the Worker's workerd."]),
      ...(process.env.BENCH_FRESH_CONNECTIONS === "1" ? ["No client keep-alive (BENCH_FRESH_CONNECTIONS=1): each request on a new connection."] : []),
      `${result.completed}/${total} journeys completed, **${result.failed} errors**${result.failed ? ` (${JSON.stringify(result.errorsByKind)})` : ""}; ${accepted.length} uploads accepted, **${lost} journeys with a lost upload**; all done in ${(result.elapsedMs / 1000).toFixed(0)} s.`,
      "The wait for a result is the queue draining 2 × N documents with OCR of every ID card in one local isolate: it measures throughput, not a user's wait in production, where consumers scale out.",
    ],
    data,
  };
}

export default { id: "journeys", needsServer: true, run };
