// SQL on the local D1 of the running e2e server (its --persist-to folder, E2E_STATE_DIR), for setting
// up what no page can make yet (e.g. a second administrator). SQLite's file locking keeps it safe
// beside the running Worker.
import { execFileSync } from "node:child_process";

export function executeSql(sql) {
  const stateDir = process.env.E2E_STATE_DIR;
  if (!stateDir) throw new Error("E2E_STATE_DIR is not set (run the e2e tests through tests/e2e/run.mjs)");
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--command", sql, "--json", "--yes"],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CI: "true" },
    },
  );
  return JSON.parse(out);
}
