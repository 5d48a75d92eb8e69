// Production fails closed (issue 15, item 1): the Worker's own fetch, queue and scheduled handlers,
// run with the env of a deployed Worker. The development tools answer 404 unless APP_ENV names a local
// environment and SMS_PROVIDER is the outbox; a deployed Worker refuses to serve on a missing secret
// or one still equal to its value in .dev.vars.example.
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import devVarsExample from "../../.dev.vars.example";
import { parseDevVars } from "../../app/lib/dev-vars-format.mjs";
import { TEXTS } from "../../app/texts/user";
import type { Env } from "../../app/server/env.server";
import worker from "../../workers/app";

const EXAMPLE = parseDevVars(devVarsExample);

/** A correctly configured production Worker: every secret set, none from the example file. */
const PRODUCTION: Env = {
  ...env,
  APP_ENV: "production",
  SMS_PROVIDER: "http",
  PUBLIC_BASE_URL: "https://celmaiieftincurent.ro",
  SESSION_SECRET: "prod-session-secret-9f8e7d6c5b4a39281706f5e4d3c2b1a0",
  OTP_HASH_KEY: "prod-otp-hash-key-0a1b2c3d4e5f60718293a4b5c6d7e8f9",
  PII_ENCRYPTION_KEY: "cHJvZC1waWktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
  ADMIN_EMAIL: "ops@celmaiieftincurent.ro",
  ADMIN_PASSWORD: "A-Long-Production-Password-42",
  SMS_GATEWAY_URL: "https://sms-gateway.example.ro/v1/send",
  SMS_GATEWAY_TOKEN: "prod-gateway-token-7c6b5a",
  SMS_SENDER: "CURENT",
  SUPPLIER_PORTAL_TOKEN: "prod-supplier-portal-token-4d3c2b",
  MAIL_PROVIDER: "http",
  MAIL_API_URL: "https://mail-api.example.ro/v1/send",
  MAIL_API_KEY: "prod-mail-api-key-5e4d3c",
  DEV_GATE_USER: "",
  DEV_GATE_PASSWORD: "",
};

async function fetchWith(vars: Env, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`https://celmaiieftincurent.ro${path}`, init) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, vars, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a correctly configured production Worker", () => {
  it("serves pages and the API", async () => {
    expect((await fetchWith(PRODUCTION, "/api/ping")).status).toBe(200);
    expect((await fetchWith(PRODUCTION, "/")).status).toBe(200);
  });

  it("sends the SMS outbox JSON and page nowhere, whatever the spelling of the path", async () => {
    const paths = [
      "/api/dev/sms-outbox",
      "/api/dev/sms-outbox?phone=%2B40712345678",
      "/dev/sms-outbox",
      "/dev/sms-outbox.data",
      "/DEV/sms-outbox",
      "/api/Dev/Sms-Outbox",
      "/%64ev/sms-outbox",
      "/api/%64ev/sms-outbox",
      "//dev/sms-outbox",
    ];
    for (const path of paths) {
      const res = await fetchWith(PRODUCTION, path);
      expect(res.status, path).toBe(404);
      const body = await res.text();
      expect(body, path).not.toMatch(/Codul|\d{6}/);
    }
    const api = await fetchWith(PRODUCTION, "/api/dev/sms-outbox");
    expect(await api.json()).toEqual({ success: false, error: "not_found", message: TEXTS.api.notFound });
  });
});

describe("the development tools", () => {
  it("answer locally with the outbox (development and test)", async () => {
    for (const APP_ENV of ["development", "test"]) {
      const res = await fetchWith({ ...env, APP_ENV, SMS_PROVIDER: "outbox" }, "/api/dev/sms-outbox");
      expect(res.status, APP_ENV).toBe(200);
    }
  });

  it("are off for any other APP_ENV, or without the outbox", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // A deployed Worker configured for the outbox does not even start (503); a local one without it hides the tools (404).
    const cases: [Env, number][] = [
      [{ ...PRODUCTION, APP_ENV: "staging", SMS_PROVIDER: "outbox" }, 503],
      [{ ...PRODUCTION, APP_ENV: "Development", SMS_PROVIDER: "outbox" }, 503],
      [{ ...PRODUCTION, APP_ENV: "", SMS_PROVIDER: "outbox" }, 503],
      [{ ...env, APP_ENV: "development", SMS_PROVIDER: "http" }, 404],
    ];
    for (const [vars, status] of cases) {
      for (const path of ["/api/dev/sms-outbox", "/dev/sms-outbox"]) {
        const res = await fetchWith(vars, path);
        expect(res.status, `${vars.APP_ENV}/${vars.SMS_PROVIDER} ${path}`).toBe(status);
      }
    }
  });
});

