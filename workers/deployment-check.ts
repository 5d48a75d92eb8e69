// A Worker whose vars do not validate (app/server/config.server.ts), or a deployed one (APP_ENV not
// local) that is missing a secret or still runs on a value committed in .dev.vars.example, refuses every
// request with 503 and skips its queue and cron work, instead of signing sessions with a public key
// (app/server/deployment.server.ts). Logged once per isolate and problem set: the names, never the values.
import devVarsExample from "../.dev.vars.example";
import { parseDevVars } from "../app/lib/dev-vars-format.mjs";
import { TEXTS } from "../app/texts/user";
import { ConfigError, appConfig } from "../app/server/config.server";
import { deploymentProblems, isLocalEnvironment } from "../app/server/deployment.server";
import type { Env } from "../app/server/env.server";
import { jsonError } from "../app/server/http.server";

const EXAMPLE_VALUES = parseDevVars(devVarsExample);

let lastLogged = "";

/** Null when the Worker may run; otherwise why not, already logged. */
export function misconfiguration(env: Env): string | null {
  const summary = invalidConfig(env) ?? deploymentSummary(env);
  if (summary === null) return null;
  if (summary !== lastLogged) {
    lastLogged = summary;
    console.error(`refusing to serve (APP_ENV=${env.APP_ENV}): ${summary}; set them with \`wrangler secret put NAME --env production\``);
  }
  return summary;
}

function invalidConfig(env: Env): string | null {
  try {
    appConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.variables.map((name) => `${name} invalid`).join(", ");
    throw error;
  }
}

function deploymentSummary(env: Env): string | null {
  if (isLocalEnvironment(env)) return null;
  const problems = deploymentProblems(env, EXAMPLE_VALUES);
  return problems.length === 0 ? null : problems.map((p) => `${p.name} ${p.problem}`).join(", ");
}

export function serviceUnavailable(request: Request): Response {
  const headers = { "Retry-After": "300", "Cache-Control": "no-store" };
  if (new URL(request.url).pathname.startsWith("/api/")) {
    const response = jsonError(503, "service_unavailable", TEXTS.api.serviceUnavailable);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }
  return new Response(TEXTS.api.serviceUnavailable, { status: 503, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}
