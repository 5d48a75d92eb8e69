// Shared by the live-channel tests: a WebSocket opened through the Worker (as a browser would), with
// its messages kept in order, and a barrier that proves "nothing else arrived" without waiting on a
// clock: a heartbeat sent the long way round (not the exact auto-response frame) is answered by the
// object itself, after everything it sent before.
import { SELF } from "cloudflare:test";
import type { ServerMessage } from "../../app/lib/live/protocol";
import { BASE } from "./auth-helpers";

export interface TestSocket {
  socket: WebSocket;
  messages: ServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  /** the next message of this type after those already taken */
  next<T extends ServerMessage["type"]>(type: T): Promise<Extract<ServerMessage, { type: T }>>;
  /** the next `notification` frame on this stream */
  nextOn(stream: string): Promise<Extract<ServerMessage, { type: "notification" }>>;
  send(message: unknown): void;
  /** resolves once every message the object sent before now has arrived */
  barrier(): Promise<void>;
  notifications(): Extract<ServerMessage, { type: "notification" }>[];
}

export async function openSocket(path: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const res = await SELF.fetch(`${BASE}${path}`, { headers: { Upgrade: "websocket", ...headers } });
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  const socket = res.webSocket;
  const messages: ServerMessage[] = [];
  const taken = new Set<number>();
  let wake: (() => void) | null = null;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.addEventListener("close", (event) => {
      resolve({ code: event.code, reason: event.reason });
      wake?.();
    });
  });
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(event.data as string) as ServerMessage);
    wake?.();
  });
  socket.accept();

  async function take<M extends ServerMessage>(what: string, match: (m: ServerMessage) => boolean): Promise<M> {
    for (;;) {
      const index = messages.findIndex((m, i) => match(m) && !taken.has(i));
      if (index >= 0) {
        taken.add(index);
        return messages[index] as M;
      }
      if (socket.readyState === WebSocket.CLOSED)
        throw new Error(`socket closed while waiting for ${what}: ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  const next = <T extends ServerMessage["type"]>(type: T) =>
    take<Extract<ServerMessage, { type: T }>>(type, (m) => m.type === type);
  const nextOn = (stream: string) =>
    take<Extract<ServerMessage, { type: "notification" }>>(
      stream,
      (m) => m.type === "notification" && m.stream === stream,
    );

  return {
    socket,
    messages,
    closed,
    next,
    nextOn,
    send: (message) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
    async barrier() {
      const answered = () => messages.filter((m) => m.type === "heartbeat" && m.timestamp).length;
      const before = answered();
      socket.send('{ "type": "heartbeat" }');
      for (;;) {
        if (answered() > before) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    notifications: () =>
      messages.filter((m): m is Extract<ServerMessage, { type: "notification" }> => m.type === "notification"),
  };
}

/** A socket on a user's channel, authenticated and subscribed to `streams` (own streams by default). */
export async function userSocket(userId: string, token: string, streams?: string[]): Promise<TestSocket> {
  const s = await openSocket(`/api/auth/ws?user=${userId}`);
  await s.next("connected");
  s.send({ type: "authenticate", token });
  await s.next("authenticated");
  s.send({
    type: "subscribe",
    streams: streams ?? ["notifications", `document_processing_${userId}`, `switch_request_${userId}`],
  });
  await s.next("subscribed");
  return s;
}

export async function adminSocket(token: string, streams: string[]): Promise<TestSocket> {
  const s = await openSocket("/api/admin/ws");
  await s.next("connected");
  s.send({ type: "authenticate", token });
  await s.next("authenticated");
  s.send({ type: "subscribe", streams });
  await s.next("subscribed");
  return s;
}
