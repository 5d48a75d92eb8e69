// Reads .dev.vars (or the safe defaults of .dev.vars.example) the way wrangler does: KEY="value" lines.
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { parseDevVars } from "../app/lib/dev-vars-format.mjs";

export { parseDevVars };

export function ensureDevVars() {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("· .dev.vars missing: created from .dev.vars.example (local defaults)");
  }
  return parseDevVars(readFileSync(".dev.vars", "utf8"));
}
