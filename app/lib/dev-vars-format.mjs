// The KEY="value" lines of .dev.vars / .dev.vars.example, read the way wrangler reads them. Plain
// JavaScript: Node scripts (scripts/dev-vars.mjs, e2e tests) and the Worker (workers/deployment-check.ts)
// share it.
export function parseDevVars(text) {
  const vars = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (!match) continue;
    vars[match[1]] = match[2].replace(/^"(.*)"$/, "$1");
  }
  return vars;
}
