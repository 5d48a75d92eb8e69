// The admin user list under load (issue #12): 10,000 users with 50,000 documents and 30,000 auth log
// rows seeded in bulk (multi-row INSERTs through `wrangler d1 execute`), then GET /api/admin/users —
// page 1, a filtered page (status + registration dates, page 2) and a phone search — and one user's
// detail, each as a ratio to the floor route /api/ping under the same closed-loop load. Runs its own
// local Worker (the rows are seeded before it starts).
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { startLocalServer } from "../../tests/support/local-server.mjs";
import { openTarget, summarizeLoad } from "../lib/load.mjs";
import { formatMs, formatRate, formatRatio, ratio } from "../lib/stats.mjs";

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 10_000);
const DOCUMENTS_PER_USER = 5;
const AUTH_LOGS_PER_USER = 3;
// D1 refuses statements over 100 KB (SQLITE_TOOBIG): 100 rows stay well under it.
const ROWS_PER_INSERT = 100;
const DAY = 86_400_000;
const DOCUMENT_TYPES = ["document_identitate", "ultima_factura", "ultima_factura", "contract_furnizor_actual", "poza_contor"];
const DOCUMENT_STATUSES = ["verified", "verified", "pending", "rejected", "failed", "processing"];
const USER_STATUSES = ["active", "active", "active", "active", "active", "active", "active", "active", "suspended", "inactive"];

const q = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);

