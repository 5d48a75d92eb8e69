import { describe, expect, it } from "vitest";
import { ApiError, cacheArea, cacheTtlMs, createApiClient, retryDelayMs, type ApiClientDeps } from "./api-client";

/** A scripted server: each call takes the next answer; `clock` and `slept` stand in for time. */
function harness(answers: (number | Error | [number, unknown])[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const slept: number[] = [];
  let clock = 1_000_000;
  const deps: ApiClientDeps = {
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(init.body as string) : undefined });
      const next = answers.shift();
      if (next === undefined) throw new Error(`unexpected call ${url}`);
      if (next instanceof Error) throw next;
      const [status, body] = Array.isArray(next) ? next : [next, status2body(next)];
      return new Response(JSON.stringify(body), { status });
    }) as typeof fetch,
    now: () => clock,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
    random: () => 0.5,
  };
  return { client: createApiClient(deps), calls, slept, advance: (ms: number) => (clock += ms) };
}

/** A server that answers only when told to; its fetch honours the request's abort signal as a browser's does. */
function slowServer() {
  const pending: { signal: AbortSignal; answer: (body: unknown) => void }[] = [];
  let calls = 0;
  const deps: ApiClientDeps = {
    fetch: ((_url: string, init: RequestInit) => {
      calls++;
      const signal = init.signal!;
      return new Promise<Response>((resolve, reject) => {
        signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")), { once: true });
        pending.push({ signal, answer: (body) => resolve(new Response(JSON.stringify(body), { status: 200 })) });
      });
    }) as typeof fetch,
    now: () => 1_000_000,
    sleep: async () => undefined,
    random: () => 0.5,
  };
  return {
    client: createApiClient(deps),
    pending,
    get calls() {
      return calls;
    },
  };
}

function status2body(status: number) {
  return status < 400 ? { success: true, n: Math.random() } : { success: false, error: `e${status}`, message: `m${status}` };
}

describe("retry wrapper", () => {
  it("retries 429 and 5xx up to 3 times with 1 s doubling plus jitter, then gives the answer", async () => {
    const { client, calls, slept } = harness([503, 429, 500, [200, { success: true, ok: 1 }]]);
    expect(await client.request("/api/x")).toEqual({ success: true, ok: 1 });
    expect(calls).toHaveLength(4);
    expect(slept).toEqual([1500, 2500, 4500]);
  });

  it("stops after the third retry and reports the server's message", async () => {
    const { client, calls } = harness([502, 502, 502, 504]);
    await expect(client.request("/api/x")).rejects.toMatchObject({ status: 504, code: "e504", message: "m504" });
    expect(calls).toHaveLength(4);
  });

  it.each([401, 403, 400, 404])("never retries %i", async (status) => {
    const { client, calls, slept } = harness([status]);
    const error = await client.request("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(calls).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it("retries a dropped connection but not an abort", async () => {
    const { client, calls } = harness([new TypeError("Failed to fetch"), [200, { success: true }]]);
    expect(await client.request("/api/x")).toEqual({ success: true });
    expect(calls).toHaveLength(2);
    const aborted = harness([new DOMException("aborted", "AbortError")]);
    await expect(aborted.client.request("/api/x")).rejects.toThrow("aborted");
    expect(aborted.calls).toHaveLength(1);
  });

  it("treats success:false in a 200 as a failure", async () => {
    const { client } = harness([[200, { success: false, error: "nope", message: "Nu." }]]);
    await expect(client.request("/api/x")).rejects.toMatchObject({ status: 200, code: "nope", message: "Nu." });
  });

  it("computes the backoff from 1 s", () => {
    expect([0, 1, 2].map((a) => retryDelayMs(a, () => 0))).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs(0, () => 0.999)).toBe(1999);
  });
});

