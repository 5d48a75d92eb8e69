// The one error boundary of the Worker (workers/app.ts runs every request through it). Every /api/*
// request either reaches its route with a path, method and body the route can read, or is answered
// here with the JSON envelope {success:false, error, message} and the right 4xx; whatever a route
// answers with an error status in another shape (Remix's own 404/405, a thrown Response, an uncaught
// error's 500) is turned into the envelope too, without a stack. Pages get the same path, Origin
// and error handling, answered in plain text.
import type { ServerBuild } from "@remix-run/cloudflare";
import { TEXTS } from "../../texts/user";
import { jsonError } from "../http.server";
import { readBodyWithin } from "./body-limit.server";

/** JSON and form bodies of the API are small; uploads (multipart) are read and limited by their route. */
export const API_BODY_MAX_BYTES = 256 * 1024;

const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const LOADER_METHODS = ["GET", "HEAD"];
const ACTION_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

export interface ApiRoute {
  /** path segments after the leading slash; ":name" is a parameter, "*" the rest of the path */
  segments: string[];
  methods: string[];
}

export interface Rejection {
  status: number;
  error: string;
  message: string;
  headers?: Record<string, string>;
}

const reject = (status: number, error: string, message: string, headers?: Record<string, string>): Rejection => ({
  status,
  error,
  message,
  headers,
});

/** /api/… however written: Remix decodes and matches case-insensitively, so `/%61PI/x` reaches an API route too. */
export function isApiPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: judged as written (checkPath refuses them anyway).
  }
  return /^\/+api(\/|$)/i.test(path);
}

/** The API routes of the Remix build, with their full paths (flat routes nest, e.g. …/meter-reading/history). */
export function apiRoutesOf(routes: ServerBuild["routes"]): ApiRoute[] {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const out: ApiRoute[] = [];
  for (const [id, route] of Object.entries(routes)) {
    if (!route || route.path === undefined) continue;
    const path = fullPath(id);
    if (!/^api(\/|$)/.test(path)) continue;
    const methods = [...(route.module.loader ? LOADER_METHODS : []), ...(route.module.action ? ACTION_METHODS : [])];
    out.push({ segments: path.split("/"), methods });
  }
  return out;
}

function matches(route: ApiRoute, segments: string[]): boolean {
  const last = route.segments.at(-1);
  if (last === "*") {
    const fixed = route.segments.slice(0, -1);
    return segments.length > fixed.length && fixed.every((s, i) => (s.startsWith(":") ? segments[i] !== "" : s === segments[i]));
  }
  return (
    route.segments.length === segments.length &&
    route.segments.every((s, i) => (s.startsWith(":") ? segments[i] !== "" : s === segments[i]))
  );
}

/**
 * The route a raw path names. Static segments compare exactly (case and encoding): the admin guard and
 * the rate limits key on the path as written, so `/api/admin/ADMINS` or `/api/%61dmin/admins` name no route.
 */
export function findApiRoute(routes: readonly ApiRoute[], pathname: string): ApiRoute | null {
  const segments = pathname.replace(/\/$/, "").split("/").slice(1);
  return routes.find((route) => matches(route, segments)) ?? null;
}

