// The user live channel (user spec §7) inside workerd: routing per user, the protocol, authentication
// against the session store (bad, expired, revoked, another user's token), own streams only, the
// queue consumer's pushes reaching the owner and nobody else, logout closing sockets, the auth
// deadline and the session re-check, and state that survives the object being evicted.
import { createMessageBatch, env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createAppContext } from "../../app/server/context.server";
import {
  CLOSE_AUTH_FAILED,
  CLOSE_SESSION_ENDED,
  HEARTBEAT_FRAME,
  type NotificationView,
} from "../../app/lib/live/protocol";
import { LIVE_TEXTS } from "../../app/texts/live";
import { signAccessToken } from "../../app/server/auth/tokens.server";
import { createUserSession } from "../../app/server/auth/user-auth.server";
import { WORKER_OCR_ASSETS } from "../../app/server/documents/extraction/ocr-assets.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import type { Env as AppEnv } from "../../app/server/env.server";
import { notifyUser, pushUserEvent } from "../../app/server/notifications/notifications.server";
import { consumeDocumentBatch } from "../../workers/queues/document-processing";
import { UserChannel } from "../../workers/durable-objects/user-channel";
import type { SocketState } from "../../workers/durable-objects/live-socket";
import { AUTH_DEADLINE_MS, SESSION_RECHECK_MS } from "../../workers/durable-objects/live-socket";
import { billMaxAgeDaysForFixtures } from "../support/fixture-clock.mjs";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import manifest from "../fixtures/generated/manifest.json";
import { BASE, postJson, signInThroughApi } from "./auth-helpers";
import { storeDocument, uniqueCopy } from "./documents-helpers";
import { openSocket, userSocket } from "./live-helpers";

const appCtx = createAppContext(env);

const channelOf = (userId: string) => env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId));

function note(userId: string, event: "document_verified" | "meter_reading_submitted" = "document_verified") {
  return {
    userId,
    event,
    type: "success",
    category: "documents",
    title: "Document verificat",
    message: "Gata.",
    data: { documentId: "d-1" },
  } as const;
}

describe("upgrade routing", () => {
  it("refuses a plain request and a missing or malformed user with a JSON 4xx", async () => {
    const { SELF } = await import("cloudflare:test");
    const plain = await SELF.fetch(`${BASE}/api/auth/ws?user=${crypto.randomUUID()}`);
    expect(plain.status).toBe(426);
    for (const query of ["", "?user=", "?user=robert'); DROP TABLE users;--"]) {
      const res = await SELF.fetch(`${BASE}/api/auth/ws${query}`, { headers: { Upgrade: "websocket" } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        error: "invalid_channel",
        message: LIVE_TEXTS.channel.badChannel,
      });
    }
  });
});

