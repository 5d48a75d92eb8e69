// The wire protocol shared by the user and admin live channels (user spec §7 "Live channel").
import { z } from "zod";

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("authenticate"), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("subscribe"), streams: z.array(z.string().min(1).max(120)).max(20) }),
  z.object({ type: z.literal("heartbeat") }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export type ServerMessage =
  | { type: "connected"; timestamp: string }
  | { type: "authenticated"; timestamp: string }
  | { type: "heartbeat"; timestamp: string }
  | { type: "notification"; stream: string; data: unknown }
  | { type: "error"; message: string }
  | { type: "auth_error"; message: string };

export function parseClientMessage(raw: string | ArrayBuffer): ClientMessage | null {
  if (typeof raw !== "string" || raw.length > 16_384) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = clientMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function send(socket: WebSocket, message: ServerMessage): void {
  socket.send(JSON.stringify(message));
}

/** Accepts a WebSocket upgrade with the hibernation API and greets the client. */
export function acceptSocket(state: DurableObjectState, request: Request, tags: string[] = []): Response {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return new Response("Expected a WebSocket upgrade", { status: 426 });
  }
  const pair = new WebSocketPair();
  const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
  state.acceptWebSocket(server, tags);
  send(server, { type: "connected", timestamp: new Date().toISOString() });
  return new Response(null, { status: 101, webSocket: client });
}
