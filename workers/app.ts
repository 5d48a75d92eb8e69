// The Worker: Remix for pages and the API, WebSocket upgrades to the channels, queue consumers,
// cron sweeps, and the Durable Object classes (design.md). Every request goes through one error
// boundary (app/server/http/api-boundary.server.ts): bad input is answered with a 4xx here or by its
// route, never a 5xx; an uncaught error is logged once with the request id and answered without it.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "../build/index.js";
import { createAppContext } from "../app/server/context.server";
import type { Env } from "../app/server/env.server";
import { devGateResponse } from "../app/server/dev-gate.server";
import { devToolsEnabled, isDevToolPath, isLocalEnvironment } from "../app/server/deployment.server";
import { servingRequest } from "../app/server/foreground.server";
import { recordMetrics, requestFact } from "../app/server/metrics/recorder.server";
import {
  apiRoutesOf,
  checkApiBody,
  checkApiRoute,
  checkOrigin,
  checkPath,
  envelopeApiError,
  isApiPath,
  logRejection,
  rejectionResponse,
  serverErrorResponse,
  withHeaders,
  type ApiRoute,
  type Rejection,
} from "../app/server/http/api-boundary.server";
import { securityHeadersFor } from "../app/server/http/security-headers.server";
import { maintenanceResponse } from "../app/server/settings/maintenance.server";
import { TEXTS } from "../app/texts/user";
import { misconfiguration, serviceUnavailable } from "./deployment-check";
import { routeLiveSocket } from "./live-routing";
import { consumeDocumentBatch } from "./queues/document-processing";
import { runSweeps } from "./sweeps";

export { AdminChannel } from "./durable-objects/admin-channel";
export { MetricsRollup } from "./durable-objects/metrics-rollup";
export { OfferCollector } from "./durable-objects/offer-collector";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { SupplierQueue } from "./durable-objects/supplier-queue";
export { UserChannel } from "./durable-objects/user-channel";

const serverBuild = build as unknown as ServerBuild;
// Always production mode: in development mode (a `remix watch` build) Remix puts error messages and
// stacks in responses. The stack is in the server log, under the request id.
const handleRemix = createRequestHandler(serverBuild, "production");

// The live channels' WebSocket upgrades (workers/live-routing.ts, decision 0008) are API paths too.
const WEBSOCKET_PATHS = ["/api/auth/ws", "/api/admin/ws"];
const API_ROUTES: ApiRoute[] = [
  ...apiRoutesOf(serverBuild.routes),
  ...WEBSOCKET_PATHS.map((path) => ({ segments: path.split("/").slice(1), methods: ["GET"] })),
];

async function handleFetch(request: Request, env: Env, ctx: ExecutionContext, requestId: string): Promise<Response> {
  const url = new URL(request.url);
  const api = isApiPath(url.pathname);
  if (misconfiguration(env)) return serviceUnavailable(request);
  const appContext = createAppContext(env);
  const refuse = (rejection: Rejection) => {
    logRejection(requestId, request, rejection.status, rejection.error);
    return rejectionResponse(rejection, api);
  };
  const badPath = checkPath(url.pathname);
  if (badPath) return refuse(badPath);
  // Each /dev route checks too; this also covers one that forgets to.
  if (isDevToolPath(url.pathname) && !devToolsEnabled(env)) {
    return refuse({ status: 404, error: "not_found", message: api ? TEXTS.api.notFound : TEXTS.notFound.title });
  }
  const gated = await devGateResponse(request, env);
  if (gated) return gated;
  // Maintenance mode (admin settings): here once, so no public route can forget it.
  const maintenance = await maintenanceResponse(request, appContext);
  if (maintenance) return maintenance;
  const foreign = checkOrigin(request);
  if (foreign) return refuse(foreign);
  let checked = request;
  if (api) {
    const wrongRoute = checkApiRoute(API_ROUTES, request);
    if (wrongRoute) return refuse(wrongRoute);
    const body = await checkApiBody(request);
    if (!body.ok) return refuse(body.rejection);
    checked = body.request;
  }
  const live = routeLiveSocket(checked, env);
  if (live) return live;
  // Remix compares Origin with Host on page actions and throws without Host (a request that never
  // crossed a network, as in tests): the URL's host is what checkOrigin already compared against.
  if (checked.headers.has("Origin") && !checked.headers.has("Host")) {
    const headers = new Headers(checked.headers);
    headers.set("Host", url.host);
    checked = new Request(checked, { headers });
  }
  const response = await handleRemix(checked, { ...appContext, cloudflare: { env, ctx }, requestId });
  return api ? envelopeApiError(response) : response;
}

async function answer(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const requestId = crypto.randomUUID();
  let response: Response;
  try {
    response = await handleFetch(request, env, ctx, requestId);
  } catch (error) {
    const path = JSON.stringify(new URL(request.url).pathname.slice(0, 200));
    console.error(`[${requestId}] ${request.method.slice(0, 16)} ${path} uncaught:`, error instanceof Error ? (error.stack ?? error.message) : String(error));
    response = serverErrorResponse(isApiPath(new URL(request.url).pathname));
  }
  // Every response names its request and carries the security headers (pages add their own CSP).
  return withHeaders(response, { "X-Request-Id": requestId, ...securityHeadersFor(response, { local: isLocalEnvironment(env) }) });
}

export default {
  async fetch(request, env, ctx) {
    const startedAt = Date.now();
    // Counted as foreground work: the document consumer lets it finish before its next OCR pass.
    const response = await servingRequest(() => answer(request, env, ctx));
    // Time to the response head (a streamed body goes on after it); recorded off the response path.
    recordMetrics(env, (p) => ctx.waitUntil(p), [requestFact(new URL(request.url).pathname, response.status, startedAt, Date.now())]);
    return response;
  },

  async queue(batch, env) {
    // Documents would be sealed with a public key: leave them queued until the secrets are set.
    if (misconfiguration(env)) return batch.retryAll({ delaySeconds: 300 });
    if (batch.queue === "document-processing") await consumeDocumentBatch(batch, createAppContext(env));
    else for (const message of batch.messages) message.ack();
  },

  async scheduled(_controller, env, ctx) {
    if (misconfiguration(env)) return;
    ctx.waitUntil(runSweeps(createAppContext(env)).then((result) => console.log("sweeps", JSON.stringify(result))));
  },
} satisfies ExportedHandler<Env>;
