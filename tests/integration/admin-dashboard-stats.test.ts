// The dashboard's user and document stats from real rows (issue 13 item 3, decision 0013): each
// figure checked against rows this test adds, as a change from what was there before.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { documentStats, userStats } from "../../app/server/admin/dashboard-stats.server";
import { createDb } from "../../app/server/db/client.server";
import { createUserRow, storeDocument } from "./documents-helpers";

const db = createDb(env.DB);
const DAY = 86_400_000;

async function eventFor(documentId: string, action: string, notes: string | null, at: number) {
  await env.DB.prepare("INSERT INTO document_events (id, document_id, action, notes, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), documentId, action, notes, at)
    .run();
}

describe("user stats", () => {
  it("counts a user with a verified identity document as verified, and a completed profile", async () => {
    const now = Date.now();
    const before = await userStats(db, now);
    const userId = await createUserRow();
    await env.DB.prepare("UPDATE users SET first_name = 'Ana', last_name = 'Pop', email = 'ana@test.ro' WHERE id = ?").bind(userId).run();
    await storeDocument(userId, "document_identitate", null, { status: "verified" });
    const after = await userStats(db, Date.now());
    expect(after.total_users).toBe(before.total_users + 1);
    expect(after.verified_users).toBe(before.verified_users + 1);
    expect(after.users_with_completed_profiles).toBe(before.users_with_completed_profiles + 1);
    expect(after.new_registrations_today).toBe(before.new_registrations_today + 1);
    expect(after.verification_rate).toBeCloseTo((after.verified_users / after.total_users) * 100, 1);
  });

  it("grows by the users registered in the last 7 days over those who existed before", async () => {
    const now = Date.now();
    const old = await createUserRow();
    await env.DB.prepare("UPDATE users SET created_at = ?, last_login_at = ? WHERE id = ?").bind(now - 40 * DAY, now - DAY, old).run();
    const stats = await userStats(db, now);
    const counts = (await env.DB.prepare("SELECT count(*) AS total, sum(created_at >= ?) AS recent, sum(created_at < ?) AS old, sum(created_at < ? AND last_login_at >= ?) AS retained FROM users")
      .bind(now - 7 * DAY, now - 30 * DAY, now - 30 * DAY, now - 30 * DAY)
      .first<{ total: number; recent: number; old: number; retained: number }>())!;
    expect(stats.growth_rate_weekly).toBeCloseTo((counts.recent / (counts.total - counts.recent)) * 100, 1);
    expect(stats.user_retention_rate).toBeCloseTo((counts.retained / counts.old) * 100, 1);
    expect(counts.retained).toBeGreaterThanOrEqual(1);
  });
});

describe("document stats", () => {
  it("counts rejection reasons by their first issue code, with percentages of the rejections", async () => {
    const now = Date.now();
    const before = await documentStats(db, now);
    const userId = await createUserRow();
    const a = await storeDocument(userId, "ultima_factura", null, { status: "rejected", processedAt: now, processingMs: 2000 });
    const b = await storeDocument(userId, "ultima_factura", null, { status: "rejected", processedAt: now, processingMs: 4000 });
    await eventFor(a.id, "rejected", "bill_too_old,holder_mismatch", now);
    await eventFor(b.id, "rejected", "bill_too_old", now);
    const after = await documentStats(db, Date.now() + 1);
    const reason = after.rejection_reasons.find((r) => r.reason === "bill_too_old")!;
    const had = before.rejection_reasons.find((r) => r.reason === "bill_too_old")?.count ?? 0;
    expect(reason.count).toBe(had + 2);
    expect(after.rejection_reasons.some((r) => r.reason === "holder_mismatch" && r.count > (before.rejection_reasons.find((x) => x.reason === "holder_mismatch")?.count ?? 0))).toBe(false);
    const total = after.rejection_reasons.reduce((sum, r) => sum + r.count, 0);
    expect(reason.percentage).toBeCloseTo((reason.count / total) * 100, 1);
    expect(after.rejected).toBe(before.rejected + 2);
    expect(after.recent_activity.last_24h_rejected).toBe(before.recent_activity.last_24h_rejected + 2);
    expect(after.by_type.bills).toBe(before.by_type.bills + 2);
  });

  it("puts unprocessed pending documents in the queue and lists at most 10 recent uploads, newest first", async () => {
    const now = Date.now();
    const before = await documentStats(db, now);
    const userId = await createUserRow();
    for (let i = 0; i < 11; i++) await storeDocument(userId, "poza_contor", null, { uploadedAt: now + i });
    const after = await documentStats(db, now + 20);
    expect(after.processing_queue.queue_size).toBe(before.processing_queue.queue_size + 11);
    expect(after.recent_uploads).toHaveLength(10);
    const times = after.recent_uploads.map((u) => Date.parse(u.uploaded_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(after.recent_uploads[0]).toMatchObject({ document_type: "poza_contor", status: "pending" });
    const verified = (await env.DB.prepare("SELECT sum(status = 'verified') AS v, sum(status = 'rejected') AS r FROM documents").first<{ v: number; r: number }>())!;
    const decided = (verified.v ?? 0) + (verified.r ?? 0);
    if (decided === 0) expect(after.verification_rates.overall_rate).toBeNull();
    else expect(after.verification_rates.overall_rate).toBeCloseTo((verified.v / decided) * 100, 1);
  });
});
