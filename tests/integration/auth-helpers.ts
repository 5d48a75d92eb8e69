// Shared by the auth-*.test.ts and admin-*.test.ts files: unique phones and IPs per test (D1 and the
// rate limiters are shared within a file), a capturing SMS sender, and sign-in through the real API.
import { SELF, env } from "cloudflare:test";
import type { SmsMessage, SmsSender } from "../../app/server/sms/sms.server";
import type { RequestInfo } from "../../app/server/auth/request-info.server";

export const BASE = "http://local.test";

export function uniquePhone(): string {
  const digits = crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000;
  return `+4072${String(digits).padStart(7, "0")}`;
}

/** A random address in a /24 of its own (the limits count networks, decision 0012). */
export function uniqueIp(): string {
  const [a, b, c, d] = crypto.getRandomValues(new Uint8Array(4));
  return `${11 + (a! % 200)}.${b}.${c}.${d}`;
}

export function info(ip: string = uniqueIp()): RequestInfo {
  return { ip, userAgent: "vitest" };
}

/** An SMS sender that keeps what it was asked to send. */
export function captureSms(): SmsSender & { sent: SmsMessage[]; lastCode(): string } {
  const sent: SmsMessage[] = [];
  return {
    provider: "capture",
    sent,
    async send(message) {
      sent.push(message);
      return { ok: true, messageId: `capture-${sent.length}` };
    },
    lastCode() {
      const code = /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? "")?.[1];
      if (!code) throw new Error("no code sent");
      return code;
    },
  };
}

export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

export async function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { res, body: (await res.json()) as Record<string, unknown> & { success: boolean; message?: string; error?: string } };
}

/** The newest code the outbox adapter stored for a phone. */
export async function outboxCode(phone: string): Promise<string> {
  const row = await env.DB.prepare("SELECT body FROM sms_outbox WHERE phone = ? ORDER BY created_at DESC, id DESC LIMIT 1")
    .bind(phone)
    .first<{ body: string }>();
  const code = /\b(\d{6})\b/.exec(row?.body ?? "")?.[1];
  if (!code) throw new Error(`no SMS in the outbox for ${phone}`);
  return code;
}

export interface SignedIn {
  phone: string;
  ip: string;
  accessToken: string;
  refreshToken: string;
  cookie: string;
  /** the whole Set-Cookie header of verify-sms */
  setCookie: string;
  userId: string;
  body: Record<string, unknown>;
}

/** register-phone + verify-sms through the Worker, as a client would. */
export async function signInThroughApi(phone: string = uniquePhone(), ip: string = uniqueIp()): Promise<SignedIn> {
  const headers = { "CF-Connecting-IP": ip };
  const sent = await postJson("/api/auth/register-phone", { phoneNumber: phone }, headers);
  if (sent.res.status !== 200) throw new Error(`register-phone ${sent.res.status}: ${JSON.stringify(sent.body)}`);
  const verified = await postJson(
    "/api/auth/verify-sms",
    { phoneNumber: phone, verificationCode: await outboxCode(phone) },
    headers,
  );
  if (verified.res.status !== 200) throw new Error(`verify-sms ${verified.res.status}: ${JSON.stringify(verified.body)}`);
  const setCookie = verified.res.headers.get("Set-Cookie") ?? "";
  return {
    phone,
    ip,
    accessToken: verified.body.accessToken as string,
    refreshToken: verified.body.refreshToken as string,
    cookie: setCookie.split(";")[0]!,
    setCookie,
    userId: (verified.body.user as { id: string }).id,
    body: verified.body,
  };
}

export interface TestAdmin {
  id: string;
  email: string;
  password: string;
}

/** Inserts an admin with a real PBKDF2 hash. */
export async function createAdmin(
  role: "super_admin" | "admin" | "moderator",
  permissions: Record<string, boolean>,
  options: { status?: "active" | "invited" | "revoked"; password?: string } = {},
): Promise<TestAdmin> {
  const { hashPassword } = await import("../../app/server/auth/password.server");
  const id = crypto.randomUUID();
  const email = `admin-${id.slice(0, 8)}@test.ro`;
  const password = options.password ?? `Parola-${id.slice(0, 8)}!`;
  await env.DB.prepare(
    "INSERT INTO admins (id, email, password_hash, first_name, last_name, role, permissions_json, status) VALUES (?, ?, ?, 'Test', 'Admin', ?, ?, ?)",
  )
    .bind(id, email, await hashPassword(password), role, JSON.stringify(permissions), options.status ?? "active")
    .run();
  return { id, email, password };
}

/** An admin session opened straight in D1 (the guard tests need many; login has its own tests). */
export async function openAdminSession(adminId: string, expiresAt: number = Date.now() + 3_600_000): Promise<string> {
  const { randomToken, sha256Hex } = await import("../../app/server/auth/crypto.server");
  const token = randomToken();
  await env.DB.prepare("INSERT INTO admin_sessions (id, admin_id, token_hash, expires_at) VALUES (?, ?, ?, ?)")
    .bind(crypto.randomUUID(), adminId, await sha256Hex(token), expiresAt)
    .run();
  return token;
}
