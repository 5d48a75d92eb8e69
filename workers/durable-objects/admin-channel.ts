// The admins' live channel (dashboard_stats, system_health, notifications), one global instance.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../app/server/env.server";
import { acceptSocket, parseClientMessage, send } from "./live-socket";

export class AdminChannel extends DurableObject<Env> {
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

  async connectionCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }
}
