// The one error boundary (issue 15, item 2): the malformed inputs thrown at every API route
// and form action of the built route manifest. Every answer: no 5xx, no stack, an X-Request-Id, the
// JSON envelope on /api; and no D1 row written by a refused request.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TEXTS } from "../../app/texts/user";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { API_BODY_MAX_BYTES } from "../../app/server/http/api-boundary.server";
import { apiTargets, expectWellFormed, formActionPaths, isRejection, send, watchD1, type Answer } from "./adversarial-helpers";
import { signInThroughApi, type SignedIn } from "./auth-helpers";

let user: SignedIn;
let d1: Awaited<ReturnType<typeof watchD1>>;

beforeAll(async () => {
  user = await signInThroughApi();
  d1 = await watchD1();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const BODIES: [string, Record<string, string>, BodyInit | undefined][] = [
  ["no body", {}, undefined],
  ["text/plain", { "Content-Type": "text/plain" }, "hello"],
  ["no Content-Type", {}, "hello"],
  ["malformed JSON", { "Content-Type": "application/json" }, '{"phoneNumber": "07'],
  ["JSON array", { "Content-Type": "application/json" }, "[1,2]"],
  ["JSON null", { "Content-Type": "application/json" }, "null"],
  ["deeply nested JSON", { "Content-Type": "application/json" }, "[".repeat(5000) + "]".repeat(5000)],
  ["JSON in invalid UTF-8", { "Content-Type": "application/json" }, new Uint8Array([0x7b, 0x22, 0x61, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
  ["multipart without boundary", { "Content-Type": "multipart/form-data" }, "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--"],
  ["multipart with broken framing", { "Content-Type": "multipart/form-data; boundary=zz" }, "garbage without any boundary"],
  ["urlencoded with a broken escape", { "Content-Type": "application/x-www-form-urlencoded" }, "phoneNumber=%E0%A4%A&x=%"],
  ["XML", { "Content-Type": "application/xml" }, "<a/>"],
  ["oversize JSON", { "Content-Type": "application/json" }, `{"a":"${"x".repeat(API_BODY_MAX_BYTES)}"}`],
];

const CREDENTIALS = (): [string, Record<string, string>][] => [
  ["anonymous", {}],
  ["Bearer", { Authorization: `Bearer ${user.accessToken}` }],
  ["session cookie", { Cookie: user.cookie }],
  ["malformed cookies", { Cookie: 'cmic_session=%E0%A4%A; cmic_admin="unterminated; cmic_devgate=a.b.c; =; ;;' }],
  ["forged cookie", { Cookie: "cmic_session=eyJ1Ijoi.bm90LWEtc2lnbmF0dXJl" }],
  ["bogus Bearer", { Authorization: "Bearer a.b.c" }],
];

/** The test user's real credentials: never sent to a logout, so the session lives through the suite. */
const carriesSession = (headers: Record<string, string>) =>
  headers.Authorization === `Bearer ${user.accessToken}` || headers.Cookie === user.cookie;

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

async function attack(path: string, init: RequestInit, api: boolean): Promise<Answer> {
  const before = await d1.changes();
  const answer = await send(path, init);
  const what = `${init.method ?? "GET"} ${path} ${JSON.stringify(init.headers)}`;
  expectWellFormed(what, answer, api, init.method);
  if (isRejection(answer.status)) expect(await d1.changes(), `${what} → ${answer.status} wrote to D1`).toBe(before);
  return answer;
}

describe("every API route of the manifest", () => {
  it("lists the routes from the build (the suite grows with them)", () => {
    const paths = apiTargets().map((t) => t.path);
    expect(paths).toContain("/api/ping");
    expect(paths).toContain("/api/documents/upload/01970000-0000-7000-8000-000000000000");
    expect(paths.length).toBeGreaterThanOrEqual(25);
  });

  // One test per route (not one for all >3000 requests): a loaded machine slows each route's ~150
  // requests, and no single test's timeout has to cover the whole manifest.
  let requests = 0;
  describe.each(apiTargets())("$path", ({ path, methods }) => {
    it("answers every method, body and credential with a well-formed answer", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      vi.spyOn(console, "log").mockImplementation(() => {});
      for (const method of METHODS) {
        const bodies = ["GET", "HEAD", "OPTIONS"].includes(method) ? BODIES.slice(0, 1) : BODIES;
        for (const [, headers, body] of bodies) {
          for (const [, credentials] of CREDENTIALS()) {
            // The session must survive the suite: logging out is tried anonymously only.
            if (path.includes("logout") && carriesSession(credentials)) continue;
            const answer = await attack(path, { method, headers: { ...headers, ...credentials }, body }, true);
            requests++;
            if (!methods.includes(method)) {
              expect(answer.status, `${method} ${path}`).toBe(405);
              expect(answer.headers.get("Allow")).toBe(methods.join(", "));
            }
          }
        }
      }
    }, 60_000);
  });

  it("sent every route more than 3000 attacks in all", () => {
    expect(requests).toBeGreaterThan(3000);
  });

  it("gives the specific 4xx for each kind of bad body", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const post = (name: string) => {
      const [, headers, body] = BODIES.find(([n]) => n === name)!;
      return send("/api/auth/register-phone", { method: "POST", headers, body });
    };
    const expectError = async (name: string, status: number, error: string, message: string) => {
      const answer = await post(name);
      expect(answer.status, name).toBe(status);
      expect(JSON.parse(answer.body), name).toEqual({ success: false, error, message });
    };
    await expectError("malformed JSON", 400, "invalid_json", TEXTS.api.invalidJson);
    await expectError("JSON array", 400, "invalid_json", TEXTS.api.jsonObjectExpected);
    await expectError("JSON in invalid UTF-8", 400, "bad_encoding", TEXTS.api.badEncoding);
    await expectError("urlencoded with a broken escape", 400, "bad_encoding", TEXTS.api.badEncoding);
    await expectError("multipart without boundary", 400, "unreadable_body", TEXTS.api.unreadableBody);
    await expectError("text/plain", 415, "unsupported_media_type", TEXTS.api.unsupportedMediaType);
    await expectError("no Content-Type", 415, "unsupported_media_type", TEXTS.api.unsupportedMediaType);
    await expectError("oversize JSON", 413, "payload_too_large", TEXTS.api.payloadTooLarge);
  });

  it("a broken multipart upload by a signed-in user is a 400 of the documents API, not a 500", async () => {
    const [, headers, body] = BODIES.find(([n]) => n === "multipart with broken framing")!;
    const answer = await attack(
      "/api/documents/upload/ultima_factura",
      { method: "POST", headers: { ...headers, Authorization: `Bearer ${user.accessToken}` }, body },
      true,
    );
    expect(answer.status).toBe(400);
  });
});

describe("paths", () => {
  it("answers unknown, wrong-case, percent-encoded and malformed /api paths with a JSON 4xx", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const admin = { Authorization: `Bearer ${user.accessToken}` };
    const cases: [string, number, string][] = [
      ["/api/nu-exista", 404, "not_found"],
      ["/api", 404, "not_found"],
      ["/api/", 404, "not_found"],
      ["/api/admin/ADMINS", 404, "not_found"],
      ["/api/ADMIN/admins", 404, "not_found"],
      ["/API/ping", 404, "not_found"],
      ["/api/%61dmin/admins", 404, "not_found"],
      ["/api/admin/admins%2F", 404, "not_found"],
      ["/api/documents/%E0%A4%A", 400, "bad_path"],
      ["/api/%", 400, "bad_path"],
      ["/api/documents/upload/%00", 401, "unauthorized"],
    ];
    for (const [path, status, error] of cases) {
      const init = path.includes("upload") ? { method: "POST" } : { headers: admin };
      const answer = await attack(path, init, true);
      expect(answer.status, path).toBe(status);
      expect((JSON.parse(answer.body) as { error: string }).error, path).toBe(error);
    }
  });

  it("keeps the HTML not-found page for unknown pages, and refuses a malformed page path with a 400", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const missing = await attack("/nu-exista", {}, false);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Type")).toContain("text/html");
    const malformed = await attack("/%E0%A4%A", {}, false);
    expect(malformed.status).toBe(400);
  });
});

describe("Origin", () => {
  it("refuses a cookie-authenticated state change from another site with 403, on the API and on form actions", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const forged = { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded" };
    for (const [path, api] of [
      ["/api/documents/reprocess/01970000-0000-7000-8000-000000000000", true],
      ["/api/documents/upload/ultima_factura", true],
      ["/api/documents/meter-reading", true],
      ["/api/auth/logout", true],
      ["/profil", false],
      ["/logout", false],
      ["/admin/login", false],
    ] as const) {
      const origins: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }];
      for (const origin of origins) {
        const answer = await attack(path, { method: "POST", headers: { ...forged, ...origin }, body: "first_name=X" }, api);
        expect(answer.status, `${path} ${JSON.stringify(origin)}`).toBe(403);
        if (api) expect(JSON.parse(answer.body)).toEqual({ success: false, error: "foreign_origin", message: TEXTS.api.foreignOrigin });
      }
    }
    // Still signed in: the forged logouts did nothing.
    const me = await send("/api/users/profile/me", { headers: { Cookie: user.cookie } });
    expect(me.status).toBe(200);
  });

  it("lets same-origin forms and Bearer API calls through", async () => {
    const sameOrigin = await send("/api/auth/logout", {
      method: "POST",
      headers: { Origin: "http://local.test", Authorization: "Bearer not-a-session" },
    });
    expect(sameOrigin.status).toBe(200);
    const bearerFromElsewhere = await send("/api/documents/reprocess/01970000-0000-7000-8000-000000000000", {
      method: "POST",
      headers: { Origin: "https://app.example", Authorization: `Bearer ${user.accessToken}` },
    });
    expect(bearerFromElsewhere.status).toBe(404);
  });
});

