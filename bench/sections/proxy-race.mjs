// workers-sdk#14641 provoked on purpose, through `wrangler dev`'s local ProxyWorker: volleys of N POSTs at
// once open N pooled ProxyWorker→Worker connections; the next volley is fired when they have idled for
// close to 5 s, the instant at which kj's client pool and the Worker's server both drop them, sweeping
// the idle time across that boundary. Counted: answers from the Worker (any status), the proxy's
// `503 Your worker restarted mid-request`, and connections that failed outright. With the patched
// ProxyWorker (scripts/patch-wrangler-proxy.mjs) the last two should be 0; for the A/B run the section
// once after `node scripts/patch-wrangler-proxy.mjs --revert` and once after re-applying it.
// BENCH_PROXY_RACE_CONNECTIONS (volley size, default 32), BENCH_PROXY_RACE_IDLE_MS (first:last:step of
// the idle sweep, default 4600:5100:20), BENCH_PROXY_RACE_SWEEPS (default 1).
import { readFileSync } from "node:fs";
import { Agent, fetch as undiciFetch } from "undici";
import { PROXY_WORKER_PATH, proxyWorkerState } from "../../scripts/patch-wrangler-proxy.mjs";

const PROXY_503 = "Your worker restarted mid-request";

function settings(env) {
  const whole = (name, fallback) => {
    const raw = env[name];
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number > 0, got "${raw}"`);
    return value;
  };
  const sweep = (env.BENCH_PROXY_RACE_IDLE_MS ?? "4600:5100:20").split(":").map(Number);
  const [first, last, step] = sweep;
  if (sweep.length !== 3 || !sweep.every((n) => Number.isInteger(n) && n > 0) || first > last)
    throw new Error(`BENCH_PROXY_RACE_IDLE_MS must be first:last:step in ms, got "${env.BENCH_PROXY_RACE_IDLE_MS}"`);
  const idles = [];
  for (let ms = first; ms <= last; ms += step) idles.push(ms);
  return { connections: whole("BENCH_PROXY_RACE_CONNECTIONS", 32), sweeps: whole("BENCH_PROXY_RACE_SWEEPS", 1), idles };
}

/** One volley: N POSTs at once, each client connection new (only the proxy's pool to the Worker is reused). */
async function volley(baseUrl, connections) {
  const agent = new Agent({ connections: connections + 1, keepAliveTimeout: 1000 });
  const outcomes = await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      try {
        const res = await undiciFetch(`${baseUrl}/api/ping`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ volley: i }),
          dispatcher: agent,
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        return res.status === 503 && text.includes(PROXY_503) ? "proxy503" : "answered";
      } catch {
        return "failed";
      }
    }),
  );
  await agent.close();
  return outcomes;
}

async function run({ baseUrl, log }) {
  const { connections, sweeps, idles } = settings(process.env);
  const proxyWorker = proxyWorkerState(readFileSync(PROXY_WORKER_PATH, "utf8"));
  log(`proxy-race: ProxyWorker ${proxyWorker}; ${sweeps} sweep(s) of ${idles.length} volleys × ${connections} POSTs, idle ${idles[0]}–${idles.at(-1)} ms`);
  const byIdle = new Map(idles.map((ms) => [ms, { answered: 0, proxy503: 0, failed: 0 }]));
  await volley(baseUrl, connections); // opens the pool
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (const idleMs of idles) {
      await new Promise((r) => setTimeout(r, idleMs));
      for (const outcome of await volley(baseUrl, connections)) byIdle.get(idleMs)[outcome]++;
    }
  }
  const totals = { answered: 0, proxy503: 0, failed: 0 };
  for (const counts of byIdle.values()) for (const key of Object.keys(totals)) totals[key] += counts[key];
  const sent = totals.answered + totals.proxy503 + totals.failed;
  const hit = [...byIdle.entries()].filter(([, c]) => c.proxy503 + c.failed > 0).map(([ms]) => ms);
  return {
    title: `ProxyWorker keep-alive race (workers-sdk#14641): ProxyWorker ${proxyWorker}`,
    headers: ["Idle before the volley ms", "POSTs", "answered by the Worker", "proxy 503", "connection failed"],
    align: ["left", "right", "right", "right", "right"],
    rows: [
      ...[...byIdle.entries()].map(([ms, c]) => [String(ms), String(c.answered + c.proxy503 + c.failed), String(c.answered), String(c.proxy503), String(c.failed)]),
      ["all", String(sent), String(totals.answered), String(totals.proxy503), String(totals.failed)],
    ],
    notes: [
      `${PROXY_WORKER_PATH}: **${proxyWorker}**. ${sweeps} sweep(s); each volley is ${connections} POST /api/ping at once on new client connections (the Worker answers 405: any answer of the Worker counts as delivered).`,
      `**${totals.proxy503 + totals.failed} of ${sent} POSTs lost** (${totals.proxy503} × 503 "${PROXY_503}", ${totals.failed} connection failures)${hit.length ? `; at idle ${hit.join(", ")} ms` : ""}.`,
    ],
    data: { proxyWorker, connections, sweeps, totals, byIdle: Object.fromEntries(byIdle) },
  };
}

export default { id: "proxy-race", needsServer: true, run };
