// The install-time patch of wrangler 4.86's local ProxyWorker (scripts/patch-wrangler-proxy.mjs,
// decision 0015): it applies to the exact upstream text only, is idempotent, is installed, and makes the
// ProxyWorker resend a request whose pooled connection was lost instead of answering 503.
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRISTINE_SHA256,
  PROXY_WORKER_PATH,
  patchProxyWorker,
  proxyWorkerState,
  runPatchCommand,
  sha256,
  unpatchProxyWorker,
} from "../../scripts/patch-wrangler-proxy.mjs";

const installed = readFileSync(PROXY_WORKER_PATH, "utf8");
const pristine = unpatchProxyWorker(installed);
const patched = patchProxyWorker(pristine);

describe("the ProxyWorker patch as text", () => {
  it("is installed: npm's postinstall applied it to the ProxyWorker wrangler loads", () => {
    expect(proxyWorkerState(installed)).toBe("patched");
    expect(installed).toBe(patched);
  });

  it("applies to wrangler 4.86.0's own text and can be taken back out exactly", () => {
    expect(sha256(pristine)).toBe(PRISTINE_SHA256);
    expect(proxyWorkerState(pristine)).toBe("pristine");
    expect(patched).not.toBe(pristine);
    expect(patched).toContain("void fetchRetryingLostConnections(this, request, userWorkerUrl, headers).then(");
    expect(patched).not.toContain("void fetch(userWorkerUrl, new Request(request, { headers })).then(");
    expect(unpatchProxyWorker(patched)).toBe(pristine);
  });

  it("is idempotent", () => {
    expect(patchProxyWorker(patched)).toBe(patched);
    expect(unpatchProxyWorker(pristine)).toBe(pristine);
  });

  it("refuses any other text, patched-looking or not", () => {
    const otherUpstream = pristine.replace("status: 503", "status: 502");
    const editedPatch = patched.replace("RETRY_BACKOFF_MS = [0, 10, 50, 200]", "RETRY_BACKOFF_MS = [0]");
    for (const text of [otherUpstream, editedPatch, `${pristine}\n`, ""]) {
      expect(proxyWorkerState(text)).toBe("unknown");
      expect(() => patchProxyWorker(text)).toThrow(/refusing to patch .*workers-sdk#14641/s);
      expect(() => unpatchProxyWorker(text)).toThrow(/refusing to patch/);
    }
  });
});

describe("the patch command (npm's postinstall, npm run dev)", () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  function project(wranglerVersion: string | null) {
    const root = mkdtempSync(join(tmpdir(), "patch-proxy-"));
    roots.push(root);
    if (wranglerVersion !== null) {
      mkdirSync(join(root, "node_modules/wrangler/wrangler-dist"), { recursive: true });
      writeFileSync(join(root, "node_modules/wrangler/package.json"), JSON.stringify({ version: wranglerVersion }));
      writeFileSync(join(root, PROXY_WORKER_PATH), pristine);
    }
    return root;
  }

  it("patches, checks and reverts, writing a new file so a hard-linked copy elsewhere keeps its text", () => {
    const root = project("4.86.0");
    const elsewhere = join(root, "hard-linked-copy.js");
    linkSync(join(root, PROXY_WORKER_PATH), elsewhere);
    expect(runPatchCommand(["--check"], root)).toBe(1);
    expect(runPatchCommand([], root)).toBe(0);
    expect(readFileSync(join(root, PROXY_WORKER_PATH), "utf8")).toBe(patched);
    expect(readFileSync(elsewhere, "utf8")).toBe(pristine);
    expect(runPatchCommand([], root)).toBe(0);
    expect(runPatchCommand(["--check"], root)).toBe(0);
    expect(runPatchCommand(["--revert"], root)).toBe(0);
    expect(readFileSync(join(root, PROXY_WORKER_PATH), "utf8")).toBe(pristine);
  });

  it("refuses another wrangler version and leaves its file alone", () => {
    const root = project("4.87.0");
    expect(() => runPatchCommand([], root)).toThrow(/installed wrangler is 4\.87\.0/);
    expect(readFileSync(join(root, PROXY_WORKER_PATH), "utf8")).toBe(pristine);
  });

  it("has nothing to do without wrangler (a production install)", () => {
    expect(runPatchCommand([], project(null))).toBe(0);
  });
});