function inserts(table, rows) {
  const out = [];
  const columns = Object.keys(rows[0]);
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows.slice(i, i + ROWS_PER_INSERT).map((row) => `(${columns.map((c) => q(row[c])).join(", ")})`);
    out.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${values.join(", ")};`);
  }
  return out;
}

/** Users registered over the last 365 days, each with documents and auth log rows; returns what the targets need. */
function seed(state, env, log) {
  const now = Date.now();
  const users = [];
  const documents = [];
  const authLogs = [];
  for (let i = 0; i < USERS; i++) {
    const id = randomUUID();
    const createdAt = now - Math.floor((i / USERS) * 365 * DAY);
    const phone = `+4076${String(i).padStart(7, "0")}`;
    users.push({
      id, phone, first_name: i % 3 ? `Prenume${i}` : null, last_name: i % 3 ? `Nume${i}` : null, email: i % 4 ? null : `client${i}@exemplu.ro`,
      status: USER_STATUSES[i % USER_STATUSES.length], created_at: createdAt, last_login_at: createdAt + DAY,
    });
    for (let d = 0; d < DOCUMENTS_PER_USER; d++) {
      documents.push({
        id: randomUUID(), user_id: id, document_type: DOCUMENT_TYPES[d], r2_key: `documents/bench/${id}/${d}`, file_name: `doc-${d}.pdf`,
        file_size: 200_000 + d, mime_type: "application/pdf", sha256: `${id}-${d}`, status: DOCUMENT_STATUSES[(i + d) % DOCUMENT_STATUSES.length],
        confidence: 0.9, created_at: createdAt + d * 60_000,
      });
    }
    for (let a = 0; a < AUTH_LOGS_PER_USER; a++) {
      authLogs.push({
        id: randomUUID(), user_id: id, phone, action: a === 0 ? "sms_code_requested" : a === 1 ? "login" : "token_refreshed",
        ip_address: "10.0.0.1", user_agent: "bench", success: 1, created_at: createdAt + a * 1000,
      });
    }
  }
  const sqlFile = join(state, "bench-admin-users.sql");
  writeFileSync(sqlFile, [...inserts("users", users), ...inserts("documents", documents), ...inserts("auth_logs", authLogs)].join("\n") + "\n");
  log(`seeding ${users.length} users, ${documents.length} documents, ${authLogs.length} auth log rows`);
  const t0 = performance.now();
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--file", sqlFile, "--yes"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CI: "true" },
  });
  const seedMs = performance.now() - t0;
  // A filtered page that exists: suspended users registered over the last 6 months, page 2.
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  return {
    seedMs,
    counts: { users: users.length, documents: documents.length, authLogs: authLogs.length },
    filterFrom: day(now - 180 * DAY),
    filterTo: day(now),
    searchDigits: `076${String(Math.floor(USERS / 2)).padStart(7, "0").slice(0, 4)}`,
    detailId: users[Math.floor(USERS / 3)].id,
  };
}

async function run({ config, log }) {
  let seeded = null;
  const server = await startLocalServer({
    quiet: process.env.BENCH_VERBOSE !== "1",
    beforeStart: (state, env) => {
      seeded = seed(state, env, log);
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
    if (!token) throw new Error(`admin login failed: ${login.status}`);
    const headers = { Authorization: `Bearer ${token}` };

    const list = (body) => JSON.parse(body).data;
    const targets = [
      { name: "GET /api/ping (floor)", path: "/api/ping", check: (body) => body === "ok" },
      { name: "GET /api/admin/users (page 1)", path: "/api/admin/users?page=1&limit=50", check: (b) => list(b).users.length === 50 },
      {
        name: "GET /api/admin/users (suspended, 6 months, page 2)",
        path: `/api/admin/users?status=suspended&date_from=${seeded.filterFrom}&date_to=${seeded.filterTo}&page=2`,
        check: (b) => list(b).users.length > 0 && list(b).users.every((u) => u.status === "suspended"),
      },
      { name: "GET /api/admin/users (phone search)", path: `/api/admin/users?search=${seeded.searchDigits}`, check: (b) => list(b).users.length > 0 },
      { name: "GET /api/admin/users/{id} (detail)", path: `/api/admin/users/${seeded.detailId}`, check: (b) => list(b).documents.length === DOCUMENTS_PER_USER },
    ];
    const totals = {};
    for (const target of targets) {
      const res = await fetch(base + target.path, { headers });
      const body = await res.text();
      if (!res.ok || !target.check(body)) throw new Error(`${target.path}: HTTP ${res.status}: ${body.slice(0, 200)}`);
      if (target.path.startsWith("/api/admin/users?")) totals[target.name] = list(body).pagination.total;
    }

    const open = targets.map((target) => ({
      target,
      load: openTarget({ url: base + target.path, headers, concurrency: config.concurrency, timeoutMs: config.timeoutSeconds * 1000 }),
      phases: [],
    }));
    try {
      for (const t of open) {
        log(`${t.target.name}: ${config.warmupSeconds} s warm-up`);
        if (config.warmupSeconds > 0) await t.load.phase(config.warmupSeconds * 1000);
      }
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
      title: `Admin user list with ${seeded.counts.users.toLocaleString("en")} users at ${config.concurrency} concurrent clients`,
      headers: ["Route", "p50 ms", "p95 ms", "req/s", "errors", "p95 ×floor", "req/s ×floor"],
      align: ["left", "right", "right", "right", "right", "right", "right"],
      rows: results.map((r) => [r.name, formatMs(r.p50), formatMs(r.p95), formatRate(r.rps), String(r.errors), formatRatio(r.vsFloor.p95), formatRatio(r.vsFloor.rps)]),
      notes: [
        `Seeded ${seeded.counts.users} users (80 % active, 10 % suspended, 10 % inactive, registered over 365 days), ${seeded.counts.documents} documents and ${seeded.counts.authLogs} auth log rows in ${formatMs(seeded.seedMs)} ms (multi-row INSERTs of ${ROWS_PER_INSERT}).`,
        `Matching rows (pagination.total): ${Object.entries(totals).map(([name, n]) => `${name.replace("GET /api/admin/users ", "")} ${n}`).join(", ")}.`,
        `Each list page counts the matches and reads the 50 users' document progress in one grouped query (documents_user_idx); status filters use users_status_created_idx. A phone search is a LIKE over every user (no index can serve a substring).`,
        `${config.concurrency} concurrent keep-alive clients, closed loop; ${config.warmupSeconds} s warm-up per route, then ${config.seconds} s per route in ${config.rounds} interleaved rounds.`,
      ],
      data: { seeded, results, concurrency: config.concurrency, seconds: config.seconds, rounds: config.rounds },
    };
  } finally {
    server.stop();
  }
}

export default { id: "admin-users", needsServer: false, run };
