// The live connection's behaviour (user spec §4, §9) with a scripted socket and a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveConnection, reconnectDelayMs, type SocketLike, type TokenResult } from "./connection";
import { HEARTBEAT_FRAME } from "./protocol";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** the server's side */
  open() {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify({ type: "connected", timestamp: "t" }) });
  }
  serverSends(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(tokens: (TokenResult | Error)[] = []) {
  const sockets: FakeSocket[] = [];
  const polls: number[] = [];
  const signedOut = vi.fn();
  let tokenCalls = 0;
  const connection = new LiveConnection({
    url: () => "ws://test/api/auth/ws?user=u",
    fetchToken: async () => {
      tokenCalls++;
      const next = tokens.shift() ?? { token: `t${tokenCalls}` };
      if (next instanceof Error) throw next;
      return next;
    },
    onPoll: () => polls.push(Date.now()),
    onSignedOut: signedOut,
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  return { connection, sockets, polls, signedOut, tokenCalls: () => tokenCalls };
}

/** Lets the awaited token promise settle inside fake time. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LiveConnection", () => {
  it("starts 500 ms after start(), authenticates, then sends the subscriptions and what was queued", async () => {
    const { connection, sockets } = setup();
    const statuses: string[] = [];
    connection.onStatus((s) => statuses.push(s));
    connection.subscribe(["notifications"]);
    connection.start();
    connection.send({ type: "subscribe", streams: ["extra"] });
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(1);

    const socket = sockets[0]!;
    socket.open();
    expect(socket.sent.map((f) => JSON.parse(f))).toEqual([{ type: "authenticate", token: "t1" }]);
    socket.serverSends({ type: "authenticated", timestamp: "t", streams: [] });
    expect(socket.sent.slice(1).map((f) => JSON.parse(f))).toEqual([
      { type: "subscribe", streams: ["notifications"] },
      { type: "subscribe", streams: ["extra"] },
    ]);
    expect(statuses).toEqual(["connecting", "connected"]);
    // Once authenticated, messages go straight out.
    connection.subscribe(["more"]);
    expect(JSON.parse(socket.sent.at(-1)!)).toEqual({ type: "subscribe", streams: ["more"] });
  });

  it("sends a heartbeat every 30 s while connected", async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(500);
    sockets[0]!.open();
    sockets[0]!.serverSends({ type: "authenticated" });
    const before = sockets[0]!.sent.length;
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sockets[0]!.sent.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[0]!.sent.at(-1)).toBe(HEARTBEAT_FRAME);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets[0]!.sent.filter((f) => f === HEARTBEAT_FRAME)).toHaveLength(2);
  });

  it("reconnects up to 5 times, 1 s doubling, then polls every 5 minutes", async () => {
    const { connection, sockets, polls } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(500);
    sockets[0]!.drop();
    const waits = [1000, 2000, 4000, 8000, 16000];
    for (const [i, wait] of waits.entries()) {
      expect(connection.getStatus()).toBe("connecting");
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(sockets).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets).toHaveLength(i + 2);
      sockets.at(-1)!.drop();
    }
    expect(connection.getStatus()).toBe("error");
    expect(polls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(polls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(sockets).toHaveLength(6);
  });

  it("a successful reconnection starts the count again", async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(500);
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1]!.open();
    sockets[1]!.serverSends({ type: "authenticated" });
    expect(connection.getStatus()).toBe("connected");
    sockets[1]!.drop(4401);
    // Back to the first wait of 1 s, with a fresh token.
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    expect(JSON.parse(sockets[2]!.sent[0]!)).toEqual({ type: "authenticate", token: "t3" });
  });

  it("does not reconnect after a close with code 1000", async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(500);
    sockets[0]!.open();
    sockets[0]!.drop(1000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    expect(connection.getStatus()).toBe("disconnected");
  });

  it("a failed token call counts as a failed attempt; a signed-out answer stops everything", async () => {
    const { connection, sockets, signedOut, tokenCalls } = setup([new Error("503"), { signedOut: true }]);
    connection.start();
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(sockets).toHaveLength(0);
    expect(connection.getStatus()).toBe("connecting");
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(tokenCalls()).toBe(2);
    expect(signedOut).toHaveBeenCalledOnce();
    expect(connection.getStatus()).toBe("disconnected");
    await vi.advanceTimersByTimeAsync(600_000);
    expect(tokenCalls()).toBe(2);
  });

  it("stop() closes with 1000 and cancels the timers", async () => {
    const { connection, sockets } = setup();
    connection.start();
    await vi.advanceTimersByTimeAsync(500);
    sockets[0]!.open();
    sockets[0]!.serverSends({ type: "authenticated" });
    connection.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets[0]!.sent.filter((f) => f === HEARTBEAT_FRAME)).toHaveLength(0);
    expect(connection.getStatus()).toBe("disconnected");
  });

  it("passes every server message to its listeners", async () => {
    const { connection, sockets } = setup();
    const seen: string[] = [];
    connection.onMessage((m) => seen.push(m.type));
    connection.start();
    await vi.advanceTimersByTimeAsync(500);
    sockets[0]!.open();
    sockets[0]!.serverSends({ type: "authenticated" });
    sockets[0]!.serverSends({ type: "notification", stream: "notifications", data: { event: "x", details: {}, timestamp: "t" } });
    expect(seen).toEqual(["connected", "authenticated", "notification"]);
  });
});

describe("reconnectDelayMs", () => {
  it("doubles from 1 s and never exceeds 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
