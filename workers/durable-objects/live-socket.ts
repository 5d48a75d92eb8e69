// The body shared by UserChannel and AdminChannel: the wire protocol of user spec §7 "Live channel" on
// hibernatable WebSockets. An object may be evicted from memory between any two events while its
// sockets stay open, so nothing about a socket lives in a field: who it is and what it subscribed to
// are in its attachment (serializeAttachment), and timers are the object's alarm.
//   connect          → `connected`; the socket must authenticate within AUTH_DEADLINE_MS
//   authenticate     → `authenticated`, or `auth_error` and close (CLOSE_AUTH_FAILED)
//   subscribe        → `subscribed` with what it now receives; each refused stream → `error`
//   heartbeat        → `heartbeat`, answered by the runtime itself so it never wakes the object
// Sessions are re-checked every SESSION_RECHECK_MS; an ended one closes its sockets (CLOSE_SESSION_ENDED),
// and logout closes them at once through endSession().
import { DurableObject } from "cloudflare:workers";
import { z } from "zod";
import { CLOSE_AUTH_FAILED, CLOSE_NORMAL, CLOSE_SESSION_ENDED, HEARTBEAT_FRAME, type LiveEvent, type ServerMessage } from "../../app/lib/live/protocol";
import { LIVE_TEXTS } from "../../app/texts/live";
import { createAppContext, type AppContext } from "../../app/server/context.server";
import type { Env } from "../../app/server/env.server";
import type { SocketAuth } from "../../app/server/live/live-auth.server";

/** The Worker names the channel (the user id) in this header when it forwards an upgrade. */
export const CHANNEL_HEADER = "X-Live-Channel";
export const AUTH_DEADLINE_MS = 10_000;
export const SESSION_RECHECK_MS = 5 * 60_000;
const MAX_STREAMS = 8;

const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("authenticate"), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("subscribe"), streams: z.array(z.string().min(1).max(64)).min(1).max(MAX_STREAMS) }),
  z.object({ type: z.literal("heartbeat") }),
]);
type ClientMessage = z.infer<typeof clientMessageSchema>;

