// One per user: the user's live streams over hibernatable WebSockets.
// Authentication and the notification streams arrive with the live-channel issue; for now the
// channel greets, answers heartbeats and rejects malformed messages.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../app/server/env.server";
import { acceptSocket, parseClientMessage, send } from "./live-socket";

export class UserChannel extends DurableObject<Env> {
  async fetch(request: Request): Promise<Response> {
    return acceptSocket(this.ctx, request);
  }

  async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const message = parseClientMessage(raw);
    if (!message) return send(socket, { type: "error", message: "Mesaj invalid" });
    if (message.type === "heartbeat") send(socket, { type: "heartbeat", timestamp: new Date().toISOString() });
    else send(socket, { type: "auth_error", message: "Autentificarea nu este încă disponibilă" });
  }

  async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    socket.close(code === 1005 ? 1000 : code, "closed");
  }

  /** Number of open sockets, for health and tests. */
  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}
