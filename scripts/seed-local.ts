// Applies migrations and the idempotent seed to the local D1 (under .wrangler/), then exits.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { hashPassword } from "../app/server/auth/password.server";
import { bootstrapSuperAdminStatement, referenceDataStatements } from "../app/server/db/seed.server";
import { newId } from "../app/lib/ids";
import { ensureDevVars } from "./dev-vars.mjs";

// PERSIST_TO lets tests and benches seed their own throw-away state instead of the dev one.
const persist = process.env.PERSIST_TO ? ["--persist-to", process.env.PERSIST_TO] : [];
const wrangler = (args: string[], quiet = false) =>
  execFileSync("npx", ["wrangler", ...args, ...persist], {
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CI: "true" },
  });

const vars = ensureDevVars();
wrangler(["d1", "migrations", "apply", "DB", "--local"]);

const statements = referenceDataStatements();
if (vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD) {
  statements.push(bootstrapSuperAdminStatement(newId(), vars.ADMIN_EMAIL, await hashPassword(vars.ADMIN_PASSWORD)));
}
mkdirSync(".wrangler", { recursive: true });
writeFileSync(".wrangler/seed.sql", statements.join("\n") + "\n");
wrangler(["d1", "execute", "DB", "--local", "--file", ".wrangler/seed.sql", "--yes"], true);
console.log(`· seed applied (${statements.length} statements)`);
