// The SMS adapters: the local outbox (latency, failures, dev page and JSON) and the HTTP gateway
// adapter against a fake gateway (tests/support/fake-sms-gateway.mjs) across a real process boundary.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { createDb } from "../../app/server/db/client.server";
import { requestSignInCode } from "../../app/server/auth/otp.server";
import { HttpSmsGateway } from "../../app/server/sms/http-gateway.server";
import { OutboxSmsSender, listOutbox } from "../../app/server/sms/outbox.server";
import { createSmsSender } from "../../app/server/sms/sms.server";
import { devToolsEnabled } from "../../app/server/deployment.server";
import type { Env } from "../../app/server/env.server";
import { BASE, info, postJson, uniqueIp, uniquePhone } from "./auth-helpers";

const appCtx = createAppContext(env);

const gatewayFetch: typeof fetch = (input, init) => env.SMS_GATEWAY_FAKE.fetch(input as RequestInfo, init);

function gateway(scenario: string, overrides: Partial<ConstructorParameters<typeof HttpSmsGateway>[0]> = {}) {
  return new HttpSmsGateway({
    url: `http://sms-gateway.test/${scenario}/send`,
    token: "fake-gateway-token",
    sender: "CURENT",
    timeoutMs: 1000,
    fetch: gatewayFetch,
    ...overrides,
  });
}

describe("HTTP SMS gateway adapter", () => {
  it("posts JSON with the bearer token, sender and an idempotency key, and returns the gateway id", async () => {
    const to = uniquePhone();
    const result = await gateway("ok").send({ to, text: "Codul este 123456" });
    expect(result).toMatchObject({ ok: true, messageId: expect.stringMatching(/^fake-\d+$/) });
    const accepted = (await (await gatewayFetch(`http://sms-gateway.test/__messages?to=${encodeURIComponent(to)}`)).json()) as {
      from: string;
      text: string;
      idempotencyKey: string;
    }[];
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ from: "CURENT", text: "Codul este 123456" });
    expect(accepted[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts messageId and numeric message_id answers", async () => {
    expect(await gateway("slow", { url: "http://sms-gateway.test/slow/send?ms=10" }).send({ to: uniquePhone(), text: "x" })).toMatchObject({ ok: true });
    expect(await gateway("numeric-id").send({ to: uniquePhone(), text: "x" })).toEqual({ ok: true, messageId: "12345" });
  });

  it("times out on a slow gateway", async () => {
    const result = await gateway("hang", { timeoutMs: 200 }).send({ to: uniquePhone(), text: "x" });
    expect(result).toMatchObject({ ok: false, error: "timeout" });
  });

  it.each([
    ["status-500", "server_error", 500],
    ["status-503", "server_error", 503],
    ["status-429", "server_error", 429],
    ["status-400", "rejected", 400],
  ])("maps %s to %s", async (scenario, error, status) => {
    expect(await gateway(scenario).send({ to: uniquePhone(), text: "x" })).toMatchObject({ ok: false, error, status });
  });

  it("maps a wrong token to rejected (401)", async () => {
    expect(await gateway("ok", { token: "wrong" }).send({ to: uniquePhone(), text: "x" })).toMatchObject({ ok: false, error: "rejected", status: 401 });
  });

  it("maps a sender the gateway refuses to rejected (422)", async () => {
    expect(await gateway("ok", { sender: "A-VERY-LONG-SENDER" }).send({ to: uniquePhone(), text: "x" })).toMatchObject({ ok: false, error: "rejected", status: 422 });
  });

  it.each([["html"], ["no-id"]])("treats a 2xx %s answer as malformed", async (scenario) => {
    expect(await gateway(scenario).send({ to: uniquePhone(), text: "x" })).toMatchObject({ ok: false, error: "malformed_response", status: 200 });
  });

  it("reports a network failure", async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError("Network connection lost.");
    };
    expect(await gateway("ok", { fetch: failing }).send({ to: uniquePhone(), text: "x" })).toMatchObject({ ok: false, error: "network" });
  });

  it("drives the sign-in flow: a failing gateway gives the spec's SMS error, a working one delivers the code", async () => {
    const phone = uniquePhone();
    const down = await requestSignInCode(appCtx, phone, info(), { sms: gateway("status-503") });
    expect(down).toMatchObject({ ok: false, failure: { code: "sms_failed", status: 502 } });
    const up = await requestSignInCode(appCtx, phone, info(), { sms: gateway("ok") });
    expect(up.ok).toBe(true);
    const accepted = (await (await gatewayFetch(`http://sms-gateway.test/__messages?to=${encodeURIComponent(phone)}`)).json()) as { text: string }[];
    expect(accepted.at(-1)!.text).toMatch(/\b\d{6}\b/);
  });
});