function decodesCleanly(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A malformed percent-escape in the path: no route can read it. */
export function checkPath(pathname: string): Rejection | null {
  return decodesCleanly(pathname) ? null : reject(400, "bad_path", TEXTS.api.badPath);
}

/**
 * A state-changing request sent by another site's page (CSRF): its Origin names another host, or the
 * browser marks it cross-site. API calls authenticated by a Bearer token alone carry no ambient
 * credentials and are left to their token; pages never take one (and Remix itself refuses a foreign
 * Origin on a page action).
 */
export function checkOrigin(request: Request): Rejection | null {
  if (!BODY_METHODS.has(request.method)) return null;
  const headers = request.headers;
  const url = new URL(request.url);
  if (isApiPath(url.pathname) && headers.get("Authorization")?.startsWith("Bearer ") && !headers.get("Cookie")) return null;
  const origin = headers.get("Origin");
  const host = url.host;
  let foreign = false;
  if (origin !== null) {
    try {
      foreign = origin === "null" || new URL(origin).host !== host;
    } catch {
      foreign = true;
    }
  } else {
    foreign = headers.get("Sec-Fetch-Site") === "cross-site";
  }
  return foreign ? reject(403, "foreign_origin", TEXTS.api.foreignOrigin) : null;
}

/** Path and method of an /api request against the route table. */
export function checkApiRoute(routes: readonly ApiRoute[], request: Request): Rejection | null {
  const route = findApiRoute(routes, new URL(request.url).pathname);
  if (!route) return reject(404, "not_found", TEXTS.api.notFound);
  if (!route.methods.includes(request.method)) {
    return reject(405, "method_not_allowed", TEXTS.auth.methodNotAllowed, { Allow: route.methods.join(", ") });
  }
  return null;
}

async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  return readBodyWithin(request, maxBytes);
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function formDecodes(text: string): boolean {
  return text.split("&").every((pair) => {
    try {
      decodeURIComponent(pair.replace(/\+/g, " "));
      return true;
    } catch {
      return false;
    }
  });
}

export type BodyCheck = { ok: true; request: Request } | { ok: false; rejection: Rejection };

/**
 * The body of an /api request with one: JSON (a well-formed UTF-8 JSON object), a urlencoded form (decodable),
 * or multipart with its boundary (read by the route). JSON and forms are read here, up to
 * API_BODY_MAX_BYTES, and handed on in a fresh request; an empty body passes whatever its type.
 */
export async function checkApiBody(request: Request): Promise<BodyCheck> {
  if (!BODY_METHODS.has(request.method)) return { ok: true, request };
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType === "multipart/form-data") {
    if (!/;\s*boundary=("?)[^";\s]{1,70}\1\s*(;|$)/i.test(contentType)) {
      return { ok: false, rejection: reject(400, "unreadable_body", TEXTS.api.unreadableBody) };
    }
    return { ok: true, request };
  }
  const bytes = await readCapped(request, API_BODY_MAX_BYTES);
  if (bytes === null) return { ok: false, rejection: reject(413, "payload_too_large", TEXTS.api.payloadTooLarge) };
  const forward = () => new Request(request, { body: bytes.byteLength > 0 ? bytes : null });
  if (bytes.byteLength === 0) return { ok: true, request: forward() };
  const isJson = mediaType === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
  const isForm = mediaType === "application/x-www-form-urlencoded";
  if (!isJson && !isForm) {
    return { ok: false, rejection: reject(415, "unsupported_media_type", TEXTS.api.unsupportedMediaType) };
  }
  const text = utf8(bytes);
  if (text === null) return { ok: false, rejection: reject(400, "bad_encoding", TEXTS.api.badEncoding) };
  if (isForm) {
    return formDecodes(text) ? { ok: true, request: forward() } : { ok: false, rejection: reject(400, "bad_encoding", TEXTS.api.badEncoding) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, rejection: reject(400, "invalid_json", TEXTS.api.invalidJson) };
  }
  // Every JSON body of the API is an object of fields; a bare array, string or number is no payload.
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, rejection: reject(400, "invalid_json", TEXTS.api.jsonObjectExpected) };
  }
  return { ok: true, request: forward() };
}

const ERROR_BY_STATUS: Record<number, [string, string]> = {
  400: ["bad_request", TEXTS.api.badRequest],
  401: ["unauthorized", TEXTS.api.unauthorized],
  403: ["forbidden", TEXTS.api.forbidden],
  404: ["not_found", TEXTS.api.notFound],
  405: ["method_not_allowed", TEXTS.auth.methodNotAllowed],
  413: ["payload_too_large", TEXTS.api.payloadTooLarge],
  415: ["unsupported_media_type", TEXTS.api.unsupportedMediaType],
  429: ["too_many_requests", TEXTS.auth.tooManyRequests],
};

export function rejectionResponse(rejection: Rejection, api: boolean): Response {
  const response = api
    ? jsonError(rejection.status, rejection.error, rejection.message)
    : new Response(rejection.message, { status: rejection.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  for (const [name, value] of Object.entries(rejection.headers ?? {})) response.headers.set(name, value);
  return response;
}

export function serverErrorResponse(api: boolean): Response {
  return rejectionResponse(reject(500, "server_error", TEXTS.api.serverError), api);
}

function isEnvelope(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const { success, error, message } = body as Record<string, unknown>;
  return success === false && typeof error === "string" && typeof message === "string";
}

/**
 * An /api error response in the envelope. Remix's own answers (no loader/action, a thrown Response,
 * the last-resort 500) and anything else not already an envelope are replaced; their bodies, which
 * may name files or carry a stack, are dropped.
 */
export async function envelopeApiError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const type = response.headers.get("Content-Type") ?? "";
  if (/\bapplication\/json\b/.test(type) && !response.headers.has("X-Remix-Error")) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    if (isEnvelope(body)) return response;
  }
  const [error, message] =
    ERROR_BY_STATUS[response.status] ?? (response.status >= 500 ? ["server_error", TEXTS.api.serverError] : ["bad_request", TEXTS.api.badRequest]);
  const replaced = jsonError(response.status, error, message);
  const kept = new Set(["allow", "retry-after", "set-cookie", "cache-control"]);
  for (const [name, value] of response.headers) if (kept.has(name)) replaced.headers.append(name, value);
  return replaced;
}

/** One short log line for a refused request: what, where, why; no body, no stack. */
export function logRejection(requestId: string, request: Request, status: number, error: string): void {
  const path = new URL(request.url).pathname.slice(0, 200);
  console.warn(`[${requestId}] ${request.method.slice(0, 16)} ${JSON.stringify(path)} → ${status} ${error}`);
}

/** The response with these headers set; a WebSocket upgrade or a fetched response has immutable headers, so it is copied. */
export function withHeaders(response: Response, extra: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    if (response.webSocket) return new Response(null, { status: response.status, statusText: response.statusText, headers, webSocket: response.webSocket });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
