// `npm run dev`: build, migrate + seed the local D1, then serve everything with `wrangler dev` (miniflare).
import { execFileSync, spawn } from "node:child_process";

const port = process.env.PORT ?? "8787";
// No telemetry, no banner, and no attempt to fetch Request.cf from Cloudflare (an ENOTFOUND stack
// trace per start on an offline machine).
const QUIET_WRANGLER = { WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });

run("npx", ["remix", "build"]);
run("npx", ["tsx", "scripts/seed-local.ts"]);

const children = [];
// The suppliers' onboarding portals, simulated with real latency, failures and rate limits (wrangler.toml
// SUPPLIER_PORTAL_URL points here).
children.push(spawn("node", ["scripts/supplier-portal-simulator.mjs", "--port", process.env.SUPPLIER_PORTAL_PORT ?? "8791"], { stdio: "inherit" }));
if (!process.env.CI) children.push(spawn("npx", ["remix", "watch"], { stdio: "inherit" }));
const server = spawn(
  "npx",
  ["wrangler", "dev", "--ip", "127.0.0.1", "--port", port, "--local", "--show-interactive-dev-session=false"],
  { stdio: "inherit", env: { ...process.env, ...QUIET_WRANGLER } },
);
children.push(server);
console.log(`\n  ➜  Aplicația rulează la http://127.0.0.1:${port}  (Ctrl+C pentru oprire)\n`);

const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  stop();
  process.exit(code ?? 0);
});
