// The development gate: off unless both credentials are configured; then pages redirect to the gate,
// the API answers 401, /admin is exempt, and a correct login gives a pass cookie.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { action } from "../../app/routes/acces-dezvoltare";
import { DEV_GATE_PATH, devGateResponse } from "../../app/server/dev-gate.server";
import type { Env } from "../../app/server/env.server";
import { TEXTS } from "../../app/texts/user";
import { uniqueIp } from "./auth-helpers";

const gated = { ...env, DEV_GATE_USER: "echipa", DEV_GATE_PASSWORD: "parola-de-test" } as Env;

async function login(username: string, password: string, next = "/profil", ip = uniqueIp()) {
  const body = new URLSearchParams({ username, password, next });
  const request = new Request(`http://local.test${DEV_GATE_PATH}`, { method: "POST", body, headers: { "CF-Connecting-IP": ip } });
  const response = (await action({ request, params: {}, context: { cloudflare: { env: gated } } } as never)) as Response;
  return {
    status: response.status,
    headers: response.headers,
    data: (await response.json()) as { granted: boolean; next: string; result: { error?: Record<string, string[]> } },
  };
}

describe("development gate", () => {
  it("does nothing when not configured", async () => {
    expect(await devGateResponse(new Request("http://local.test/"), env)).toBeNull();
  });

  it("redirects pages to the gate with the way back, refuses the API, lets /admin through", async () => {
    const page = await devGateResponse(new Request("http://local.test/documente?tab=1"), gated);
    expect(page?.status).toBe(303);
    expect(page?.headers.get("Location")).toBe(`http://local.test${DEV_GATE_PATH}?next=${encodeURIComponent("/documente?tab=1")}`);
    expect((await devGateResponse(new Request("http://local.test/api/offers"), gated))?.status).toBe(401);
    expect(await devGateResponse(new Request("http://local.test/admin/login"), gated)).toBeNull();
    expect(await devGateResponse(new Request(`http://local.test${DEV_GATE_PATH}`), gated)).toBeNull();
    expect(await devGateResponse(new Request(`http://local.test${DEV_GATE_PATH}.data`, { method: "POST" }), gated)).toBeNull();
    expect((await devGateResponse(new Request("http://local.test/profil.data"), gated))?.status).toBe(303);
  });

  it("never sends the way back to another site, however the path is written (issue 15)", async () => {
    for (const next of ["/.//evil.com", "/..//evil.com", "/admin/../\\evil.com", "//evil.com", "https://evil.com"]) {
      const granted = await login("echipa", "parola-de-test", next);
      expect(granted.data, next).toMatchObject({ granted: true, next: "/" });
    }
  });

  it("refuses wrong credentials and gives a working pass for the right ones", async () => {
    const wrong = await login("echipa", "gresit");
    expect(wrong.data.granted).toBe(false);
    expect(wrong.status).toBe(401);

    const right = await login("echipa", "parola-de-test");
    expect(right.data).toMatchObject({ granted: true, next: "/profil" });
    const setCookie = right.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = setCookie.split(";")[0]!;
    const passed = await devGateResponse(new Request("http://local.test/", { headers: { Cookie: cookie } }), gated);
    expect(passed).toBeNull();
    // A pass from other credentials is worthless.
    const rotated = { ...gated, DEV_GATE_PASSWORD: "alta-parola" } as Env;
    expect(await devGateResponse(new Request("http://local.test/", { headers: { Cookie: cookie } }), rotated)).not.toBeNull();
  });

  it("locks an IP out after 10 wrong tries in 15 minutes, even for the right password (429 + Retry-After)", async () => {
    const ip = uniqueIp();
    // Right answers give their try back.
    for (let i = 0; i < 3; i++) expect((await login("echipa", "parola-de-test", "/", ip)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login("echipa", `gresit-${i}`, "/", ip)).status).toBe(401);
    const locked = await login("echipa", "parola-de-test", "/", ip);
    expect(locked.status).toBe(429);
    expect(locked.data.granted).toBe(false);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(locked.data.result.error?.[""]).toEqual([TEXTS.devGate.tooManyAttempts(15)]);
    // Another address is not affected.
    expect((await login("echipa", "parola-de-test", "/", uniqueIp())).status).toBe(200);
  });
});
