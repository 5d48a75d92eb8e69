// The one provider POST both the SMS gateway and the mail API adapters make: what it sends, which
// answers count as delivered, and each failure typed.
import { describe, expect, it } from "vitest";
import { postToProvider } from "./provider-post.server";

const post = (fetch: typeof globalThis.fetch, timeoutMs = 1000) =>
  postToProvider({
    url: "https://provider.test/v1/messages",
    token: "tok-1",
    body: { to: "+40712345678", text: "Cod: 123456" },
    timeoutMs,
    fetch,
  });

describe("postToProvider", () => {
  it("POSTs the body as JSON with the Bearer token and a fresh idempotency key each time", async () => {
    const seen: Request[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      seen.push(new Request(input as string, init));
      return Response.json({ id: `m-${seen.length}` });
    };
    expect(await post(fetch)).toEqual({ ok: true, messageId: "m-1" });
    expect(await post(fetch)).toEqual({ ok: true, messageId: "m-2" });
    const [first, second] = seen;
    expect(first!.method).toBe("POST");
    expect(first!.headers.get("Authorization")).toBe("Bearer tok-1");
    expect(first!.headers.get("Content-Type")).toBe("application/json");
    expect(await first!.json()).toEqual({ to: "+40712345678", text: "Cod: 123456" });
    expect(first!.headers.get("Idempotency-Key")).not.toBe(second!.headers.get("Idempotency-Key"));
  });

  it.each([
    [{ messageId: "abc" }, "abc"],
    [{ message_id: "def" }, "def"],
    [{ id: 42 }, "42"],
  ])("reads the message id from %j", async (body, id) => {
    expect(await post(async () => Response.json(body))).toEqual({ ok: true, messageId: id });
  });

  it.each([
    [new Response("no", { status: 401 }), "rejected", 401],
    [new Response("busy", { status: 429 }), "server_error", 429],
    [new Response("down", { status: 502 }), "server_error", 502],
    [Response.json({ id: "" }), "malformed_response", 200],
    [new Response("ok", { status: 200 }), "malformed_response", 200],
  ] as const)("types answer %# as %s", async (response, error, status) => {
    expect(await post(async () => response.clone())).toMatchObject({ ok: false, error, status });
  });

  it("types a body that never finishes as a timeout, keeping the status", async () => {
    const fetch: typeof globalThis.fetch = async (_input, init) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":'));
          init!.signal!.addEventListener("abort", () => controller.error(init!.signal!.reason));
        },
      });
      return new Response(body, { status: 200 });
    };
    expect(await post(fetch, 20)).toMatchObject({ ok: false, error: "timeout", status: 200 });
  });

  it("types a refused connection as network", async () => {
    expect(await post(async () => Promise.reject(new TypeError("connection refused")))).toMatchObject({
      ok: false,
      error: "network",
      detail: "connection refused",
    });
  });
});
