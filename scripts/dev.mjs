// `npm run dev`: build, migrate + seed the local D1, then serve everything with `wrangler dev` (miniflare).
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cronsOf, startLocalCron } from "./dev-cron.mjs";

const port = process.env.PORT ?? "8787";
// No telemetry, no banner, and no attempt to fetch Request.cf from Cloudflare (an ENOTFOUND stack
// trace per start on an offline machine).
const QUIET_WRANGLER = { WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });

// wrangler's local proxy must resend requests it loses on pooled connections (decision 0015); a no-op
// once `npm install` has patched it, and a loud refusal if wrangler is not the version it was written for.
run("node", ["scripts/patch-wrangler-proxy.mjs"]);
run("npx", ["remix", "build"]);
run("npx", ["tsx", "scripts/seed-local.ts"]);

const children = [];

/**
 * `remix watch` rebuilds everything once at its start ("Rebuilt in …") and replaces the built assets; a page served
 * meanwhile asks for assets that are gone (an unstyled first page). So wrangler starts after that build.
 */
function startRemixWatch() {
  const watch = spawn("npx", ["remix", "watch"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve) => {
    const ready = () => resolve(watch);
    const timer = setTimeout(ready, 120_000);
    watch.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      if (/\b(?:Built|Rebuilt) in\b/.test(String(chunk))) {
        clearTimeout(timer);
        ready();
      }
    });
    watch.on("exit", () => {
      clearTimeout(timer);
      ready();
    });
  });
}
// The suppliers' onboarding portals, simulated with real latency, failures and rate limits (wrangler.toml
// SUPPLIER_PORTAL_URL points here).
children.push(spawn("node", ["scripts/supplier-portal-simulator.mjs", "--port", process.env.SUPPLIER_PORTAL_PORT ?? "8791"], { stdio: "inherit" }));
if (!process.env.CI) children.push(await startRemixWatch());
const server = spawn(
  "npx",
  ["wrangler", "dev", "--ip", "127.0.0.1", "--port", port, "--local", "--show-interactive-dev-session=false", "--test-scheduled"],
  { stdio: "inherit", env: { ...process.env, ...QUIET_WRANGLER } },
);
children.push(server);
console.log(`\n  ➜  Aplicația rulează la http://127.0.0.1:${port}  (Ctrl+C pentru oprire)\n`);

// The sweeps (stuck documents, lost switch hand-overs, expired rows) run as production's cron would.
const stopCron = startLocalCron({ baseUrl: `http://127.0.0.1:${port}`, crons: cronsOf(readFileSync("wrangler.toml", "utf8")) });

const stop = () => {
  stopCron();
  children.forEach((c) => c.kill("SIGTERM"));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  stop();
  process.exit(code ?? 0);
});