describe("authentication", () => {
  it("greets, answers heartbeats (also through the runtime's auto-response) and rejects malformed frames", async () => {
    const user = await signInThroughApi();
    const s = await openSocket(`/api/auth/ws?user=${user.userId}`);
    await s.next("connected");
    s.send(HEARTBEAT_FRAME);
    expect(await s.next("heartbeat")).toEqual({ type: "heartbeat" });
    s.send("not json");
    expect(await s.next("error")).toEqual({ type: "error", message: LIVE_TEXTS.channel.invalidMessage });
    s.send({ type: "subscribe", streams: ["notifications"] });
    expect(await s.next("error")).toEqual({ type: "error", message: LIVE_TEXTS.channel.notAuthenticated });
    s.socket.close(1000);
  });

  it("a socket that never authenticates gets nothing", async () => {
    const user = await signInThroughApi();
    const s = await openSocket(`/api/auth/ws?user=${user.userId}`);
    await s.next("connected");
    s.send({ type: "subscribe", streams: ["notifications"] });
    await s.next("error");
    await notifyUser(appCtx, note(user.userId));
    await s.barrier();
    expect(s.notifications()).toEqual([]);
    s.socket.close(1000);
  });

  async function refused(userId: string, token: string) {
    const s = await openSocket(`/api/auth/ws?user=${userId}`);
    await s.next("connected");
    s.send({ type: "authenticate", token });
    expect(await s.next("auth_error")).toEqual({ type: "auth_error", message: LIVE_TEXTS.channel.authFailed });
    expect((await s.closed).code).toBe(CLOSE_AUTH_FAILED);
  }

  it("refuses a garbage, an expired, a revoked and another user's token with auth_error and a close", async () => {
    const user = await signInThroughApi();
    await refused(user.userId, "not-a-token");

    const iat = Math.floor(Date.now() / 1000) - 3600;
    const sid = (await env.DB.prepare("SELECT family_id FROM user_sessions WHERE user_id = ?")
      .bind(user.userId)
      .first<{ family_id: string }>())!.family_id;
    const expired = await signAccessToken(env.SESSION_SECRET!, {
      sub: user.userId,
      sid,
      aud: "user",
      iat,
      exp: iat + 60,
    });
    await refused(user.userId, expired);

    const other = await signInThroughApi();
    await refused(user.userId, other.accessToken);

    await postJson("/api/auth/logout", {}, { Authorization: `Bearer ${user.accessToken}` });
    await refused(user.userId, user.accessToken);
  });

  it("accepts the API access token and the one-minute live token of a cookie session", async () => {
    const user = await signInThroughApi();
    const s1 = await userSocket(user.userId, user.accessToken);
    const issued = await postJson("/api/auth/live-token", {}, { Cookie: user.cookie });
    expect(issued.res.status).toBe(200);
    expect(issued.res.headers.get("Cache-Control")).toBe("no-store");
    expect(issued.body).toMatchObject({ success: true, userId: user.userId, expiresIn: 60 });
    const s2 = await userSocket(user.userId, issued.body.token as string);
    await notifyUser(appCtx, note(user.userId));
    for (const s of [s1, s2]) {
      await s.barrier();
      expect(s.notifications().map((n) => n.stream)).toEqual([`document_processing_${user.userId}`, "notifications"]);
    }
    s1.socket.close(1000);
    s2.socket.close(1000);

    expect((await postJson("/api/auth/live-token", {})).res.status).toBe(401);
  });

  it("logout closes the session's sockets at once; the same user's other session stays", async () => {
    const user = await signInThroughApi();
    const second = await createUserSession(new Request(`${BASE}/`), appCtx, user.userId);
    const first = await userSocket(user.userId, user.accessToken);
    const kept = await userSocket(user.userId, second.tokens.accessToken);
    await postJson("/api/auth/logout", {}, { Authorization: `Bearer ${user.accessToken}` });
    expect(await first.next("auth_error")).toEqual({ type: "auth_error", message: LIVE_TEXTS.channel.sessionEnded });
    expect((await first.closed).code).toBe(CLOSE_SESSION_ENDED);
    await notifyUser(appCtx, note(user.userId));
    expect((await kept.next("notification")).data.event).toBe("document_verified");
    kept.socket.close(1000);
  });
});

describe("streams", () => {
  it("subscribing to another user's stream (or an unknown one) is refused; own streams are kept", async () => {
    const user = await signInThroughApi();
    const other = await signInThroughApi();
    const s = await openSocket(`/api/auth/ws?user=${user.userId}`);
    await s.next("connected");
    s.send({ type: "authenticate", token: user.accessToken });
    await s.next("authenticated");
    s.send({
      type: "subscribe",
      streams: [`document_processing_${other.userId}`, `user_notifications_${user.userId}`, "dashboard_stats"],
    });
    expect(await s.next("error")).toEqual({
      type: "error",
      message: LIVE_TEXTS.channel.streamRefused(`document_processing_${other.userId}`),
    });
    expect(await s.next("error")).toEqual({
      type: "error",
      message: LIVE_TEXTS.channel.streamRefused("dashboard_stats"),
    });
    expect(await s.next("subscribed")).toEqual({ type: "subscribed", streams: [`user_notifications_${user.userId}`] });

    // The other user's events never reach this socket, even through its own channel object.
    await notifyUser(appCtx, note(other.userId));
    await s.barrier();
    expect(s.notifications()).toEqual([]);
    s.socket.close(1000);
  });

  it("sends each event once per topic: notifications + the event's own stream, chosen by its prefix", async () => {
    const user = await signInThroughApi();
    const s = await userSocket(user.userId, user.accessToken, [
      "notifications",
      `user_notifications_${user.userId}`,
      `document_processing_${user.userId}`,
      `switch_request_${user.userId}`,
    ]);
    const row = await notifyUser(appCtx, note(user.userId, "meter_reading_submitted"));
    await pushUserEvent(env, user.userId, "switch_request_processing", { switchRequestId: "r-1", progress: 40 });
    await pushUserEvent(env, user.userId, "switch_request_step_unknown_yet", { step: "x" });
    await s.barrier();
    expect(s.notifications().map((n) => [n.stream, n.data.event])).toEqual([
      [`document_processing_${user.userId}`, "meter_reading_submitted"],
      ["notifications", "meter_reading_submitted"],
      [`switch_request_${user.userId}`, "switch_request_processing"],
      [`switch_request_${user.userId}`, "switch_request_step_unknown_yet"],
    ]);
    const pushed = s.notifications()[1]!.data;
    expect(pushed.notification as NotificationView).toMatchObject({
      id: row.id,
      read: false,
      title: "Document verificat",
      event: "meter_reading_submitted",
    });
    expect(s.notifications()[2]!.data.details).toEqual({ switchRequestId: "r-1", progress: 40 });
    s.socket.close(1000);
  });

  it(
    "a document processed by the queue consumer reaches its owner's socket and no other",
    { timeout: 60_000 },
    async () => {
      const NOW = Date.parse(manifest.now);
      const envAtFixtureDate = { ...env, BILL_MAX_AGE_DAYS: billMaxAgeDaysForFixtures(NOW) } as AppEnv;
      const owner = await signInThroughApi();
      const bystander = await signInThroughApi();
      const mine = await userSocket(owner.userId, owner.accessToken);
      const theirs = await userSocket(bystander.userId, bystander.accessToken);
      const doc = await storeDocument(owner.userId, "ultima_factura", {
        bytes: uniqueCopy(billPdf),
        mimeType: "application/pdf",
        name: "factura.pdf",
      });

      const batch = createMessageBatch<unknown>("document-processing", [
        {
          id: "live-1",
          timestamp: new Date(NOW),
          attempts: 1,
          body: { documentId: doc.id, userId: owner.userId, reason: "upload" },
        },
      ]);
      await consumeDocumentBatch(batch, createAppContext(envAtFixtureDate), {
        ocr: async () => (await getOcrEngine(WORKER_OCR_ASSETS)).engine,
        now: () => NOW,
      });

      await mine.barrier();
      const frames = mine
        .notifications()
        .map((n) => [n.stream, n.data.event, n.data.details.documentId, n.data.details.status]);
      expect(frames).toEqual([
        [`document_processing_${owner.userId}`, "document_processing", doc.id, "processing"],
        ["notifications", "document_processing", doc.id, "processing"],
        [`document_processing_${owner.userId}`, "document_verified", doc.id, "verified"],
        ["notifications", "document_verified", doc.id, "verified"],
      ]);
      await theirs.barrier();
      expect(theirs.notifications()).toEqual([]);
      mine.socket.close(1000);
      theirs.socket.close(1000);
    },
  );
});

