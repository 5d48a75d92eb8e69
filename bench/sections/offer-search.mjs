// Uncached offer searches: the first GET /api/offers for a (county, date) key starts an OfferCollector
// job; with the D1 catalog it completes inside the request. Each sample is a key nobody asked before.
import { tomorrowInBucharest } from "../lib/dates.mjs";
import { formatMs } from "../lib/stats.mjs";
import { percentile, sortAscending } from "../lib/stats.mjs";

const TARGET_MS = 300;

function addDays(day, n) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function timed(url) {
  const start = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  return { ms: performance.now() - start, status: res.status, body };
}

async function run({ baseUrl, log }) {
  const counties = (await (await fetch(`${baseUrl}/api/counties`)).json()).data.map((c) => c.code);
  const firstDay = addDays(tomorrowInBucharest(), 40);
  const uncached = [];
  const cached = [];
  let failures = 0;
  log(`uncached searches: ${counties.length} counties × 2 dates, one at a time`);
  for (const [i, day] of [firstDay, addDays(firstDay, 1)].entries()) {
    for (const county of counties) {
      const url = `${baseUrl}/api/offers?county=${county}&date=${day}&consumptionType=casnic`;
      const first = await timed(url);
      if (first.status !== 200 || first.body.cached !== false || !first.body.data?.length) failures++;
      else uncached.push(first.ms);
      // The same key right after: the cached answer from the same object, for contrast.
      const second = await timed(url);
      if (second.body.cached === true) cached.push(second.ms);
      if (i === 0 && county === counties[0]) log(`first sample ${Math.round(first.ms)} ms (includes the object's first start)`);
    }
  }
  const u = sortAscending(uncached);
  const c = sortAscending(cached);
  const row = (name, s) => [name, String(s.length), formatMs(percentile(s, 50)), formatMs(percentile(s, 95)), formatMs(s.at(-1))];
  return {
    title: "Offer search: uncached collection vs cached answer (one client, sequential)",
    headers: ["Request", "samples", "p50 ms", "p95 ms", "max ms"],
    align: ["left", "right", "right", "right", "right"],
    rows: [row("GET /api/offers, new key (job runs)", u), row("GET /api/offers, same key again (cached)", c)],
    notes: [
      `Target: uncached < ${TARGET_MS} ms → p95 ${formatMs(percentile(u, 95))} ms: ${percentile(u, 95) < TARGET_MS ? "met" : "NOT met"}.`,
      "Each new key creates an OfferCollector Durable Object, reads the county, suppliers and zone prices from D1 and stores the snapshot.",
      `Failed or unexpected answers: ${failures}.`,
    ],
    data: { uncachedMs: uncached, cachedMs: cached, failures },
  };
}

export default { id: "offer-search", needsServer: true, run };
