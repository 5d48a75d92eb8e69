// The dashboard's user and document stats from real rows (issue 13 item 3, decision 0013): each
// figure checked against rows a test adds, as a change from what was there before, and every figure
// of a known set of rows exactly (the one-pass queries must keep the spec §3 values and shape).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../app/lib/ids";
import {
  cachedDocumentStats,
  cachedUserStats,
  dashboardStats,
  documentGroups,
  documentStats,
  userStats,
  type DocumentStats,
  type UserStats,
} from "../../app/server/admin/dashboard-stats.server";
import { adminMetrics, documentBacklog, userActivity } from "../../app/server/admin/metrics.server";
import { STATS_CACHE_TTL_MS } from "../../app/server/admin/stats-cache.server";
import { cachedSystemHealth, systemHealth } from "../../app/server/admin/system-health.server";
import { createAppContext } from "../../app/server/context.server";
import { createDb } from "../../app/server/db/client.server";
import { documentEvents, documents, switchRequests, users } from "../../app/server/db/schema.server";
import type { Env as AppEnv } from "../../app/server/env.server";
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

// A known set, every figure of admin spec §3 asserted exactly (decision 0013 formulas). The instant is
// fixed so "today", "this week" and "this month" (Bucharest calendar) do not depend on when it runs:
// Wednesday 25 November 2026, 12:00 in Bucharest.
const NOW = Date.UTC(2026, 10, 25, 10, 0);
const HOUR = 3_600_000;

async function user(
  phone: string,
  createdAt: number,
  lastLoginAt: number | null = null,
  status: "active" | "inactive" | "suspended" = "active",
  profile: [string | null, string | null, string | null] = [null, null, null],
) {
  const id = newId(createdAt);
  await db.insert(users).values({ id, phone, firstName: profile[0], lastName: profile[1], email: profile[2], status, createdAt, lastLoginAt });
  return id;
}

