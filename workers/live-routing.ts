// WebSocket upgrades of the live channels (docs/decisions/0008-live-channel-routing-and-auth.md):
//   /api/auth/ws?user={userId}  → that user's UserChannel (idFromName(userId))
//   /api/admin/ws               → the one AdminChannel
// The `user` parameter only picks the object; it grants nothing. The socket still has to
// `authenticate` with a token of that same user before it receives anything.
import { z } from "zod";
import { LIVE_TEXTS } from "../app/texts/live";
import type { Env } from "../app/server/env.server";
import { jsonError } from "../app/server/http.server";
import { adminChannel } from "../app/server/live/publish.server";
import { CHANNEL_HEADER } from "./durable-objects/live-socket";

const userChannelQuery = z.object({ user: z.uuid() });

function withChannel(request: Request, channel: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CHANNEL_HEADER, channel);
  return new Request(request, { headers });
}

/** The channel's answer for a live-channel path, or null for any other path. */
export function routeLiveSocket(request: Request, env: Env): Promise<Response> | null {
  const url = new URL(request.url);
  if (url.pathname !== "/api/auth/ws" && url.pathname !== "/api/admin/ws") return null;
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
    return Promise.resolve(jsonError(426, "upgrade_required", LIVE_TEXTS.channel.upgradeRequired));
  }
  if (url.pathname === "/api/admin/ws") return adminChannel(env).fetch(withChannel(request, "global"));
  const query = userChannelQuery.safeParse({ user: url.searchParams.get("user") ?? undefined });
  if (!query.success) return Promise.resolve(jsonError(400, "invalid_channel", LIVE_TEXTS.channel.badChannel));
  const userId = query.data.user.toLowerCase();
  return env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId)).fetch(withChannel(request, userId));
}
