// The admin session's sliding timeout (issue 13 item 5): last_seen_at is written at most once per
// seenWriteIntervalMs, not on every admin request, and the timeout still slides from the last write.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_SEEN_WRITE_INTERVAL_MS, adminFromToken, openAdminSession, seenWriteIntervalMs } from "../../app/server/admin/admin-auth.server";
import { createDb } from "../../app/server/db/client.server";
import { BASE, createAdmin, openAdminSession as openTestSession } from "./auth-helpers";

const db = createDb(env.DB);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

async function session(now: number) {
  const admin = await createAdmin("admin", {});
  const { token } = await openAdminSession(db, admin.id, { ip: "203.0.113.9", userAgent: null }, now, "password");
  const seen = async () =>
    (await env.DB.prepare("SELECT last_seen_at FROM admin_sessions WHERE admin_id = ?").bind(admin.id).first<{ last_seen_at: number }>())!.last_seen_at;
  return { admin, token, seen };
}

describe("the admin session's last_seen_at", () => {
  it("is written once per interval, not on every request", async () => {
    const timeout = 60 * MINUTE;
    const interval = seenWriteIntervalMs(timeout);
    expect(interval).toBe(ADMIN_SEEN_WRITE_INTERVAL_MS);
    const t0 = Date.now();
    const s = await session(t0);
    for (const at of [t0 + SECOND, t0 + 10 * SECOND, t0 + interval - 1]) {
      expect(await adminFromToken(db, s.token, at, timeout)).not.toBeNull();
      expect(await s.seen()).toBe(t0);
    }
    expect(await adminFromToken(db, s.token, t0 + interval, timeout)).not.toBeNull();
    expect(await s.seen()).toBe(t0 + interval);
    expect(await adminFromToken(db, s.token, t0 + interval + 5 * SECOND, timeout)).not.toBeNull();
    expect(await s.seen()).toBe(t0 + interval);
  });

  it("is not written by a request through the Worker just after sign-in", async () => {
    const admin = await createAdmin("admin", {});
    const token = await openTestSession(admin.id);
    const before = (await env.DB.prepare("SELECT last_seen_at, created_at FROM admin_sessions WHERE admin_id = ?").bind(admin.id).first<{ last_seen_at: number | null; created_at: number }>())!;
    for (let i = 0; i < 3; i++) expect((await SELF.fetch(`${BASE}/api/admin/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    const after = (await env.DB.prepare("SELECT last_seen_at FROM admin_sessions WHERE admin_id = ?").bind(admin.id).first<{ last_seen_at: number | null }>())!;
    expect(after.last_seen_at).toBe(before.last_seen_at);
  });

  it("still slides the timeout: a session used within it stays open, and ends a timeout after the last write", async () => {
    const timeout = 5 * MINUTE;
    const interval = seenWriteIntervalMs(timeout);
    expect(interval).toBe(30 * SECOND);
    const t0 = Date.now();
    const s = await session(t0);
    // A request inside the interval is not written; the next one, minutes later, is.
    expect(await adminFromToken(db, s.token, t0 + 20 * SECOND, timeout)).not.toBeNull();
    expect(await adminFromToken(db, s.token, t0 + 4 * MINUTE, timeout)).not.toBeNull();
    expect(await adminFromToken(db, s.token, t0 + 8 * MINUTE, timeout)).not.toBeNull();
    expect(await s.seen()).toBe(t0 + 8 * MINUTE);
    expect(await adminFromToken(db, s.token, t0 + 13 * MINUTE - 1, timeout)).not.toBeNull();
    expect(await s.seen()).toBe(t0 + 13 * MINUTE - 1);
    expect(await adminFromToken(db, s.token, t0 + 18 * MINUTE - 1, timeout)).toBeNull();
    // An idle session is not revived by a later request, written or not.
    expect(await adminFromToken(db, s.token, t0 + 18 * MINUTE, timeout)).toBeNull();
    expect(await s.seen()).toBe(t0 + 13 * MINUTE - 1);
  });
});
