// Runs the Chromium journeys against a freshly seeded local Worker (node:test reports the results).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { startLocalServer } from "../support/local-server.mjs";

const server = await startLocalServer();
let status = 1;
try {
  const files = readdirSync("tests/e2e").filter((f) => f.endsWith(".test.mjs")).map((f) => `tests/e2e/${f}`);
  const result = spawnSync(process.execPath, ["--test", "--test-concurrency=1", ...files], {
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: server.baseUrl },
  });
  status = result.status ?? 1;
} finally {
  server.stop();
}
process.exit(status);
