// The admin dashboard's data with a realistic amount of rows (issue 13): 10,000 users and 50,000
// documents seeded, then the dashboard's whole deferred loader (every block, read to the end) and the
// monitoring APIs under the same closed-loop load as the floor route, interleaved, as ratios to it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { startLocalServer } from "../../tests/support/local-server.mjs";
import { sectionBaseUrl } from "../lib/direct.mjs";
import { openTarget, summarizeLoad } from "../lib/load.mjs";
import { formatMs, formatRate, formatRatio, ratio } from "../lib/stats.mjs";

const USERS = Number(process.env.BENCH_DASHBOARD_USERS ?? 10_000);
/** The dashboard is an operator's page, not a public one: a handful of admins at once. */
const CONCURRENCY = 8;

async function adminCookie(base) {
  const vars = parseDevVars(readFileSync(".dev.vars", "utf8"));
  const res = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD, redirectTo: "/admin" }),
    redirect: "manual",
  });
  const cookie = res.headers.get("set-cookie");
  if (res.status !== 302 || !cookie) throw new Error(`admin login: HTTP ${res.status}`);
  return cookie.split(";")[0];
}

async function run({ config, log }) {
  let seeded = null;
  const server = await startLocalServer({
    quiet: process.env.BENCH_VERBOSE !== "1",
    beforeStart: (_state, env) => {
      log(`seeding ${USERS} users and ${USERS * 5} documents`);
      seeded = JSON.parse(execFileSync("npx", ["tsx", "bench/lib/seed-dashboard.ts", String(USERS)], { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim().split("\n").pop());
    },
  });
  try {
    const base = await sectionBaseUrl({ baseUrl: server.baseUrl, serverPid: server.pid, log });
    const cookie = await adminCookie(base);
    const targets = [
      { name: "GET /api/ping (floor)", path: "/api/ping" },
      // The single-fetch data URL the browser itself loads on navigation (the app runs Remix's single
      // fetch). The legacy `?_data=` URL makes Remix log an error with a stack on every request; under
      // that logging the whole local runtime stalled for 14–26 s at a time (217 dashboards in 60 s at 8
      // clients, against 8,016 without a stall on this URL, same seed, same minutes).
      { name: "GET /admin.data (every dashboard block)", path: "/admin.data?_route=routes%2Fadmin._index" },
      { name: "GET /api/admin/system/health", path: "/api/admin/system/health" },
      { name: "GET /api/admin/metrics", path: "/api/admin/metrics" },
    ];
    for (const t of targets) {
      const res = await fetch(base + t.path, { headers: { Cookie: cookie } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${t.path}: HTTP ${res.status} ${body.slice(0, 200)}`);
    }
    const open = targets.map((target) => ({
      target,
      load: openTarget({ url: base + target.path, headers: { Cookie: cookie }, concurrency: CONCURRENCY, timeoutMs: config.timeoutSeconds * 1000 }),
      phases: [],
    }));
    try {
      for (const t of open) if (config.warmupSeconds > 0) await t.load.phase(config.warmupSeconds * 1000);
      const sliceMs = (config.seconds * 1000) / config.rounds;
      for (let round = 1; round <= config.rounds; round++) {
        log(`round ${round}/${config.rounds}`);
        for (const t of open) t.phases.push(await t.load.phase(sliceMs));
      }
    } finally {
      for (const t of open) t.load.close();
    }
    const results = open.map((t) => ({ name: t.target.name, path: t.target.path, ...summarizeLoad(t.phases) }));
    const floor = results[0];
    for (const r of results) r.vsFloor = { p50: ratio(r.p50, floor.p50), p95: ratio(r.p95, floor.p95) };
    return {
      title: `Admin dashboard data with ${seeded.users} users and ${seeded.documents} documents, ${CONCURRENCY} concurrent clients`,
      headers: ["Route", "p50 ms", "p95 ms", "p99 ms", "req/s", "errors", "p50 ×floor", "p95 ×floor"],
      align: ["left", "right", "right", "right", "right", "right", "right", "right"],
      rows: results.map((r) => [r.name, formatMs(r.p50), formatMs(r.p95), formatMs(r.p99), formatRate(r.rps), String(r.errors), formatRatio(r.vsFloor.p50), formatRatio(r.vsFloor.p95)]),
      notes: [
        `Seeded: ${JSON.stringify(seeded)}. The dashboard loader streams its blocks; a request counts when the last block has arrived.`,
        `${CONCURRENCY} concurrent clients (an operator page), rounds interleaved with the floor.`,
        ...(base === server.baseUrl ? [] : ["Measured past wrangler's local ProxyWorker (BENCH_DIRECT=1): requests went straight to the Worker's workerd."]),
      ],
      data: { seeded, concurrency: CONCURRENCY, results },
    };
  } finally {
    server.stop();
  }
}

export default { id: "admin-dashboard", needsServer: false, run };
