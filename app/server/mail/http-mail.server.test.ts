// The HTTP mail adapter against a fake provider: the request it makes, and each failure as a typed error.
import { describe, expect, it } from "vitest";
import { HttpMailSender } from "./http-mail.server";

const message = { to: "ana@firma.ro", subject: "Invitație", text: "Link: https://exemplu.ro/admin/invitatie/abc" };

function sender(fetch: typeof globalThis.fetch, timeoutMs = 1000) {
  return new HttpMailSender({ url: "https://mail.test/v1/send", apiKey: "key-123", from: "CMIC <no-reply@cmic.ro>", timeoutMs, fetch });
}

describe("HttpMailSender", () => {
  it("POSTs the message as JSON with the API key and an idempotency key, and returns the provider's id", async () => {
    let seen: Request | null = null;
    const result = await sender(async (input, init) => {
      seen = new Request(input as string, init);
      return Response.json({ id: "msg-42" });
    }).send(message);
    expect(result).toEqual({ ok: true, messageId: "msg-42" });
    const request = seen!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("https://mail.test/v1/send");
    expect(request.headers.get("Authorization")).toBe("Bearer key-123");
    expect(request.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await request.json()).toEqual({ from: "CMIC <no-reply@cmic.ro>", to: ["ana@firma.ro"], subject: "Invitație", text: message.text });
  });

  it.each([
    [new Response("bad address", { status: 422 }), "rejected", 422],
    [new Response("slow down", { status: 429 }), "server_error", 429],
    [new Response("oops", { status: 503 }), "server_error", 503],
    [new Response("<html>", { status: 200 }), "malformed_response", 200],
    [Response.json({ queued: true }), "malformed_response", 200],
  ] as const)("types a %# answer as %s", async (response, error, status) => {
    const result = await sender(async () => response.clone()).send(message);
    expect(result).toMatchObject({ ok: false, error, status });
  });

  it("types a refused connection as network and no answer in time as timeout", async () => {
    expect(await sender(async () => Promise.reject(new TypeError("connection refused"))).send(message)).toMatchObject({ ok: false, error: "network" });
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason)));
    expect(await sender(hanging, 20).send(message)).toMatchObject({ ok: false, error: "timeout" });
  });
});
