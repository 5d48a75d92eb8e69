// E-mail behind one interface (issue #12 item 3): the adapter MAIL_PROVIDER picks, the local outbox
// behaving like a provider (failures stored as such), and its JSON for e2e tests only where it may be.
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import { createMailSender } from "../../app/server/mail/mail.server";
import { BASE } from "./auth-helpers";

const message = (to: string) => ({ to, subject: "Subiect", text: "Corp https://exemplu.ro/admin/invitatie/tok" });
/** The context of this Worker with some vars changed (the config is parsed from them). */
const withVars = (vars: Record<string, string>) => createAppContext({ ...env, ...vars } as typeof env);
const address = () => `mail-${crypto.randomUUID().slice(0, 8)}@firma.ro`;

describe("createMailSender", () => {
  it("uses the outbox locally: the message is stored and listed on /api/dev/mail-outbox with its link", async () => {
    const to = address();
    const sender = createMailSender(withVars({ MAIL_PROVIDER: "outbox", MAIL_OUTBOX_LATENCY_MS: "0" }));
    expect(sender.provider).toBe("outbox");
    const result = await sender.send(message(to));
    expect(result.ok).toBe(true);
    const res = await SELF.fetch(`${BASE}/api/dev/mail-outbox?to=${encodeURIComponent(to.toUpperCase())}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { to: string; link: string; status: string }[] };
    expect(body.data).toEqual([expect.objectContaining({ to, status: "sent", link: "https://exemplu.ro/admin/invitatie/tok" })]);
    const pageHtml = await (await SELF.fetch(`${BASE}/dev/mail-outbox`)).text();
    expect(pageHtml).toContain(to);
  });

  it("the outbox fails like a provider when told to, and stores the failure", async () => {
    const to = address();
    const sender = createMailSender(withVars({ MAIL_PROVIDER: "outbox", MAIL_OUTBOX_FAILURE_RATE: "1" }));
    expect(await sender.send(message(to))).toMatchObject({ ok: false, error: "simulated_failure" });
    const row = await env.DB.prepare("SELECT status FROM mail_outbox WHERE to_address = ?").bind(to).first<{ status: string }>();
    expect(row!.status).toBe("failed");
  });

  it("refuses the outbox outside a local environment, and HTTP without its settings", async () => {
    const deployed = createMailSender(withVars({ APP_ENV: "production", MAIL_PROVIDER: "outbox" }));
    expect(await deployed.send(message(address()))).toMatchObject({ ok: false, error: "not_configured" });
    const unconfigured = createMailSender(withVars({ MAIL_PROVIDER: "http", MAIL_API_URL: "", MAIL_API_KEY: "" }));
    expect(await unconfigured.send(message(address()))).toMatchObject({ ok: false, error: "not_configured" });
    const unknown = createMailSender(withVars({ MAIL_PROVIDER: "pigeon" }));
    expect(await unknown.send(message(address()))).toMatchObject({ ok: false, error: "not_configured" });
  });

  it("uses the HTTP adapter when configured", async () => {
    const calls: string[] = [];
    const sender = createMailSender(withVars({ MAIL_PROVIDER: "http", MAIL_API_URL: "https://mail.test/send", MAIL_API_KEY: "k", MAIL_FROM: "x@y.ro" }),
      {
        fetch: async (input) => {
          calls.push(String(input));
          return Response.json({ messageId: "m-1" });
        },
      },
    );
    expect(await sender.send(message(address()))).toEqual({ ok: true, messageId: "m-1" });
    expect(calls).toEqual(["https://mail.test/send"]);
  });
});

describe("/dev/mail-outbox", () => {
  it("is not there when mail does not go to the outbox", async () => {
    const { default: worker } = await import("../../workers/app");
    const { createExecutionContext, waitOnExecutionContext } = await import("cloudflare:test");
    for (const path of ["/api/dev/mail-outbox", "/dev/mail-outbox"]) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`${BASE}${path}`) as Request<unknown, IncomingRequestCfProperties>, { ...env, MAIL_PROVIDER: "http" }, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status, path).toBe(404);
    }
  });
});
