// The Worker: Remix for pages and the API, WebSocket upgrades to the channels, queue consumers,
// cron sweeps, and the Durable Object classes (design.md).
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "../build/index.js";
import type { Env } from "../app/server/env.server";
import { devGateResponse } from "../app/server/dev-gate.server";
import { devToolsEnabled, isDevToolPath } from "../app/server/deployment.server";
import { servingRequest } from "../app/server/foreground.server";
import { jsonError } from "../app/server/http.server";
import { TEXTS } from "../app/lib/texts";
import { misconfiguration, serviceUnavailable } from "./deployment-check";
import { consumeDocumentBatch } from "./queues/document-processing";
import { runSweeps } from "./sweeps";

export { AdminChannel } from "./durable-objects/admin-channel";
export { OfferCollector } from "./durable-objects/offer-collector";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { SupplierQueue } from "./durable-objects/supplier-queue";
export { UserChannel } from "./durable-objects/user-channel";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

async function handleFetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  if (misconfiguration(env)) return serviceUnavailable(request);
  // Each /dev route checks too; this also covers one that forgets to.
  if (isDevToolPath(url.pathname) && !devToolsEnabled(env)) return notFound(url);
  const gated = await devGateResponse(request, env);
  if (gated) return gated;
  if (url.pathname === "/api/auth/ws") {
    // Sockets are bound to a user after `authenticate` (live-channel issue); until then one lobby instance.
    return env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName("lobby")).fetch(request);
  }
  if (url.pathname === "/api/admin/ws") {
    return env.ADMIN_CHANNEL.get(env.ADMIN_CHANNEL.idFromName("global")).fetch(request);
  }
  return handleRemix(request, { cloudflare: { env, ctx } });
}

function notFound(url: URL): Response {
  if (url.pathname.toLowerCase().startsWith("/api/")) return jsonError(404, "not_found", TEXTS.api.notFound);
  return new Response(TEXTS.notFound.title, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export default {
  async fetch(request, env, ctx) {
    // Counted as foreground work: the document consumer lets it finish before its next OCR pass.
    return servingRequest(() => handleFetch(request, env, ctx));
  },

  async queue(batch, env) {
    // Documents would be sealed with a public key: leave them queued until the secrets are set.
    if (misconfiguration(env)) return batch.retryAll({ delaySeconds: 300 });
    if (batch.queue === "document-processing") await consumeDocumentBatch(batch, env);
    else for (const message of batch.messages) message.ack();
  },

  async scheduled(_controller, env, ctx) {
    if (misconfiguration(env)) return;
    ctx.waitUntil(runSweeps(env).then((result) => console.log("sweeps", JSON.stringify(result))));
  },
} satisfies ExportedHandler<Env>;
