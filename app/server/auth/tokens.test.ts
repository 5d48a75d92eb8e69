import { describe, expect, it } from "vitest";
import { base64UrlDecode, base64UrlEncode, randomDigits, randomToken } from "./crypto.server";
import { bearerToken, signAccessToken, verifyAccessToken, type AccessClaims } from "./tokens.server";

const SECRET = "unit-test-secret-0123456789abcdef-0123";
const now = 1_800_000_000_000;
const claims: AccessClaims = { sub: "user-1", sid: "family-1", aud: "user", iat: now / 1000, exp: now / 1000 + 900 };

describe("access tokens (HS256)", () => {
  it("round-trips and is a three-part JWS", async () => {
    const token = await signAccessToken(SECRET, claims);
    expect(token.split(".")).toHaveLength(3);
    expect(JSON.parse(new TextDecoder().decode(base64UrlDecode(token.split(".")[0]!)!))).toEqual({ alg: "HS256", typ: "JWT" });
    expect(await verifyAccessToken(SECRET, token, "user", now)).toEqual({ ok: true, claims });
  });

  it("expires at exp", async () => {
    const token = await signAccessToken(SECRET, claims);
    expect((await verifyAccessToken(SECRET, token, "user", now + 899_999)).ok).toBe(true);
    expect(await verifyAccessToken(SECRET, token, "user", now + 900_000)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another secret, a changed payload, another audience and garbage", async () => {
    const token = await signAccessToken(SECRET, claims);
    expect(await verifyAccessToken(`${SECRET}x`, token, "user", now)).toEqual({ ok: false, reason: "bad_signature" });
    const [h, , s] = token.split(".");
    const forgedPayload = base64UrlEncode(new TextEncoder().encode(JSON.stringify({ ...claims, sub: "user-2" })));
    expect(await verifyAccessToken(SECRET, `${h}.${forgedPayload}.${s}`, "user", now)).toEqual({ ok: false, reason: "bad_signature" });
    expect(await verifyAccessToken(SECRET, token, "admin", now)).toEqual({ ok: false, reason: "wrong_audience" });
    for (const junk of ["", "a.b", "a.b.c", `${h}.!!.${s}`]) {
      expect((await verifyAccessToken(SECRET, junk, "user", now)).ok).toBe(false);
    }
  });

  it("refuses alg=none", async () => {
    const none = base64UrlEncode(new TextEncoder().encode(JSON.stringify({ alg: "none", typ: "JWT" })));
    const payload = base64UrlEncode(new TextEncoder().encode(JSON.stringify(claims)));
    expect(await verifyAccessToken(SECRET, `${none}.${payload}.`, "user", now)).toEqual({ ok: false, reason: "malformed" });
  });

  it("reads a Bearer header", () => {
    const req = (value?: string) => new Request("http://x/", { headers: value ? { Authorization: value } : {} });
    expect(bearerToken(req("Bearer abc.def"))).toBe("abc.def");
    expect(bearerToken(req("bearer   abc"))).toBe("abc");
    expect(bearerToken(req("Basic abc"))).toBeNull();
    expect(bearerToken(req())).toBeNull();
  });
});

describe("random values", () => {
  it("makes 6-digit codes with every digit position varying", () => {
    const codes = Array.from({ length: 2000 }, () => randomDigits(6));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    for (let position = 0; position < 6; position++) {
      expect(new Set(codes.map((c) => c[position])).size).toBe(10);
    }
  });

  it("makes 256-bit URL-safe tokens", () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64UrlDecode(token)).toHaveLength(32);
  });
});