describe("hibernation and timers", () => {
  it("keeps who a socket is and what it subscribed to when the object is evicted", async () => {
    const user = await signInThroughApi();
    const s = await userSocket(user.userId, user.accessToken, [`document_processing_${user.userId}`]);
    // A new instance on the same state is what the runtime builds after eviction: no memory of the old one.
    const sent = await runInDurableObject(channelOf(user.userId), async (_instance: UserChannel, state) => {
      const revived = new UserChannel(state, env);
      return revived.publish(
        { event: "document_verified", details: { documentId: "x" }, timestamp: new Date().toISOString() },
        ["documents", "notifications"],
      );
    });
    expect(sent).toBe(1);
    expect(await s.next("notification")).toMatchObject({
      stream: `document_processing_${user.userId}`,
      data: { event: "document_verified" },
    });
    s.socket.close(1000);
  });

  it("closes a socket that did not authenticate by the deadline, and one whose session ended unseen", async () => {
    const user = await signInThroughApi();
    const live = await userSocket(user.userId, user.accessToken);
    const idle = await openSocket(`/api/auth/ws?user=${user.userId}`);
    await idle.next("connected");

    // The alarm before the deadline leaves both alone.
    await runDurableObjectAlarm(channelOf(user.userId));
    expect(await channelOf(user.userId).connectionCount()).toEqual({ open: 2, authenticated: 1 });

    // End the session behind the channel's back (no logout call that would tell it), and move both
    // sockets' clocks past their deadlines (the attachment is all the object knows of them).
    await env.DB.prepare("UPDATE user_sessions SET revoked_at = ? WHERE user_id = ?")
      .bind(Date.now(), user.userId)
      .run();
    await runInDurableObject(channelOf(user.userId), async (_instance: UserChannel, state) => {
      for (const socket of state.getWebSockets()) {
        const s = socket.deserializeAttachment() as SocketState<{ sessionId: string }>;
        if (s.state === "pending") socket.serializeAttachment({ ...s, connectedAt: Date.now() - AUTH_DEADLINE_MS - 1 });
        else socket.serializeAttachment({ ...s, checkedAt: Date.now() - SESSION_RECHECK_MS - 1 });
      }
    });
    expect(await runDurableObjectAlarm(channelOf(user.userId))).toBe(true);

    expect(await idle.next("auth_error")).toEqual({ type: "auth_error", message: LIVE_TEXTS.channel.authTimeout });
    expect((await idle.closed).code).toBe(CLOSE_AUTH_FAILED);
    expect(await live.next("auth_error")).toEqual({ type: "auth_error", message: LIVE_TEXTS.channel.sessionEnded });
    expect((await live.closed).code).toBe(CLOSE_SESSION_ENDED);
  });
});