describe("a deployed Worker with a missing or example secret", () => {
  const secrets = [
    "SESSION_SECRET",
    "OTP_HASH_KEY",
    "PII_ENCRYPTION_KEY",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "SMS_GATEWAY_URL",
    "SMS_GATEWAY_TOKEN",
    "SUPPLIER_PORTAL_TOKEN",
    "MAIL_API_URL",
    "MAIL_API_KEY",
  ] as const;

  it("refuses every request with 503: JSON on the API, plain text on pages, and never echoes a value", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const name of secrets) {
      for (const [how, value] of [
        ["missing", undefined],
        ["empty", ""],
        ["example", EXAMPLE[name]],
      ] as const) {
        if (how === "example" && !EXAMPLE[name]) continue;
        const vars = { ...PRODUCTION, [name]: value } as Env;
        const api = await fetchWith(vars, "/api/ping");
        expect(api.status, `${name} ${how}`).toBe(503);
        expect(await api.json()).toEqual({ success: false, error: "service_unavailable", message: TEXTS.api.serviceUnavailable });
        const page = await fetchWith(vars, "/");
        expect(page.status).toBe(503);
        expect(page.headers.get("Content-Type")).toContain("text/plain");
        const text = await page.text();
        expect(text).toBe(TEXTS.api.serviceUnavailable);
      }
    }
  });

  it("refuses on a short HMAC key and when SMS would go to the outbox", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await fetchWith({ ...PRODUCTION, SESSION_SECRET: "short" }, "/api/ping")).status).toBe(503);
    expect((await fetchWith({ ...PRODUCTION, SMS_PROVIDER: "outbox" }, "/api/ping")).status).toBe(503);
    expect((await fetchWith({ ...PRODUCTION, MAIL_PROVIDER: "outbox" }, "/api/ping")).status).toBe(503);
  });

  it("treats an unknown APP_ENV as deployed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await fetchWith({ ...env, APP_ENV: "staging" }, "/api/ping")).status).toBe(503);
    expect((await fetchWith({ ...env, APP_ENV: "development" }, "/api/ping")).status).toBe(200);
  });

  it("logs the names of the problems once, never the values", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const vars = { ...PRODUCTION, SESSION_SECRET: EXAMPLE.SESSION_SECRET, ADMIN_PASSWORD: undefined };
    for (let i = 0; i < 3; i++) await fetchWith(vars, "/api/ping");
    expect(logged).toHaveBeenCalledTimes(1);
    const line = logged.mock.calls[0]!.join(" ");
    expect(line).toContain("SESSION_SECRET example_value");
    expect(line).toContain("ADMIN_PASSWORD missing");
    expect(line).not.toContain(EXAMPLE.SESSION_SECRET!);
  });

  it("leaves queued documents for later and skips the cron sweep", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const vars = { ...PRODUCTION, PII_ENCRYPTION_KEY: EXAMPLE.PII_ENCRYPTION_KEY };
    const batch = createMessageBatch("document-processing", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { documentId: "d1", userId: "u1", reason: "upload" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, vars);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryBatch).toMatchObject({ retry: true });
    expect(result.explicitAcks).toEqual([]);

    const old = Date.now() - 3 * 24 * 3600 * 1000;
    await env.DB.prepare(
      "INSERT INTO otp_challenges (id, phone, code_hash, expires_at, attempts, sent_at) VALUES ('otp-kept', '+40700000001', 'x', ?, 0, ?)",
    )
      .bind(old, old)
      .run();
    const cronCtx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), vars, cronCtx);
    await waitOnExecutionContext(cronCtx);
    expect(await env.DB.prepare("SELECT id FROM otp_challenges WHERE id = 'otp-kept'").first()).toEqual({ id: "otp-kept" });
  });
});