function parseClientMessage(raw: string | ArrayBuffer): ClientMessage | null {
  if (typeof raw !== "string" || raw.length > 16_384) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
  const parsed = clientMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface PendingSocket {
  state: "pending";
  channel: string;
  connectedAt: number;
}

export interface AuthenticatedSocket<P> {
  state: "authenticated";
  channel: string;
  principal: P;
  streams: string[];
  checkedAt: number;
}

export type SocketState<P> = PendingSocket | AuthenticatedSocket<P>;

export interface Frame {
  stream: string;
  data: LiveEvent;
}

function isOpen(socket: WebSocket): boolean {
  return socket.readyState === WebSocket.OPEN;
}

export function send(socket: WebSocket, message: ServerMessage): void {
  // A socket closing while we work is not an error: there is no one left to tell.
  if (isOpen(socket)) socket.send(JSON.stringify(message));
}

const nowIso = () => new Date().toISOString();

export abstract class LiveChannel<P extends { sessionId: string }> extends DurableObject<Env> {
  /** Bindings, config and db for the life of the object (its env never changes). */
  protected readonly app: AppContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.app = createAppContext(env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT_FRAME, HEARTBEAT_FRAME));
  }

  /** Checks an `authenticate` token for a socket of `channel`. */
  protected abstract authenticate(channel: string, token: string, now: number): Promise<SocketAuth<P>>;
  /** Whether this principal may receive the stream (refused otherwise). */
  protected abstract maySubscribe(principal: P, stream: string): boolean;
  /** The principals of these sessions as they are now; a session missing from the answer has ended. */
  protected abstract currentPrincipals(channel: string, principals: P[], now: number): Promise<Map<string, P>>;
  /** Called after a socket subscribed to new streams (e.g. to send it a first snapshot). */
  protected async onSubscribed(_socket: WebSocket, _state: AuthenticatedSocket<P>, _added: string[]): Promise<void> {}
  /** The subclass's own timers, run by the alarm; returns when it next wants to run, or null. */
  protected async onAlarm(_now: number): Promise<number | null> {
    return null;
  }

  /** The health probe (app/server/admin/system-health.server.ts): this namespace answers. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response(LIVE_TEXTS.channel.upgradeRequired, { status: 426 });
    }
    const now = Date.now();
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    const state: PendingSocket = { state: "pending", channel: request.headers.get(CHANNEL_HEADER) ?? "", connectedAt: now };
    server.serializeAttachment(state);
    send(server, { type: "connected", timestamp: nowIso() });
    await this.scheduleAlarm(now + AUTH_DEADLINE_MS);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const message = parseClientMessage(raw);
    if (!message) return send(socket, { type: "error", message: LIVE_TEXTS.channel.invalidMessage });
    const state = socket.deserializeAttachment() as SocketState<P>;
    if (message.type === "heartbeat") return send(socket, { type: "heartbeat", timestamp: nowIso() });
    if (message.type === "authenticate") return this.onAuthenticate(socket, state, message.token);
    if (state.state !== "authenticated") return send(socket, { type: "error", message: LIVE_TEXTS.channel.notAuthenticated });
    return this.onSubscribe(socket, state, message.streams);
  }

  async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake (1005/1006 are not codes one may send).
    if (socket.readyState !== WebSocket.CLOSED) socket.close(code === 1005 || code === 1006 ? CLOSE_NORMAL : code, reason);
  }

  async webSocketError(socket: WebSocket, error: unknown): Promise<void> {
    console.warn("live: socket error", error instanceof Error ? error.message : String(error));
    if (socket.readyState !== WebSocket.CLOSED) socket.close(CLOSE_NORMAL, "error");
  }

  private async onAuthenticate(socket: WebSocket, state: SocketState<P>, token: string): Promise<void> {
    const now = Date.now();
    const result = await this.authenticate(state.channel, token, now);
    if (!result.ok) return this.refuse(socket, LIVE_TEXTS.channel.authFailed, CLOSE_AUTH_FAILED);
    // Authenticating again (a fresh token) keeps the subscriptions of the same session.
    const streams = state.state === "authenticated" && state.principal.sessionId === result.principal.sessionId ? state.streams : [];
    const next: AuthenticatedSocket<P> = { state: "authenticated", channel: state.channel, principal: result.principal, streams, checkedAt: now };
    socket.serializeAttachment(next);
    send(socket, { type: "authenticated", timestamp: nowIso(), streams });
    await this.scheduleAlarm(now + SESSION_RECHECK_MS);
  }

  private async onSubscribe(socket: WebSocket, state: AuthenticatedSocket<P>, requested: string[]): Promise<void> {
    const added: string[] = [];
    for (const stream of new Set(requested)) {
      if (!this.maySubscribe(state.principal, stream)) send(socket, { type: "error", message: LIVE_TEXTS.channel.streamRefused(stream) });
      else if (!state.streams.includes(stream) && state.streams.length < MAX_STREAMS) added.push(stream);
    }
    const next: AuthenticatedSocket<P> = { ...state, streams: [...state.streams, ...added] };
    socket.serializeAttachment(next);
    send(socket, { type: "subscribed", streams: next.streams });
    if (added.length > 0) await this.onSubscribed(socket, next, added);
  }

  private refuse(socket: WebSocket, message: string, code: number): void {
    send(socket, { type: "auth_error", message });
    if (socket.readyState !== WebSocket.CLOSED) socket.close(code, "auth");
  }

  /** The authenticated sockets with their state, read from their attachments. */
  protected authenticatedSockets(): { socket: WebSocket; state: AuthenticatedSocket<P> }[] {
    const out: { socket: WebSocket; state: AuthenticatedSocket<P> }[] = [];
    for (const socket of this.ctx.getWebSockets()) {
      const state = socket.deserializeAttachment() as SocketState<P> | null;
      if (state?.state === "authenticated" && isOpen(socket)) out.push({ socket, state });
    }
    return out;
  }

  /** Sends each authenticated socket the frames `framesFor` lists for it; returns how many were sent. */
  protected deliver(framesFor: (state: AuthenticatedSocket<P>) => Frame[]): number {
    let sent = 0;
    for (const { socket, state } of this.authenticatedSockets()) {
      for (const frame of framesFor(state)) {
        send(socket, { type: "notification", stream: frame.stream, data: frame.data });
        sent++;
      }
    }
    return sent;
  }

  protected anySubscribed(stream: string): boolean {
    return this.authenticatedSockets().some(({ state }) => state.streams.includes(stream));
  }

  /** Closes the sockets of an ended session (null: every session); returns how many. */
  async endSession(sessionId: string | null): Promise<number> {
    let closed = 0;
    for (const { socket, state } of this.authenticatedSockets()) {
      if (sessionId !== null && state.principal.sessionId !== sessionId) continue;
      this.refuse(socket, LIVE_TEXTS.channel.sessionEnded, CLOSE_SESSION_ENDED);
      closed++;
    }
    return closed;
  }

  /** Open and authenticated sockets, for health checks, tests and the bench. */
  async connectionCount(): Promise<{ open: number; authenticated: number }> {
    const open = this.ctx.getWebSockets().filter(isOpen).length;
    return { open, authenticated: this.authenticatedSockets().length };
  }

  async alarm(): Promise<void> {
    const now = Date.now();
    const due: { socket: WebSocket; state: AuthenticatedSocket<P> }[] = [];
    for (const socket of this.ctx.getWebSockets()) {
      const state = socket.deserializeAttachment() as SocketState<P> | null;
      if (!state || !isOpen(socket)) continue;
      if (state.state === "pending") {
        if (state.connectedAt + AUTH_DEADLINE_MS <= now) this.refuse(socket, LIVE_TEXTS.channel.authTimeout, CLOSE_AUTH_FAILED);
      } else if (state.checkedAt + SESSION_RECHECK_MS <= now) {
        due.push({ socket, state });
      }
    }
    await this.recheck(due, now);
    const own = await this.onAlarm(now);
    const next = this.nextSocketDeadline();
    const at = [own, next].filter((t): t is number => t !== null);
    if (at.length > 0) await this.ctx.storage.setAlarm(Math.max(Math.min(...at), Date.now() + 50));
  }

  private async recheck(due: { socket: WebSocket; state: AuthenticatedSocket<P> }[], now: number): Promise<void> {
    const byChannel = new Map<string, typeof due>();
    for (const entry of due) byChannel.set(entry.state.channel, [...(byChannel.get(entry.state.channel) ?? []), entry]);
    for (const [channel, entries] of byChannel) {
      const current = await this.currentPrincipals(channel, entries.map((e) => e.state.principal), now);
      for (const { socket, state } of entries) {
        const principal = current.get(state.principal.sessionId);
        if (!principal) {
          this.refuse(socket, LIVE_TEXTS.channel.sessionEnded, CLOSE_SESSION_ENDED);
          continue;
        }
        // Permissions may have been narrowed since: drop what the principal may no longer receive.
        socket.serializeAttachment({ ...state, principal, streams: state.streams.filter((s) => this.maySubscribe(principal, s)), checkedAt: now });
      }
    }
  }

  private nextSocketDeadline(): number | null {
    let next: number | null = null;
    for (const socket of this.ctx.getWebSockets()) {
      const state = socket.deserializeAttachment() as SocketState<P> | null;
      if (!state || !isOpen(socket)) continue;
      const at = state.state === "pending" ? state.connectedAt + AUTH_DEADLINE_MS : state.checkedAt + SESSION_RECHECK_MS;
      next = next === null ? at : Math.min(next, at);
    }
    return next;
  }

  /** Sets the alarm to `at` unless it is already due earlier. */
  protected async scheduleAlarm(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }
}
