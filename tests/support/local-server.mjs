// Starts the built Worker with `wrangler dev` on its own port and its own freshly seeded state,
// for the Chromium tests and the benchmarks. The server runs in its own process group so that
// stopping it also stops workerd and esbuild.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const SNAPSHOT = ["app", "workers", "build", "public", "seed", "migrations", "wrangler.toml", "package.json", "tsconfig.json", ".dev.vars", ".dev.vars.example"];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitUntilUp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * `beforeStart(stateDir, env)` runs after the seed and before wrangler starts (benches seed more there);
 * `args` are extra `wrangler dev` flags (e.g. --test-scheduled).
 */
export async function startLocalServer({ vars = {}, quiet = true, beforeStart = null, args = [] } = {}) {
  const state = mkdtempSync(join(tmpdir(), "cmic-state-"));
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_HIDE_BANNER: "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    PERSIST_TO: state,
  };
  execFileSync("npx", ["tsx", "scripts/seed-local.ts"], { env, stdio: quiet ? "ignore" : "inherit" });
  if (beforeStart) await beforeStart(state, env);
  // `wrangler dev` rebuilds and restarts (dropping Durable Object memory) whenever a source file
  // changes. Tests and benchmarks serve a snapshot of the sources taken at start, so edits made
  // meanwhile (or a parallel `remix build`) cannot restart the server under them.
  const snapshot = join(state, "app");
  for (const entry of SNAPSHOT) {
    if (existsSync(entry)) cpSync(entry, join(snapshot, entry), { recursive: true });
  }
  symlinkSync(resolve("node_modules"), join(snapshot, "node_modules"), "dir");
  const port = await freePort();
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      state,
      "--show-interactive-dev-session=false",
      ...varArgs,
      ...args,
    ],
    { cwd: snapshot, env, detached: true, stdio: quiet ? "ignore" : "inherit" },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(state, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(`${baseUrl}/api/ping`, child, 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  // pid: the process group's leader (wrangler), for measuring the group's memory; stateDir: its D1
  // and R2 (tests/support/d1.mjs runs SQL on it).
  return { baseUrl, stop, pid: child.pid, stateDir: state };
}
