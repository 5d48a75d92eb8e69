// Shared by the adversarial suites (api-boundary.test.ts, api-fuzz.test.ts): the routes to attack,
// read from the built Remix manifest so the suites grow with every new route; a D1 change counter;
// and the checks every answer must pass.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { ServerBuild } from "@remix-run/cloudflare";
import { expect } from "vitest";
import * as build from "../../build/index.js";
import { apiRoutesOf } from "../../app/server/http/api-boundary.server";
import worker from "../../workers/app";

export const BASE = "http://local.test";
const routes = (build as unknown as ServerBuild).routes;

/** Every /api route as a concrete path (parameters filled in) with the methods it has handlers for. */
export function apiTargets(): { path: string; methods: string[] }[] {
  return apiRoutesOf(routes).map((route) => ({
    path: `/${route.segments.map((s) => (s.startsWith(":") ? "01970000-0000-7000-8000-000000000000" : s === "*" ? "x" : s)).join("/")}`,
    methods: route.methods,
  }));
}

/** The pages with a form action (Remix routes outside /api that export `action`). */
export function formActionPaths(): string[] {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    return [route.parentId ? fullPath(route.parentId) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.entries(routes)
    .filter(([, route]) => route?.module.action && route.path !== undefined)
    .map(([id]) => `/${fullPath(id)}`)
    .filter((path) => !path.startsWith("/api"));
}

/**
 * Counts every row written in D1 from now on: a trigger per table and operation appends to
 * fuzz_changes (test database only). `changes()` is one cheap query, so it can run around each request.
 */
export async function watchD1(): Promise<{ changes(): Promise<number>; tables: string[] }> {
  await env.DB.prepare("CREATE TABLE IF NOT EXISTS fuzz_changes (id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, op TEXT NOT NULL)").run();
  const { results } = await env.DB.prepare(
    // metrics_rollups is the Worker measuring every request, refused ones too (issue 13), flushed on its
    // own schedule by the MetricsRollup object: not a write the request made.
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'fuzz_changes', 'metrics_rollups')",
  ).all<{ name: string }>();
  const tables = results.map((r) => r.name);
  const statements = tables.flatMap((table) =>
    ["INSERT", "UPDATE", "DELETE"].map((op) =>
      env.DB.prepare(
        `CREATE TRIGGER IF NOT EXISTS "fuzz_${op}_${table}" AFTER ${op} ON "${table}" BEGIN INSERT INTO fuzz_changes (tbl, op) VALUES ('${table}', '${op}'); END`,
      ),
    ),
  );
  await env.DB.batch(statements);
  return {
    tables,
    changes: async () => (await env.DB.prepare("SELECT count(*) AS n FROM fuzz_changes").first<{ n: number }>())!.n,
  };
}

/** File paths, stack frames or exception names: what must never reach a client. */
const STACK_TRACE = /(\bat [\w.$<>]+ \(|\bat (file|https?):\/\/|\/work\/|node_modules|build\/index\.js|\.(?:ts|tsx|js|mjs):\d+:\d+|\b(?:TypeError|SyntaxError|ReferenceError|RangeError|DOMException|InvalidCharacterError)\b)/;

export interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

/**
 * One request through the Worker's own fetch handler (workers/app.ts, the whole boundary and Remix).
 * Not SELF.fetch: the pool's HTTP hop gets slower with every request a test file makes (from ~3 ms
 * to ~50 ms after a few hundred), which thousands of requests cannot afford.
 */
export async function send(path: string, init: RequestInit): Promise<Answer> {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}${path}`, { redirect: "manual", ...init }) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(request, env, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, body, headers: res.headers };
}

/** What every answer must be: no 5xx, no stack, a request id; on /api the JSON envelope for errors. */
export function expectWellFormed(what: string, answer: Answer, api: boolean, method = "GET"): void {
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.headers.get("X-Request-Id"), what).toMatch(/^[0-9a-f-]{36}$/);
  expect(STACK_TRACE.test(answer.body), `${what}: stack or path in the body: ${answer.body.slice(0, 300)}`).toBe(false);
  if (api && answer.status >= 400) {
    expect(answer.headers.get("Content-Type"), what).toContain("application/json");
    if (method === "HEAD") return;
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(body.success, what).toBe(false);
    expect(typeof body.error, what).toBe("string");
    expect(typeof body.message, what).toBe("string");
    // Romanian, for people: the message is not the machine code.
    expect(body.message, what).not.toBe(body.error);
  }
}

/** A refused request (any 4xx) must not have written anything. */
export function isRejection(status: number): boolean {
  return status >= 400;
}