// The ProxyWorker module itself, run in Node with workerd's few extras stubbed: `fetch` is the hop to the
// Worker, failing the way kj does when a pooled connection is closed under a request.
type ProxyWorkerModule = { ProxyWorker: new (state: unknown, env: unknown) => { proxyData: unknown; fetch(r: Request): Promise<Response> } };
const WORKER_ORIGIN = { protocol: "http:", hostname: "127.0.0.1", port: "9999" };
const lost = () => new TypeError("Network connection lost.");

describe("the ProxyWorker forwarding a POST whose connection is lost", () => {
  const dir = mkdtempSync(join(tmpdir(), "proxy-worker-"));
  const modules: Record<"pristine" | "patched", ProxyWorkerModule> = {} as never;
  const realFetch = globalThis.fetch;
  const globals = globalThis as unknown as Record<string, unknown>;

  beforeAll(async () => {
    globals.scheduler = { wait: () => Promise.resolve() };
    // workerd's Headers has getAll (for Set-Cookie); Node's does not.
    (Headers.prototype as unknown as Record<string, unknown>).getAll = function (this: Headers, name: string) {
      return name.toLowerCase() === "set-cookie" ? this.getSetCookie() : [];
    };
    for (const [name, text] of [
      ["pristine", pristine],
      ["patched", patched],
    ] as const) {
      const file = join(dir, `${name}.mjs`);
      writeFileSync(file, text);
      modules[name] = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as ProxyWorkerModule;
    }
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
    delete globals.scheduler;
    rmSync(dir, { recursive: true, force: true });
  });

  /** Forwards one POST; `upstream(attempt, proxyWorker)` plays the Worker's side of each attempt. */
  async function forward(
    variant: "pristine" | "patched",
    upstream: (attempt: number, proxyWorker: { proxyData: unknown }) => Promise<Response>,
    init: RequestInit = { method: "POST", body: "phone=0712345678", headers: { "Content-Length": "16" } },
  ) {
    const env = { PROXY_CONTROLLER_AUTH_SECRET: "secret", PROXY_CONTROLLER: { fetch: async () => new Response(null) } };
    const proxyWorker = new modules[variant].ProxyWorker({ getWebSockets: () => [] }, env);
    proxyWorker.proxyData = { userWorkerUrl: WORKER_ORIGIN, headers: {}, liveReload: false };
    const bodies: string[] = [];
    globalThis.fetch = (async (url: URL, request: Request) => {
      expect(url.origin).toBe("http://127.0.0.1:9999");
      bodies.push(await request.text());
      return upstream(bodies.length, proxyWorker);
    }) as typeof fetch;
    const response = await proxyWorker.fetch(new Request("http://localhost:8787/api/auth/register-phone", init));
    return { status: response.status, text: await response.text(), bodies };
  }

  const failFirst = async (attempt: number) => {
    if (attempt === 1) throw lost();
    return new Response("sent", { status: 200 });
  };

  it("without the patch: answered 503 'worker restarted', not sent again", async () => {
    const { status, text, bodies } = await forward("pristine", failFirst);
    expect(status).toBe(503);
    expect(text).toContain("Your worker restarted mid-request");
    expect(bodies).toHaveLength(1);
  });

  it("with the patch: sent again with the same body and answered by the Worker", async () => {
    const { status, text, bodies } = await forward("patched", failFirst);
    expect(status).toBe(200);
    expect(text).toBe("sent");
    expect(bodies).toEqual(["phone=0712345678", "phone=0712345678"]);
  });

  it("with the patch: gives up after five attempts and keeps upstream's answer", async () => {
    const { status, bodies } = await forward("patched", async () => {
      throw lost();
    });
    expect(status).toBe(503);
    expect(bodies).toHaveLength(5);
  });

  it("with the patch: a reload meanwhile (proxy paused) is not retried here", async () => {
    const { status, bodies } = await forward("patched", async (_attempt, proxyWorker) => {
      proxyWorker.proxyData = undefined;
      throw lost();
    });
    expect(status).toBe(503);
    expect(bodies).toHaveLength(1);
  });

  it("with the patch: a body without a Content-Length is streamed once, as before", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("chunked"));
        controller.close();
      },
    });
    const { status, bodies } = await forward("patched", failFirst, { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(status).toBe(503);
    expect(bodies).toEqual(["chunked"]);
  });
});
