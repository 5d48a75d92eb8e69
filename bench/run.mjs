// `npm run bench`: runs every bench section in turn against one freshly seeded local Worker, prints a
// table per section and writes bench/.tmp/latest.json (all figures) and bench/.tmp/latest.md (the tables).
//
// A section is a module under bench/sections/ exporting { id, needsServer, run(ctx) } where
// ctx = { baseUrl, serverPid, config, log } and run resolves to { title, headers, align, rows, notes, data }
// (see bench/lib/report.mjs). To add one, write the module and list it in SECTIONS.
// Settings: see bench/lib/config.mjs (BENCH_SECONDS, BENCH_CONCURRENCY, BENCH_ONLY=id,id, ...).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { startLocalServer } from "../tests/support/local-server.mjs";
import { readConfig } from "./lib/config.mjs";
import { markdownSection, printSection, writeFileEnsuringDir } from "./lib/report.mjs";
import { billMaxAgeDaysForFixtures } from "../tests/support/fixture-clock.mjs";
import adminDocuments from "./sections/admin-documents.mjs";
import adminUsers from "./sections/admin-users.mjs";
import adminDashboard from "./sections/admin-dashboard.mjs";
import documents from "./sections/documents.mjs";
import homeAssets from "./sections/home-assets.mjs";
import httpRoutes from "./sections/http-routes.mjs";
import journeys from "./sections/journeys.mjs";
import lighthouse from "./sections/lighthouse.mjs";
import live from "./sections/live.mjs";
import metricsOverhead from "./sections/metrics-overhead.mjs";
import offerSearch from "./sections/offer-search.mjs";
import proxyRace from "./sections/proxy-race.mjs";
import signInLoad from "./sections/sign-in-load.mjs";
import switchPipeline from "./sections/switch-pipeline.mjs";
import switchWizard from "./sections/switch-wizard.mjs";

const SECTIONS = [httpRoutes, offerSearch, homeAssets, lighthouse, documents, live, switchWizard, switchPipeline, signInLoad, journeys, adminDocuments, adminUsers, metricsOverhead, adminDashboard, proxyRace];

const OUT_JSON = "bench/.tmp/latest.json";
const OUT_MD = "bench/.tmp/latest.md";

const config = readConfig(process.env);
const selected = config.only ? SECTIONS.filter((s) => config.only.includes(s.id)) : SECTIONS;
if (config.only && selected.length !== config.only.length) {
  const known = SECTIONS.map((s) => s.id).join(", ");
  throw new Error(`BENCH_ONLY=${config.only.join(",")} names an unknown section (known: ${known})`);
}

const log = (message) => console.error(`[bench] ${message}`);

let server = null;
let interrupted = false;
const stopServer = () => {
  if (!server) return null;
  const { stop, baseUrl } = server;
  server = null;
  log("stopping the local server");
  stop();
  return baseUrl;
};

/** stop() only signals the process group; wait until the port is closed so nothing outlives the run. */
async function waitUntilDown(baseUrl, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(`${baseUrl}/api/ping`, { signal: AbortSignal.timeout(500) });
    } catch {
      return; // connection refused: the server is down
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`warning: ${baseUrl} still answers ${timeoutMs} ms after stop; check \`pgrep -fa workerd\``);
}
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => {
    interrupted = true;
    if (server) {
      stopServer();
      process.exit(code);
    }
    log(`${signal}: will stop as soon as the local server has started`);
  });
}

const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? "unknown",
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
  wrangler: JSON.parse(readFileSync("node_modules/wrangler/package.json", "utf8")).version,
};

// Which code was measured: the commit, and whether the Worker's sources differed from it.
function gitState() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const changes = execFileSync("git", ["status", "--porcelain", "--", "app", "workers", "migrations", "seed"], {
      encoding: "utf8",
    });
    return { commit, uncommittedWorkerChanges: changes.trim() !== "" };
  } catch (error) {
    return { commit: "unknown", error: String(error.message ?? error) };
  }
}
const git = gitState();

// Other work on the machine skews every figure: the 1-minute load average at both ends shows it.
const startedAt = new Date().toISOString();
const loadAtStart = loadavg()[0];
const results = [];
let failed = false;
try {
  if (selected.some((s) => s.needsServer)) {
    log("seeding a temporary D1 and starting wrangler dev (local mode)");
    // The documents section uploads the generated fixtures, whose bills carry fixed dates.
    // Every request of the bench comes from 127.0.0.1: one address, many people.
    server = await startLocalServer({ vars: { BILL_MAX_AGE_DAYS: billMaxAgeDaysForFixtures(), UPLOAD_IP_PER_10_MIN: "10000" } });
    if (interrupted) {
      stopServer();
      process.exit(130);
    }
    log(`server up at ${server.baseUrl}`);
  }
  for (const section of selected) {
    try {
      const result = await section.run({ baseUrl: server?.baseUrl ?? null, serverPid: server?.pid ?? null, config, log });
      results.push({ id: section.id, ...result });
      printSection(result);
    } catch (error) {
      failed = true;
      log(`section ${section.id} failed: ${error.stack ?? error}`);
      results.push({ id: section.id, error: String(error.message ?? error) });
    }
  }
} finally {
  const stoppedUrl = stopServer();
  if (stoppedUrl) await waitUntilDown(stoppedUrl);
}

const finishedAt = new Date().toISOString();
const loadAverage1m = { atStart: loadAtStart, atEnd: loadavg()[0] };
writeFileEnsuringDir(
  OUT_JSON,
  `${JSON.stringify({ startedAt, finishedAt, git, machine, loadAverage1m, config, sections: results }, null, 2)}\n`,
);
const header =
  `Run ${startedAt} at ${git.commit}${git.uncommittedWorkerChanges ? " (with uncommitted Worker changes)" : ""} — ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, wrangler ${machine.wrangler} (local); ` +
  `1-min load average ${loadAverage1m.atStart.toFixed(2)} at start, ${loadAverage1m.atEnd.toFixed(2)} at end`;
writeFileEnsuringDir(
  OUT_MD,
  [header, "", ...results.filter((r) => !r.error).map((r) => markdownSection(r))].join("\n"),
);
log(`wrote ${OUT_JSON} and ${OUT_MD}`);
process.exit(failed ? 1 : 0);
