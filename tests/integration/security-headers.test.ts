// Security headers (issue 15, item 3): a CSP with a per-page nonce on every inline script and no
// 'unsafe-inline' for scripts, no framing, Referrer-Policy, Permissions-Policy, nosniff, and HSTS
// outside local; every other response gets a policy that allows nothing.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../app/server/env.server";
import worker from "../../workers/app";
import { send } from "./adversarial-helpers";

function directives(policy: string | null): Map<string, string> {
  return new Map(
    (policy ?? "")
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(" ") + 1)]),
  );
}

describe("an HTML page", () => {
  it("has a CSP whose nonce is on every inline script, and no inline script without it", async () => {
    for (const path of ["/", "/login", "/admin/login", "/nu-exista"]) {
      const page = await send(path, {});
      const csp = directives(page.headers.get("Content-Security-Policy"));
      const scriptSrc = csp.get("script-src") ?? "";
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      expect(scriptSrc, path).not.toContain("unsafe-eval");
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const attributes of scripts) {
        if (/\bsrc=/.test(attributes)) continue;
        expect(attributes, `${path}: inline script without the nonce`).toContain(`nonce="${nonce}"`);
      }
      expect(csp.get("frame-ancestors"), path).toBe("'none'");
      expect(csp.get("object-src"), path).toBe("'none'");
      expect(csp.get("base-uri"), path).toBe("'self'");
    }
  });

  it("gets a new nonce on every request", async () => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await send("/", {})).headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("may connect to its own origin and socket and to the geocoding service, nothing else", async () => {
    const page = await send("/", {});
    const connect = directives(page.headers.get("Content-Security-Policy")).get("connect-src");
    expect(connect).toBe(`'self' ws://local.test ${new URL(env.GEOCODE_URL!).origin}`);
  });
});

describe("every response", () => {
  it("carries nosniff, no framing, the referrer and permissions policies; not HSTS locally", async () => {
    for (const [path, init] of [
      ["/", {}],
      ["/api/ping", {}],
      ["/api/nu-exista", {}],
      ["/api/auth/register-phone", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" }],
      ["/logout", {}],
    ] as const) {
      const answer = await send(path, init);
      expect(answer.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(answer.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(answer.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("Permissions-Policy"), path).toContain("geolocation=(self)");
      expect(directives(answer.headers.get("Content-Security-Policy")).get("frame-ancestors"), path).toBe("'none'");
      expect(answer.headers.get("Strict-Transport-Security"), path).toBeNull();
    }
    expect((await send("/api/ping", {})).headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("carries HSTS once deployed", async () => {
    const deployed = {
      ...env,
      APP_ENV: "production",
      SMS_PROVIDER: "http",
      SESSION_SECRET: "prod-session-secret-9f8e7d6c5b4a39281706f5e4d3c2b1a0",
      OTP_HASH_KEY: "prod-otp-hash-key-0a1b2c3d4e5f60718293a4b5c6d7e8f9",
      PII_ENCRYPTION_KEY: "cHJvZC1waWktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
      ADMIN_EMAIL: "ops@celmaiieftincurent.ro",
      ADMIN_PASSWORD: "A-Long-Production-Password-42",
      SMS_GATEWAY_URL: "https://sms-gateway.example.ro/v1/send",
      SMS_GATEWAY_TOKEN: "prod-gateway-token-7c6b5a",
      SUPPLIER_PORTAL_TOKEN: "prod-supplier-portal-token-4d3c2b",
      MAIL_PROVIDER: "http",
      MAIL_API_URL: "https://mail-api.example.ro/v1/send",
      MAIL_API_KEY: "prod-mail-api-key-5e4d3c",
    } as Env;
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request("https://celmaiieftincurent.ro/") as Request<unknown, IncomingRequestCfProperties>, deployed, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });
});