describe("response cache", () => {
  it("has the spec's lifetimes: documents 15 s, notifications 20 s, others 30 s", () => {
    expect(cacheTtlMs("/api/documents/status/all")).toBe(15_000);
    expect(cacheTtlMs("/api/notifications?limit=100")).toBe(20_000);
    expect(cacheTtlMs("/api/counties")).toBe(30_000);
    expect(cacheArea("/api/notifications/abc/read")).toBe("/api/notifications");
    expect(cacheArea("/api/notifications?limit=100")).toBe("/api/notifications");
  });

  it("answers a repeated GET from the cache until it expires", async () => {
    const { client, calls, advance } = harness([200, 200]);
    const first = await client.request("/api/notifications?limit=100");
    advance(19_999);
    expect(await client.request("/api/notifications?limit=100")).toBe(first);
    expect(calls).toHaveLength(1);
    advance(1);
    expect(await client.request("/api/notifications?limit=100")).not.toBe(first);
    expect(calls).toHaveLength(2);
  });

  it("drops an area's cache after a change there, and `fresh` skips it", async () => {
    const { client, calls } = harness([200, 200, 200, 200, 200]);
    await client.request("/api/notifications?limit=100");
    await client.request("/api/documents/status/all");
    await client.request("/api/notifications/x/read", { method: "PUT" });
    await client.request("/api/notifications?limit=100");
    await client.request("/api/documents/status/all");
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/notifications?limit=100",
      "GET /api/documents/status/all",
      "PUT /api/notifications/x/read",
      "GET /api/notifications?limit=100",
    ]);
    await client.request("/api/documents/status/all", { fresh: true });
    expect(calls).toHaveLength(5);
  });

  it("shares one request between identical GETs in flight", async () => {
    const { client, calls } = harness([200]);
    const [a, b] = await Promise.all([client.request("/api/counties"), client.request("/api/counties")]);
    expect(a).toBe(b);
    expect(calls).toHaveLength(1);
  });

  it("a caller giving up leaves the shared request to the others (a component mounted twice)", async () => {
    const server = slowServer();
    const { client, pending } = server;
    const first = new AbortController();
    const gaveUp = client.request("/api/counties", { signal: first.signal });
    const second = client.request("/api/counties", { signal: new AbortController().signal });
    first.abort();
    await expect(gaveUp).rejects.toMatchObject({ name: "AbortError" });
    expect(pending[0]!.signal.aborted).toBe(false);
    pending[0]!.answer({ success: true, counties: 42 });
    expect(await second).toEqual({ success: true, counties: 42 });
    expect(server.calls).toBe(1);
  });

  it("aborts the shared request once every caller has given up, and caches nothing", async () => {
    const server = slowServer();
    const { client, pending } = server;
    const [a, b] = [new AbortController(), new AbortController()];
    const first = client.request("/api/counties", { signal: a.signal });
    const second = client.request("/api/counties", { signal: b.signal });
    a.abort();
    expect(pending[0]!.signal.aborted).toBe(false);
    b.abort();
    expect(pending[0]!.signal.aborted).toBe(true);
    await expect(first).rejects.toMatchObject({ name: "AbortError" });
    await expect(second).rejects.toMatchObject({ name: "AbortError" });
    const third = client.request("/api/counties");
    pending[1]!.answer({ success: true });
    expect(await third).toEqual({ success: true });
    expect(server.calls).toBe(2);
  });

  it("a caller coming after every other one gave up starts a request of its own (React's double effect)", async () => {
    const server = slowServer();
    const first = new AbortController();
    const gaveUp = server.client.request("/api/counties", { signal: first.signal });
    first.abort();
    const again = server.client.request("/api/counties", { signal: new AbortController().signal });
    await expect(gaveUp).rejects.toMatchObject({ name: "AbortError" });
    expect(server.pending[0]!.signal.aborted).toBe(true);
    server.pending[1]!.answer({ success: true, counties: 42 });
    expect(await again).toEqual({ success: true, counties: 42 });
    expect(server.calls).toBe(2);
  });

  it("does not cache failures", async () => {
    const { client, calls } = harness([404, 200]);
    await expect(client.request("/api/x")).rejects.toBeInstanceOf(ApiError);
    expect(await client.request("/api/x")).toMatchObject({ success: true });
    expect(calls).toHaveLength(2);
  });
});

describe("exchange (one call, the caller reads the status)", () => {
  it("sends once, never retries, and answers the status and body even for errors", async () => {
    const { client, calls, slept } = harness([[503, { success: false, error: "busy", message: "Ocupat" }]]);
    expect(await client.exchange("/api/auth/register-phone", { method: "POST", body: { phoneNumber: "+40712345678" } })).toEqual({
      ok: false,
      status: 503,
      statusText: "",
      body: { success: false, error: "busy", message: "Ocupat" },
    });
    expect(calls).toEqual([{ url: "/api/auth/register-phone", method: "POST", body: { phoneNumber: "+40712345678" } }]);
    expect(slept).toEqual([]);
  });

  it("drops its area's cached answers after a change, and gives null for a body that is not JSON", async () => {
    const { client, calls } = harness([200, [200, "not an object"], 200]);
    await client.request("/api/documents/status/all");
    expect((await client.exchange("/api/documents/upload/x", { method: "POST" })).body).toBeNull();
    await client.request("/api/documents/status/all");
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/documents/status/all", "POST /api/documents/upload/x", "GET /api/documents/status/all"]);
  });
});