describe("adapter selection (SMS_PROVIDER)", () => {
  const withVars = (vars: Partial<Env>) => createAppContext({ ...env, ...vars } as Env);

  it("picks the outbox or the HTTP gateway, and refuses what cannot work", async () => {
    expect(createSmsSender(withVars({ SMS_PROVIDER: "outbox" })).provider).toBe("outbox");
    expect(
      createSmsSender(withVars({ SMS_PROVIDER: "http", SMS_GATEWAY_URL: "http://sms-gateway.test/ok/send", SMS_GATEWAY_TOKEN: "t" })).provider,
    ).toBe("http");
    const unconfigured = createSmsSender(withVars({ SMS_PROVIDER: "http", SMS_GATEWAY_URL: "", SMS_GATEWAY_TOKEN: "" }));
    expect(await unconfigured.send({ to: "+40712345678", text: "x" })).toMatchObject({ ok: false, error: "not_configured" });
    for (const APP_ENV of ["production", "staging"]) {
      const outboxDeployed = createSmsSender(withVars({ SMS_PROVIDER: "outbox", APP_ENV }));
      expect(await outboxDeployed.send({ to: "+40712345678", text: "x" })).toMatchObject({ ok: false, error: "not_configured" });
    }
    expect(await createSmsSender(withVars({ SMS_PROVIDER: "pigeon" })).send({ to: "+40712345678", text: "x" })).toMatchObject({
      ok: false,
      error: "not_configured",
    });
  });

  it("uses the HTTP gateway through the Worker's own fetch when configured", async () => {
    const sender = createSmsSender(
      withVars({ SMS_PROVIDER: "http", SMS_GATEWAY_URL: "http://sms-gateway.test/ok/send", SMS_GATEWAY_TOKEN: "fake-gateway-token", SMS_SENDER: "CURENT" }),
      { fetch: gatewayFetch },
    );
    expect(await sender.send({ to: uniquePhone(), text: "x" })).toMatchObject({ ok: true });
  });
});

describe("outbox adapter", () => {
  it("stores and lists each message with its code, newest first", async () => {
    const phone = uniquePhone();
    const outbox = new OutboxSmsSender(createDb(env.DB));
    await outbox.send({ to: phone, text: "Codul este 111111." });
    await outbox.send({ to: phone, text: "Codul este 222222." });
    const listed = await listOutbox(createDb(env.DB), { phone });
    expect(listed.map((m) => m.code)).toEqual(["222222", "111111"]);
    expect(listed[0]).toMatchObject({ phone, status: "sent" });
  });

  it("simulates latency and failures like a real gateway", async () => {
    const waits: number[] = [];
    const failing = new OutboxSmsSender(createDb(env.DB), {
      latencyMs: 750,
      failureRate: 0.5,
      sleep: async (ms) => void waits.push(ms),
      random: () => 0.2,
    });
    const phone = uniquePhone();
    expect(await failing.send({ to: phone, text: "Codul este 333333." })).toMatchObject({ ok: false, error: "simulated_failure" });
    expect(waits).toEqual([750]);
    const lucky = new OutboxSmsSender(createDb(env.DB), { failureRate: 0.5, random: () => 0.9 });
    expect(await lucky.send({ to: phone, text: "Codul este 444444." })).toMatchObject({ ok: true });
    expect((await listOutbox(createDb(env.DB), { phone })).map((m) => m.status)).toEqual(["sent", "failed"]);
  });

  it("reads latency and failure rate from the environment", async () => {
    const sender = createSmsSender(createAppContext({ ...env, SMS_OUTBOX_FAILURE_RATE: "1" } as Env));
    expect(await sender.send({ to: uniquePhone(), text: "x" })).toMatchObject({ ok: false, error: "simulated_failure" });
  });
});

describe("dev outbox page and JSON", () => {
  it("serves the codes as JSON by phone, for e2e tests", async () => {
    const phone = uniquePhone();
    await postJson("/api/auth/register-phone", { phoneNumber: phone }, { "CF-Connecting-IP": uniqueIp() });
    const res = await SELF.fetch(`${BASE}/api/dev/sms-outbox?phone=${encodeURIComponent(`0${phone.slice(3)}`)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: { phone: string; code: string }[]; latestCode: string };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.phone).toBe(phone);
    expect(body.latestCode).toMatch(/^\d{6}$/);
  });

  it("renders the page", async () => {
    const phone = uniquePhone();
    await postJson("/api/auth/register-phone", { phoneNumber: phone }, { "CF-Connecting-IP": uniqueIp() });
    const res = await SELF.fetch(`${BASE}/dev/sms-outbox`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("SMS-uri trimise");
    expect(html).toContain(`data-phone="${phone}"`);
  });

  it("is on only in a local environment with the outbox provider", () => {
    expect(devToolsEnabled(env)).toBe(true);
    expect(devToolsEnabled({ ...env, APP_ENV: "test" } as Env)).toBe(true);
    for (const APP_ENV of ["production", "staging", "", "Development"]) {
      expect(devToolsEnabled({ ...env, APP_ENV } as Env)).toBe(false);
    }
    expect(devToolsEnabled({ ...env, SMS_PROVIDER: "http" } as Env)).toBe(false);
  });

  it("answers 404 when off", async () => {
    const { loader: apiLoader } = await import("../../app/routes/api.dev.sms-outbox");
    const { loader: pageLoader } = await import("../../app/routes/dev.sms-outbox");
    for (const vars of [{ APP_ENV: "production" }, { APP_ENV: "staging" }, { SMS_PROVIDER: "http" }]) {
      const varsEnv = { ...env, ...vars } as Env;
      const context = { ...createAppContext(varsEnv), cloudflare: { env: varsEnv, ctx: {} as ExecutionContext }, requestId: "test" };
      for (const loader of [apiLoader, pageLoader]) {
        const thrown = await loader({ request: new Request(`${BASE}/dev/sms-outbox`), context, params: {} }).catch((r: unknown) => r);
        expect((thrown as Response).status).toBe(404);
      }
    }
  });
});