async function knownSet() {
  // Each test starts from the migrated, seeded database of this file (isolated per test): the figures
  // below count only these rows.
  await env.DB.batch(["document_events", "switch_requests", "documents", "users"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
  const u1 = await user("+40700000001", NOW - HOUR, NOW - HOUR, "active", ["Ana", "Pop", "ana@test.ro"]);
  const u2 = await user("+40700000002", NOW - 2 * DAY, null, "suspended", [null, null, null]);
  const u3 = await user("+40700000003", NOW - 10 * DAY, NOW - 3 * DAY, "active", ["Ion", "Ene", "ion@test.ro"]);
  const u4 = await user("+40700000004", NOW - 40 * DAY, NOW - 5 * DAY, "active", ["Dan", null, null]);
  const u5 = await user("+40700000005", NOW - 50 * DAY, NOW - 40 * DAY, "inactive", [null, null, null]);
  const doc = async (userId: string, type: string, uploadedAt: number, fileSize: number, o: Partial<typeof documents.$inferInsert>) => {
    const id = newId(uploadedAt);
    await db.insert(documents).values({ id, userId, documentType: type, r2Key: `k/${id}`, fileName: "f.pdf", fileSize, mimeType: "application/pdf", sha256: id, uploadedAt, ...o });
    return id;
  };
  const event = (documentId: string, action: string, notes: string | null, createdAt: number) => db.insert(documentEvents).values({ id: newId(createdAt), documentId, action, notes, createdAt });
  await doc(u1, "document_identitate", NOW - 3 * HOUR, 1000, { status: "verified", processingMs: 60_000, processedAt: NOW - 2 * HOUR, verifiedAt: NOW - 2 * HOUR });
  const d2 = await doc(u1, "ultima_factura", NOW - 31 * HOUR, 2000, { status: "rejected", processingMs: 120_000, processedAt: NOW - 30 * HOUR });
  await event(d2, "rejected", "bill_too_old,holder_mismatch", NOW - 30 * HOUR);
  await doc(u2, "ultima_factura", NOW - HOUR, 3000, { status: "pending", queuedAt: NOW - HOUR });
  await doc(u3, "poza_contor", NOW - 6 * HOUR, 4000, { status: "pending", processingMs: 30_000, processedAt: NOW - 5 * HOUR });
  await doc(u4, "document_identitate", NOW - 20 * DAY, 5000, { status: "verified", processingMs: 90_000, processedAt: NOW - 20 * DAY, verifiedAt: NOW - 20 * DAY });
  const d6 = await doc(u3, "contract_furnizor_actual", NOW - 4 * HOUR, 6000, { status: "rejected", processingMs: 180_000, processedAt: NOW - 3 * HOUR });
  await event(d6, "rejected", null, NOW - 3 * HOUR);
  const d7 = await doc(u4, "ultima_factura", NOW - 10 * HOUR, 7000, { status: "failed" });
  await event(d7, "failed", "ocr timeout", NOW - 2 * HOUR);
  const d8 = await doc(u5, "dovada_proprietate", NOW - 40 * DAY, 1.5 * 1024 ** 3 - 28_000, { status: "processing" });
  // Outside the 30-day window of the rejection reasons.
  await event(d8, "rejected", "expired", NOW - 40 * DAY);
  const request = async (userId: string, consumerType: "casnic" | "prosumator", status: string, createdAt: number) =>
    db.insert(switchRequests).values({
      id: newId(createdAt),
      userId,
      targetSupplierId: "hidroelectrica",
      offerId: "hidroelectrica-fix-12",
      offerSnapshotJson: "{}",
      offerName: "Casnic Fix 12",
      offerPriceMicroLei: 1_061_200,
      consumerType,
      status: status as typeof switchRequests.$inferInsert.status,
      desiredSwitchDate: "2026-12-08",
      switchType: "automatic",
      switchReason: "cost_savings",
      titleHolderQuality: "Proprietar",
      createdAt,
    });
  await request(u1, "casnic", "completed", NOW - 2 * DAY);
  await request(u2, "prosumator", "cancelled", NOW - DAY);
  await request(u3, "prosumator", "created", NOW - 3 * DAY);
  await request(u3, "prosumator", "failed", NOW - 5 * DAY);
  await request(u4, "casnic", "created", NOW - 45 * DAY);
}

const EXPECTED_USER_STATS: UserStats = {
  total_users: 5,
  active_users: 3,
  new_registrations_today: 1,
  new_registrations_week: 2,
  new_registrations_month: 3,
  suspended_users: 1,
  verification_rate: 40,
  verified_users: 2,
  growth_rate_weekly: 66.7,
  growth_rate_monthly: 150,
  average_documents_per_user: 1.6,
  user_retention_rate: 50,
  users_with_completed_profiles: 2,
  users_with_energy_switches: 3,
  most_active_user_type: "prosumator",
  recent_activity_count: 3,
};

const EXPECTED_DOCUMENT_STATS: DocumentStats = {
  total_uploaded: 8,
  verified: 2,
  pending: 2,
  rejected: 2,
  processing: 1,
  by_type: { identity: 2, bills: 3, contracts: 1, meter_photos: 1 },
  recent_uploads: [
    ["+40700000002", "ultima_factura", NOW - HOUR, "pending"],
    ["+40700000001", "document_identitate", NOW - 3 * HOUR, "verified"],
    ["+40700000003", "contract_furnizor_actual", NOW - 4 * HOUR, "rejected"],
    ["+40700000003", "poza_contor", NOW - 6 * HOUR, "pending"],
    ["+40700000004", "ultima_factura", NOW - 10 * HOUR, "failed"],
    ["+40700000001", "ultima_factura", NOW - 31 * HOUR, "rejected"],
    ["+40700000004", "document_identitate", NOW - 20 * DAY, "verified"],
    ["+40700000005", "dovada_proprietate", NOW - 40 * DAY, "processing"],
  ].map(([phone, document_type, at, status]) => ({ phone: phone as string, document_type: document_type as string, uploaded_at: new Date(at as number).toISOString(), status: status as string })),
  processing_times: {
    // (60 + 120 + 30 + 90 + 180) s ÷ 5 = 96 s
    average_processing_time_minutes: 1.6,
    fastest_processing_time_minutes: 0.5,
    by_document_type: { contract_furnizor_actual: 3, document_identitate: 1.25, poza_contor: 0.5, ultima_factura: 2 },
  },
  verification_rates: { overall_rate: 50 },
  recent_activity: { last_24h_processed: 3, last_24h_verified: 1, last_24h_rejected: 1, last_24h_errors: 1 },
  processing_queue: { queue_size: 1, estimated_wait_time_minutes: 1.6 },
  rejection_reasons: [
    { reason: "bill_too_old", count: 1, percentage: 50 },
    { reason: "other", count: 1, percentage: 50 },
  ],
};

describe("the stats of a known set of rows", () => {
  it("gives every user figure exactly", async () => {
    await knownSet();
    expect(await userStats(db, NOW)).toStrictEqual(EXPECTED_USER_STATS);
  });

  it("gives every document figure exactly", async () => {
    await knownSet();
    const stats = await documentStats(db, NOW);
    expect(stats).toStrictEqual(EXPECTED_DOCUMENT_STATS);
    expect(Object.keys(stats.processing_times.by_document_type)).toEqual(["contract_furnizor_actual", "document_identitate", "poza_contor", "ultima_factura"]);
  });

  it("gives the same figures when the live channel computes users and documents from one pass", async () => {
    await knownSet();
    expect(await dashboardStats(db, NOW)).toStrictEqual({ user_stats: EXPECTED_USER_STATS, document_stats: EXPECTED_DOCUMENT_STATS });
  });

  it("gives the metrics' user activity and the health's backlog and stored bytes exactly", async () => {
    await knownSet();
    expect(await userActivity(db, NOW)).toStrictEqual({ activeUsers: 1, newRegistrations: 1, documentUploads: 5, verificationRequests: 1 });
    expect(await documentBacklog(db)).toStrictEqual({ pending: 1, oldestQueuedAt: NOW - HOUR });
    const health = await systemHealth(createAppContext(env as unknown as AppEnv), NOW);
    expect(health.document_processing_details).toMatchObject({ backlog: 1, oldest_waiting_seconds: 3600 });
    // R2's figure is the sum of the stored documents' sizes: 1.5 GiB in all.
    expect((await documentGroups(db)).reduce((sum, g) => sum + g.bytes, 0)).toBe(1.5 * 1024 ** 3);
    expect(health.storage.used_space_gb).toBe(1.5);
  });
});

describe("the stats cache of the pages and the API", () => {
  it("answers with the same figures for STATS_CACHE_TTL_MS, then reads the rows again", async () => {
    await knownSet();
    // After every instant the other tests of this file used, so nothing they cached is reused.
    const t = NOW + DAY;
    expect((await cachedDocumentStats(db, t)).total_uploaded).toBe(8);
    expect((await cachedUserStats(db, t)).total_users).toBe(5);
    expect((await adminMetrics(env, db, t)).userActivity.newRegistrations).toBe(0);
    const ctx = createAppContext(env as unknown as AppEnv);
    expect((await cachedSystemHealth(ctx, t)).document_processing_details.backlog).toBe(1);
    const userId = await user("+40700000006", t - 1000);
    await storeDocument(userId, "poza_contor", null);

    const later = t + STATS_CACHE_TTL_MS - 1;
    expect((await cachedDocumentStats(db, later)).total_uploaded).toBe(8);
    expect((await cachedUserStats(db, later)).total_users).toBe(5);
    expect((await adminMetrics(env, db, later)).userActivity.newRegistrations).toBe(0);
    expect(await cachedSystemHealth(ctx, later)).toMatchObject({ timestamp: new Date(t).toISOString(), document_processing_details: { backlog: 1 } });
    // The live channel's own computation is not cached: it sees the new rows at once.
    expect((await dashboardStats(db, later)).document_stats.total_uploaded).toBe(9);

    const expired = t + STATS_CACHE_TTL_MS;
    expect((await cachedDocumentStats(db, expired)).total_uploaded).toBe(9);
    expect((await cachedUserStats(db, expired)).total_users).toBe(6);
    expect((await adminMetrics(env, db, expired)).userActivity.newRegistrations).toBe(1);
    expect(await cachedSystemHealth(ctx, expired)).toMatchObject({ timestamp: new Date(expired).toISOString(), document_processing_details: { backlog: 2 } });
  });
});
