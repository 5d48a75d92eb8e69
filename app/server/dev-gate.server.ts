// The development gate (user spec §1): when DEV_GATE_USER and DEV_GATE_PASSWORD are configured, every
// public page and API answer waits behind a user/password screen; /admin keeps its own login.
import { createCookie } from "@remix-run/cloudflare";
import { constantTimeEqualText, hmacSha256, toHex } from "./auth/crypto.server";
import { RATE_LIMITS, consumeRate, refundRate, retryAfterSeconds } from "./auth/rate-limit.server";
import { requestInfo } from "./auth/request-info.server";
import { requireSecret } from "./auth/secrets.server";
import { appConfig } from "./config.server";
import { isLocalEnvironment } from "./deployment.server";
import type { Env } from "./env.server";

export const DEV_GATE_PATH = "/acces-dezvoltare";
const PASS_MAX_AGE_SECONDS = 7 * 24 * 3600;

export function devGateEnabled(env: Env): boolean {
  return appConfig(env).devGate !== null;
}

function gateCookie(env: Env, request: Request) {
  return createCookie("cmic_devgate", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: !isLocalEnvironment(env) || new URL(request.url).protocol === "https:",
    maxAge: PASS_MAX_AGE_SECONDS,
    secrets: [requireSecret(env, "SESSION_SECRET")],
  });
}

/** The pass names the configured user: changing the credentials invalidates every pass. */
async function passFor(env: Env): Promise<string> {
  const gate = appConfig(env).devGate;
  return toHex(await hmacSha256(requireSecret(env, "SESSION_SECRET"), `devgate:${gate?.user}:${gate?.password}`));
}

export async function checkDevGateCredentials(env: Env, user: string, password: string): Promise<boolean> {
  const gate = appConfig(env).devGate;
  if (!gate) return false;
  // Both comparisons always run, so timing does not tell which field was wrong.
  const userOk = constantTimeEqualText(user, gate.user);
  const passwordOk = constantTimeEqualText(password, gate.password);
  return userOk && passwordOk;
}

export type DevGateLogin = { ok: true } | { ok: false; status: 401 } | { ok: false; status: 429; retryAfterSeconds: number };

/**
 * Checks a login at the gate, counted per IP before anything else happens (10 tries in 15 minutes);
 * a right answer gives its try back. The lockout is logged once, not per refused try.
 */
export async function attemptDevGateLogin(env: Env, request: Request, user: string, password: string, now = Date.now()): Promise<DevGateLogin> {
  const ip = requestInfo(request).ip;
  const decision = await consumeRate(env, `dev-gate-ip:${ip}`, RATE_LIMITS.devGatePerIp, now);
  if (!decision.allowed) {
    if (decision.first) console.warn(`dev gate: ${ip} locked out for ${retryAfterSeconds(decision)} s after repeated wrong logins`);
    return { ok: false, status: 429, retryAfterSeconds: retryAfterSeconds(decision) };
  }
  if (!(await checkDevGateCredentials(env, user, password))) return { ok: false, status: 401 };
  await refundRate(env, `dev-gate-ip:${ip}`, decision);
  return { ok: true };
}

export async function devGatePassCookie(env: Env, request: Request): Promise<string> {
  return gateCookie(env, request).serialize(await passFor(env));
}

function isExempt(pathname: string): boolean {
  return (
    pathname === DEV_GATE_PATH ||
    // Remix's own requests for the gate page: its single-fetch data and the route manifest.
    pathname === `${DEV_GATE_PATH}.data` ||
    pathname === "/__manifest" ||
    pathname === "/admin" ||
    pathname.startsWith("/admin/") ||
    pathname.startsWith("/api/admin/") ||
    pathname === "/api/admin/ws" ||
    pathname === "/api/ping"
  );
}

/** Null when the request may go on; otherwise the answer that sends it to the gate. */
export async function devGateResponse(request: Request, env: Env): Promise<Response | null> {
  if (!devGateEnabled(env)) return null;
  const url = new URL(request.url);
  if (isExempt(url.pathname)) return null;
  // A malformed cookie (Remix's parse throws on one) is no pass.
  const pass: unknown = await gateCookie(env, request)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  if (typeof pass === "string" && constantTimeEqualText(pass, await passFor(env))) return null;
  if (url.pathname.startsWith("/api/")) {
    return Response.json(
      { success: false, error: "dev_gate", message: "Acces restricționat - Versiune de dezvoltare" },
      { status: 401 },
    );
  }
  const next = `${url.pathname}${url.search}`;
  return Response.redirect(new URL(`${DEV_GATE_PATH}?next=${encodeURIComponent(next)}`, url).toString(), 303);
}
