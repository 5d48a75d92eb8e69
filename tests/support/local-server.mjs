// Starts the built Worker with `wrangler dev` on its own port and its own freshly seeded state,
// for the Chromium tests and the benchmarks. The server runs in its own process group so that
// stopping it also stops workerd and esbuild.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

export async function startLocalServer({ vars = {}, quiet = true } = {}) {
  const state = mkdtempSync(join(tmpdir(), "cmic-state-"));
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", PERSIST_TO: state };
  execFileSync("npx", ["tsx", "scripts/seed-local.ts"], { env, stdio: quiet ? "ignore" : "inherit" });
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
    ],
    { env, detached: true, stdio: quiet ? "ignore" : "inherit" },
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
  return { baseUrl, stop };
}
