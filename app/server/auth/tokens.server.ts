// Signed access tokens: compact JWS (HS256) with SESSION_SECRET. An access token only names a
// session; whoever accepts it must still check that session in D1, so logout and revocation
// take effect at once (user-sessions.server.ts).
import { base64UrlDecode, base64UrlEncode, hmacSha256, hmacVerify } from "./crypto.server";

/**
 * "user": the API's access tokens. "user_live" / "admin_live": one-minute tokens that only open a live
 * channel socket, for pages signed in by an httpOnly cookie (docs/decisions/0008).
 */
export type TokenAudience = "user" | "admin" | "user_live" | "admin_live";

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session (refresh family) id */
  sid: string;
  aud: TokenAudience;
  /** seconds since epoch */
  iat: number;
  exp: number;
}

const HEADER = base64UrlEncode(new TextEncoder().encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  const payload = base64UrlEncode(new TextEncoder().encode(JSON.stringify(claims)));
  const signature = base64UrlEncode(await hmacSha256(secret, `${HEADER}.${payload}`));
  return `${HEADER}.${payload}.${signature}`;
}

export type TokenCheck =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: "malformed" | "bad_signature" | "expired" | "wrong_audience" };

export async function verifyAccessToken(
  secret: string,
  token: string,
  audience: TokenAudience,
  nowMs: number = Date.now(),
): Promise<TokenCheck> {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: "malformed" };
  const [, payload, signature] = parts as [string, string, string];
  const mac = base64UrlDecode(signature);
  if (!mac) return { ok: false, reason: "malformed" };
  if (!(await hmacVerify(secret, `${HEADER}.${payload}`, mac))) return { ok: false, reason: "bad_signature" };
  const json = base64UrlDecode(payload);
  if (!json) return { ok: false, reason: "malformed" };
  let claims: AccessClaims;
  try {
    claims = JSON.parse(new TextDecoder().decode(json)) as AccessClaims;
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, reason: "malformed" };
    throw error;
  }
  if (typeof claims.sub !== "string" || typeof claims.sid !== "string" || typeof claims.exp !== "number") {
    return { ok: false, reason: "malformed" };
  }
  if (claims.aud !== audience) return { ok: false, reason: "wrong_audience" };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}