describe("form actions", () => {
  it("lists the pages with actions from the build", () => {
    expect(formActionPaths().sort()).toEqual(expect.arrayContaining(["/acces-dezvoltare", "/admin/login", "/cont", "/profil"]));
  });

  it("answer any body without a 5xx or a stack", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const path of formActionPaths()) {
      for (const [, headers, body] of BODIES) {
        for (const [, credentials] of CREDENTIALS()) {
          if (path.includes("logout") && carriesSession(credentials)) continue;
          await attack(path, { method: "POST", headers: { ...headers, ...credentials }, body }, false);
          await attack(`${path}.data`, { method: "POST", headers: { ...headers, ...credentials }, body }, false);
        }
      }
    }
  }, 120_000);

  it("answer an unreadable body with a form error and change nothing", async () => {
    await send("/api/users/profile/me", {
      method: "PUT",
      headers: { Authorization: `Bearer ${user.accessToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ first_name: "Ion", last_name: "Popescu", email: "" }),
    });
    const page = await attack("/profil", { method: "POST", headers: { Cookie: user.cookie, "Content-Type": "text/plain" }, body: "x" }, false);
    expect(page.status).toBe(200);
    expect(page.body).toContain(TEXTS.api.unreadableBody);
    const profile = JSON.parse((await send("/api/users/profile/me", { headers: { Cookie: user.cookie } })).body);
    expect(profile.data).toMatchObject({ first_name: "Ion", last_name: "Popescu" });

    const login = await attack("/admin/login", { method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "x" }, false);
    expect(login.status).toBe(400);
    expect(login.body).toContain(TEXTS.api.unreadableBody);
    const empty = await attack("/admin/login", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" }, false);
    expect(empty.status).toBe(400);
    expect(empty.body).toContain(ADMIN_TEXTS.emailRequired);
  });
});

describe("errors and logs", () => {
  it("logs one short line for a refused request, without a stack", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const errored = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await send("/api/auth/register-phone", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
    const requestId = answer.headers.get("X-Request-Id")!;
    const lines = warned.mock.calls.map((call) => call.join(" ")).filter((line) => line.includes(requestId));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("400 invalid_json");
    expect(lines[0]!.split("\n")).toHaveLength(1);
    expect(errored).not.toHaveBeenCalled();
  });
});
