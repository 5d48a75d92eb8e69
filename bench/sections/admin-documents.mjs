// The admin document list (issue #12 item 2) on a realistic table: 10,000 users and 50,000 documents
// seeded in bulk before its own local Worker starts. GET /api/admin/documents — page 1, the 'pending'
// filter, a phone search — under the same closed-loop load as the no-op floor route /api/ping, each
// compared to the floor. The indexes it relies on: documents (created_at), (status, created_at),
// (document_type, created_at), (user_id, created_at).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { startLocalServer } from "../../tests/support/local-server.mjs";
import { openTarget, summarizeLoad } from "../lib/load.mjs";
import { formatMs, formatRate, formatRatio, ratio } from "../lib/stats.mjs";

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 10_000);
const DOCUMENTS = Number(process.env.BENCH_ADMIN_DOCUMENTS ?? 50_000);

async function run({ config, log }) {
  let seeded = null;
  const server = await startLocalServer({
    quiet: process.env.BENCH_VERBOSE !== "1",
    beforeStart: (state, env) => {
      log(`seeding ${USERS} users and ${DOCUMENTS} documents`);
      const t0 = performance.now();
      seeded = JSON.parse(
        execFileSync("npx", ["tsx", "bench/lib/seed-admin-documents.ts", String(USERS), String(DOCUMENTS)], { env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
          .trim()
          .split("\n")
          .pop(),
      );
      seeded.seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
    },
  });
  try {
    const base = server.baseUrl;
    const vars = parseDevVars(readFileSync(".dev.vars", "utf8"));
    const login = await fetch(`${base}/api/admin/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD }),
    });
    const token = (await login.json()).token;
    const auth = { Authorization: `Bearer ${token}` };
    const list = (body) => JSON.parse(body).data;
    const targets = [
      { name: "GET /api/ping (floor)", path: "/api/ping", headers: {}, check: (body) => body === "ok" },
      { name: "GET /api/admin/documents (page 1)", path: "/api/admin/documents", headers: auth, check: (body) => list(body).pagination.total === DOCUMENTS },
      {
        name: "GET /api/admin/documents?status=pending",
        path: "/api/admin/documents?status=pending",
        headers: auth,
        check: (body) => list(body).pagination.total === seeded.statusCounts.pending,
      },
      {
        name: "GET /api/admin/documents?user_id=<phone>",
        path: `/api/admin/documents?user_id=${encodeURIComponent(seeded.searchPhone)}`,
        headers: auth,
        check: (body) => list(body).documents.length > 0,
      },
    ];
    for (const t of targets) {
      const res = await fetch(base + t.path, { headers: t.headers });
      const body = await res.text();
      if (!res.ok || !t.check(body)) throw new Error(`${t.path}: HTTP ${res.status}, unexpected answer: ${body.slice(0, 300)}`);
    }
    const open = targets.map((target) => ({
      target,
      load: openTarget({ url: base + target.path, headers: target.headers, concurrency: config.concurrency, timeoutMs: config.timeoutSeconds * 1000 }),
      phases: [],
    }));
    try {
      for (const t of open) {
        log(`${t.target.name}: ${config.warmupSeconds} s warm-up`);
        if (config.warmupSeconds > 0) await t.load.phase(config.warmupSeconds * 1000);
      }
      // Round-robin slices, so a burst of other work on the machine hits every route, not just one.
      const sliceMs = (config.seconds * 1000) / config.rounds;
      for (let round = 1; round <= config.rounds; round++) {
        log(`round ${round}/${config.rounds}: ${sliceMs / 1000} s per route, ${config.concurrency} clients`);
        for (const t of open) t.phases.push(await t.load.phase(sliceMs));
      }
    } finally {
      for (const t of open) t.load.close();
    }
    const results = open.map((t) => ({ name: t.target.name, path: t.target.path, ...summarizeLoad(t.phases) }));
    const floor = results[0];
    for (const r of results) r.vsFloor = { p50: ratio(r.p50, floor.p50), p95: ratio(r.p95, floor.p95), rps: ratio(r.rps, floor.rps) };
    return {
      title: `Admin document list with ${USERS.toLocaleString("en")} users and ${DOCUMENTS.toLocaleString("en")} documents, ${config.concurrency} concurrent clients`,
      headers: ["Route", "p50 ms", "p95 ms", "p99 ms", "req/s", "errors", "p95 ×floor", "req/s ×floor"],
      align: ["left", "right", "right", "right", "right", "right", "right", "right"],
      rows: results.map((r) => [r.name, formatMs(r.p50), formatMs(r.p95), formatMs(r.p99), formatRate(r.rps), String(r.errors), formatRatio(r.vsFloor.p95), formatRatio(r.vsFloor.rps)]),
      notes: [
        `Seeded in bulk before the Worker started (${seeded.seedSeconds} s): statuses ${JSON.stringify(seeded.statusCounts)}; the phone searched is ${seeded.searchPhone} (a LIKE over users.phone first, then their documents by user).`,
        `${config.concurrency} concurrent keep-alive clients, closed loop; ${config.warmupSeconds} s warm-up per route, then ${config.seconds} s measured per route in ${config.rounds} interleaved rounds. Each list answer runs two D1 queries (the page and the count).`,
      ],
      data: { users: USERS, documents: DOCUMENTS, seeded, results },
    };
  } finally {
    server.stop();
  }
}

export default { id: "admin-documents", needsServer: false, run };
