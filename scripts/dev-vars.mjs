// Reads .dev.vars (or the safe defaults of .dev.vars.example) the way wrangler does: KEY="value" lines.
import { copyFileSync, existsSync, readFileSync } from "node:fs";

export function ensureDevVars() {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("· .dev.vars missing: created from .dev.vars.example (local defaults)");
  }
  return parseDevVars(readFileSync(".dev.vars", "utf8"));
}

export function parseDevVars(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match) continue;
    vars[match[1]] = match[2].replace(/^"(.*)"$/, "$1");
  }
  return vars;
}
