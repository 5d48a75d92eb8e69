// The Worker's other entry points: pages, not-found, live-channel sockets, DOs, queue and cron.
import {
  SELF,
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { TEXTS } from "../../app/texts/user";

describe("pages", () => {
  it("renders the home page in Romanian", async () => {
    const res = await SELF.fetch("http://local.test/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('lang="ro"');
    expect(html).toContain(TEXTS.brand.tagline);
    expect(html).toContain(TEXTS.search.dateHint);
    expect(html).toContain('id="cum-functioneaza"');
  });

  it("answers 404 with the four links for an unknown path", async () => {
    const res = await SELF.fetch("http://local.test/nu-exista");
    expect(res.status).toBe(404);
    const html = await res.text();
    for (const href of ['href="/"', 'href="/profil"', 'href="/schimba-furnizor"', 'href="/documente"']) {
      expect(html).toContain(href);
    }
  });
});

describe("live channels", () => {
  it("greets a WebSocket on /api/auth/ws and answers heartbeat", async () => {
    const res = await SELF.fetch(`http://local.test/api/auth/ws?user=${crypto.randomUUID()}`, { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    const messages: { type: string }[] = [];
    const got = new Promise<void>((resolve) => {
      socket.addEventListener("message", (event) => {
        messages.push(JSON.parse(event.data as string));
        if (messages.length === 3) resolve();
      });
    });
    socket.accept();
    socket.send(JSON.stringify({ type: "heartbeat" }));
    socket.send("not json");
    await got;
    expect(messages.map((m) => m.type)).toEqual(["connected", "heartbeat", "error"]);
    socket.close(1000);
  });

  it("refuses a plain request on the socket path", async () => {
    const res = await SELF.fetch("http://local.test/api/admin/ws");
    expect(res.status).toBe(426);
  });
});

describe("durable objects", () => {
  it("SupplierQueue persists its configuration", async () => {
    const stub = env.SUPPLIER_QUEUE.get(env.SUPPLIER_QUEUE.idFromName("hidroelectrica"));
    await stub.configure("hidroelectrica", 3);
    await stub.stop();
    const stats = await stub.stats();
    expect(stats).toMatchObject({ supplierId: "hidroelectrica", maxConcurrent: 3, isRunning: false, queued: 0 });
  });
});

describe("queue and cron", () => {
  it("acks well-formed jobs and dead-letters malformed ones", async () => {
    const batch = createMessageBatch("document-processing", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { documentId: "d1", userId: "u1", reason: "upload" } },
      { id: "m2", timestamp: new Date(), attempts: 1, body: { nonsense: true } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("the scheduled sweep deletes long-expired codes, admin sessions and outbox messages, and keeps live ones", async () => {
    const old = Date.now() - 3 * 24 * 3600 * 1000;
    const live = Date.now() + 3600 * 1000;
    const admin = { id: "sweep-admin" };
    await env.DB.batch([
      env.DB.prepare("INSERT INTO admins (id, email, role) VALUES ('sweep-admin', 'sweep@test.ro', 'moderator')"),
      env.DB.prepare(
        "INSERT INTO otp_challenges (id, phone, code_hash, expires_at, attempts, sent_at) VALUES ('otp-old', '+40700000000', 'x', ?, 0, ?)",
      ).bind(old, old),
      env.DB.prepare(
        "INSERT INTO admin_sessions (id, admin_id, token_hash, expires_at, created_at) VALUES ('as-old', ?, 'h-old', ?, ?), ('as-live', ?, 'h-live', ?, ?)",
      ).bind(admin.id, old, old, admin.id, live, Date.now()),
      env.DB.prepare(
        "INSERT INTO sms_outbox (id, phone, body, status, created_at) VALUES ('sms-old', '+40700000000', 'Codul 123456', 'sent', ?)",
      ).bind(old),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const row = await env.DB.prepare("SELECT id FROM otp_challenges WHERE id = 'otp-old'").first();
    expect(row).toBeNull();
    const sessions = await env.DB.prepare("SELECT id FROM admin_sessions WHERE id IN ('as-old', 'as-live')").all();
    expect(sessions.results).toEqual([{ id: "as-live" }]);
    expect(await env.DB.prepare("SELECT id FROM sms_outbox WHERE id = 'sms-old'").first()).toBeNull();
  });
});
