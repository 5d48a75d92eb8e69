import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { TEXTS } from "../../texts/user";
import { apiRoutesOf, checkOrigin, envelopeApiError, findApiRoute, isApiPath } from "./api-boundary.server";

const noop = () => null;
const routes = {
  root: { id: "root", path: "", module: {} },
  "routes/api.documents.meter-reading": { id: "m", parentId: "root", path: "api/documents/meter-reading", module: { loader: noop, action: noop } },
  "routes/api.documents.meter-reading.history": { id: "h", parentId: "routes/api.documents.meter-reading", path: "history", module: { loader: noop } },
  "routes/api.documents.$id": { id: "d", parentId: "root", path: "api/documents/:id", module: { loader: noop, action: noop } },
  "routes/api.files.$": { id: "f", parentId: "root", path: "api/files/*", module: { loader: noop } },
  "routes/profil": { id: "p", parentId: "root", path: "profil", module: { loader: noop, action: noop } },
} as unknown as ServerBuild["routes"];

describe("the API route table", () => {
  const table = apiRoutesOf(routes);

  it("has the full path of nested flat routes and only /api routes", () => {
    expect(table.map((r) => r.segments.join("/")).sort()).toEqual([
      "api/documents/:id",
      "api/documents/meter-reading",
      "api/documents/meter-reading/history",
      "api/files/*",
    ]);
    expect(table.find((r) => r.segments.at(-1) === "history")?.methods).toEqual(["GET", "HEAD"]);
    expect(table.find((r) => r.segments.at(-1) === ":id")?.methods).toEqual(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
  });

  it("matches static segments exactly and parameters by presence", () => {
    expect(findApiRoute(table, "/api/documents/meter-reading/history")?.segments.at(-1)).toBe("history");
    expect(findApiRoute(table, "/api/documents/meter-reading/history/")?.segments.at(-1)).toBe("history");
    expect(findApiRoute(table, "/api/documents/abc")?.segments.at(-1)).toBe(":id");
    expect(findApiRoute(table, "/api/files/a/b/c")?.segments.at(-1)).toBe("*");
    for (const path of ["/api/Documents/abc", "/api/%64ocuments/abc", "/api/documents", "/api/documents//x", "/api/files", "/api/nope"]) {
      expect(findApiRoute(table, path), path).toBeNull();
    }
  });

  it("knows an /api path in any case", () => {
    expect(isApiPath("/api")).toBe(true);
    expect(isApiPath("/API/x")).toBe(true);
    expect(isApiPath("/%61pi/x")).toBe(true);
    expect(isApiPath("//api/x")).toBe(true);
    expect(isApiPath("/apix")).toBe(false);
  });
});

describe("checkOrigin", () => {
  const post = (headers: Record<string, string>, method = "POST") => new Request("https://celmaiieftincurent.ro/api/x", { method, headers });

  it("refuses another site's page sending the user's cookie", () => {
    expect(checkOrigin(post({ Origin: "https://evil.example", Cookie: "a=1" }))?.status).toBe(403);
    expect(checkOrigin(post({ Origin: "null", Cookie: "a=1" }))?.status).toBe(403);
    expect(checkOrigin(post({ Origin: "not a url", Cookie: "a=1" }))?.status).toBe(403);
    expect(checkOrigin(post({ "Sec-Fetch-Site": "cross-site", Cookie: "a=1" }))?.status).toBe(403);
    expect(checkOrigin(post({ Origin: "https://evil.example" }, "DELETE"))?.status).toBe(403);
  });

  it("lets through same-origin requests, reads, and calls authenticated by a Bearer token alone", () => {
    expect(checkOrigin(post({ Origin: "https://celmaiieftincurent.ro", Cookie: "a=1" }))).toBeNull();
    expect(checkOrigin(post({ "Sec-Fetch-Site": "same-origin", Cookie: "a=1" }))).toBeNull();
    expect(checkOrigin(post({ Cookie: "a=1" }))).toBeNull();
    expect(checkOrigin(post({ Origin: "https://evil.example" }, "GET"))).toBeNull();
    expect(checkOrigin(post({ Origin: "https://app.example", Authorization: "Bearer t" }))).toBeNull();
    expect(checkOrigin(post({ Origin: "https://app.example", Authorization: "Bearer t", Cookie: "a=1" }))?.status).toBe(403);
    const page = new Request("https://celmaiieftincurent.ro/admin/login", { method: "POST", headers: { Origin: "https://app.example", Authorization: "Bearer t" } });
    expect(checkOrigin(page)?.status).toBe(403);
  });
});

describe("envelopeApiError", () => {
  it("replaces a non-envelope error, keeping Allow and every Set-Cookie", async () => {
    const headers = new Headers({ "Content-Type": "text/plain", Allow: "GET" });
    headers.append("Set-Cookie", "a=1");
    headers.append("Set-Cookie", "b=2");
    const out = await envelopeApiError(new Response("Error: boom\n    at x (/work/app.js:1:2)", { status: 405, headers }));
    expect(out.status).toBe(405);
    expect(await out.json()).toEqual({ success: false, error: "method_not_allowed", message: TEXTS.auth.methodNotAllowed });
    expect(out.headers.get("Allow")).toBe("GET");
    expect(out.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });

  it("replaces Remix's serialized errors and the last-resort 500, keeps an envelope and any success", async () => {
    const remix = new Response(JSON.stringify({ message: "Unexpected Server Error" }), {
      status: 500,
      headers: { "Content-Type": "application/json", "X-Remix-Error": "yes" },
    });
    expect(await (await envelopeApiError(remix)).json()).toEqual({ success: false, error: "server_error", message: TEXTS.api.serverError });
    const ours = Response.json({ success: false, error: "invalid_input", message: "x" }, { status: 400 });
    expect(await envelopeApiError(ours)).toBe(ours);
    const file = new Response("%PDF-1.7", { headers: { "Content-Type": "application/pdf" } });
    expect(await envelopeApiError(file)).toBe(file);
  });
});
