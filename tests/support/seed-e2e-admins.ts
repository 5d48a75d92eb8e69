// Inserts the e2e back-office accounts (e2e-admins.mjs) into the local D1 under PERSIST_TO.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../app/lib/ids";
import { hashPassword } from "../../app/server/auth/password.server";
import { E2E_ADMINS } from "./e2e-admins.mjs";

const state = process.env.PERSIST_TO;
if (!state) throw new Error("PERSIST_TO is required: the e2e accounts go only into a throw-away state");
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const statements: string[] = [];
for (const admin of E2E_ADMINS) {
  statements.push(
    `INSERT OR IGNORE INTO admins (id, email, password_hash, first_name, last_name, role, permissions_json, status) VALUES (` +
      [newId(), admin.email, await hashPassword(admin.password), admin.firstName, admin.lastName, admin.role, JSON.stringify(admin.permissions), "active"].map(literal).join(", ") +
      `);`,
  );
}
const file = join(state, "e2e-admins.sql");
writeFileSync(file, statements.join("\n") + "\n");
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--file", file, "--yes"], {
  stdio: "ignore",
  env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CI: "true" },
});
