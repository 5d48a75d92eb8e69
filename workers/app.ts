// The Worker: Remix for pages and the API, WebSocket upgrades to the channels, queue consumers,
// cron sweeps, and the Durable Object classes (design.md).
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "../build/index.js";
import type { Env } from "../app/server/env.server";
import { devGateResponse } from "../app/server/dev-gate.server";
import { routeLiveSocket } from "./live-routing";
import { consumeDocumentBatch } from "./queues/document-processing";
import { runSweeps } from "./sweeps";

export { AdminChannel } from "./durable-objects/admin-channel";
export { OfferCollector } from "./durable-objects/offer-collector";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { SupplierQueue } from "./durable-objects/supplier-queue";
export { UserChannel } from "./durable-objects/user-channel";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const gated = await devGateResponse(request, env);
    if (gated) return gated;
    const live = routeLiveSocket(request, env);
    if (live) return live;
    return handleRemix(request, { cloudflare: { env, ctx } });
  },

  async queue(batch, env) {
    if (batch.queue === "document-processing") await consumeDocumentBatch(batch, env);
    else for (const message of batch.messages) message.ack();
  },

  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runSweeps(env).then((result) => console.log("sweeps", JSON.stringify(result))));
  },
} satisfies ExportedHandler<Env>;
