// User stats and document stats (admin spec §3) for the dashboard and the system page, computed from the
// D1 rows. Pure over a db handle and a clock, so GET /users/stats and /documents/stats can share them.
// Each formula is written where it is computed and recorded in docs/decisions/0013-dashboard-formulas.md.
import { and, count, desc, eq, gte, inArray, isNull, lt, min, ne, sql } from "drizzle-orm";
import { canAccess, type AdminAccessSubject } from "../../lib/admin-access";
import { bucharestDay, bucharestDayStart, mondayOf } from "../../lib/dates";
import type { Database } from "../db/client.server";
import { documentEvents, documents, switchRequests, users } from "../db/schema.server";
import { cachedStats } from "./stats-cache.server";

const DAY_MS = 24 * 3_600_000;
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);
const minutes = (ms: number | null) => (ms === null ? null : Math.round((ms / 60_000) * 100) / 100);
const n = (value: unknown) => Number(value ?? 0);

export interface UserStats {
  total_users: number;
  active_users: number;
  new_registrations_today: number;
  new_registrations_week: number;
  new_registrations_month: number;
  suspended_users: number;
  /** percent of users with a verified identity document */
  verification_rate: number | null;
  verified_users: number;
  /** percent: users registered in the last 7 days ÷ users who existed 7 days ago */
  growth_rate_weekly: number | null;
  /** percent: users registered in the last 30 days ÷ users who existed 30 days ago */
  growth_rate_monthly: number | null;
  average_documents_per_user: number | null;
  /** percent: of users registered over 30 days ago, those who signed in during the last 30 days */
  user_retention_rate: number | null;
  /** users with first name, last name and e-mail filled in */
  users_with_completed_profiles: number;
  /** users with a switch request that was not cancelled */
  users_with_energy_switches: number;
  /** the consumer type (casnic, prosumator) with the most switch requests in the last 30 days */
  most_active_user_type: string | null;
  /** that type's switch requests in the last 30 days */
  recent_activity_count: number;
}

export async function userStats(db: Database, now: number, groups?: DocumentGroup[]): Promise<UserStats> {
  const day = bucharestDay(now);
  const today = bucharestDayStart(day);
  const week = bucharestDayStart(mondayOf(day));
  const month = bucharestDayStart(`${day.slice(0, 8)}01`);
  const weekAgo = now - 7 * DAY_MS;
  const monthAgo = now - 30 * DAY_MS;
  const when = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

  const [[row], [verified], documentCount, [switchers], types] = await Promise.all([
    db
      .select({
        total: count(),
        active: when(sql`${users.status} = 'active'`),
        suspended: when(sql`${users.status} = 'suspended'`),
        today: when(sql`${users.createdAt} >= ${today}`),
        week: when(sql`${users.createdAt} >= ${week}`),
        month: when(sql`${users.createdAt} >= ${month}`),
        last7: when(sql`${users.createdAt} >= ${weekAgo}`),
        last30: when(sql`${users.createdAt} >= ${monthAgo}`),
        olderThan30: when(sql`${users.createdAt} < ${monthAgo}`),
        retained: when(sql`${users.createdAt} < ${monthAgo} and ${users.lastLoginAt} >= ${monthAgo}`),
        completed: when(sql`${users.firstName} is not null and ${users.lastName} is not null and ${users.email} is not null`),
      })
      .from(users),
    db
      .select({ n: sql<number>`count(distinct ${documents.userId})` })
      .from(documents)
      .where(and(eq(documents.documentType, "document_identitate"), eq(documents.status, "verified"))),
    groups ? groups.reduce((sum, g) => sum + g.count, 0) : db.$count(documents),
    db
      .select({ n: sql<number>`count(distinct ${switchRequests.userId})` })
      .from(switchRequests)
      .where(ne(switchRequests.status, "cancelled")),
    db
      .select({ type: switchRequests.consumerType, n: count() })
      .from(switchRequests)
      .where(gte(switchRequests.createdAt, monthAgo))
      .groupBy(switchRequests.consumerType)
      .orderBy(desc(count()), switchRequests.consumerType)
      .limit(1),
  ]);
  const total = n(row?.total);
  return {
    total_users: total,
    active_users: n(row?.active),
    new_registrations_today: n(row?.today),
    new_registrations_week: n(row?.week),
    new_registrations_month: n(row?.month),
    suspended_users: n(row?.suspended),
    verification_rate: pct(n(verified?.n), total),
    verified_users: n(verified?.n),
    growth_rate_weekly: pct(n(row?.last7), total - n(row?.last7)),
    growth_rate_monthly: pct(n(row?.last30), total - n(row?.last30)),
    average_documents_per_user: total > 0 ? Math.round((documentCount / total) * 100) / 100 : null,
    user_retention_rate: pct(n(row?.retained), n(row?.olderThan30)),
    users_with_completed_profiles: n(row?.completed),
    users_with_energy_switches: n(switchers?.n),
    most_active_user_type: types[0]?.type ?? null,
    recent_activity_count: n(types[0]?.n),
  };
}

/** The spec's four document groups and the document types they count. */
export const DOCUMENT_GROUPS = {
  identity: "document_identitate",
  bills: "ultima_factura",
  contracts: "contract_furnizor_actual",
  meter_photos: "poza_contor",
} as const;

export interface DocumentStats {
  total_uploaded: number;
  verified: number;
  pending: number;
  rejected: number;
  processing: number;
  by_type: Record<keyof typeof DOCUMENT_GROUPS, number>;
  recent_uploads: { phone: string; document_type: string; uploaded_at: string; status: string }[];
  processing_times: {
    /** mean processing_ms of processed documents, in minutes */
    average_processing_time_minutes: number | null;
    fastest_processing_time_minutes: number | null;
    by_document_type: Record<string, number | null>;
  };
  /** percent verified of the documents decided (verified + rejected) */
  verification_rates: { overall_rate: number | null };
  recent_activity: { last_24h_processed: number; last_24h_verified: number; last_24h_rejected: number; last_24h_errors: number };
  /** queue_size: uploaded, not processed yet; the wait assumes one document at a time at the average time */
  processing_queue: { queue_size: number; estimated_wait_time_minutes: number | null };
  /** the first issue code of each rejection in the last 30 days; percent of those rejections */
  rejection_reasons: { reason: string; count: number; percentage: number }[];
}

export const RECENT_UPLOADS = 10;

/** One (document type, status) pair: its count, processing times and stored bytes. */
export interface DocumentGroup {
  type: string;
  status: string;
  count: number;
  /** documents with a processing time */
  timed: number;
  totalMs: number;
  minMs: number | null;
  bytes: number;
}

/**
 * Every document counted once, grouped by type and status: the status and type counts, the processing
 * times and the bytes stored in R2 all derive from these few rows. One pass over the covering index
 * documents_type_status_idx, instead of a scan of the table per figure.
 */
export async function documentGroups(db: Database): Promise<DocumentGroup[]> {
  const rows = await db
    .select({
      type: documents.documentType,
      status: documents.status,
      count: count(),
      timed: count(documents.processingMs),
      totalMs: sql<number>`coalesce(sum(${documents.processingMs}), 0)`,
      minMs: min(documents.processingMs),
      bytes: sql<number>`coalesce(sum(${documents.fileSize}), 0)`,
    })
    .from(documents)
    .groupBy(documents.documentType, documents.status)
    .orderBy(documents.documentType, documents.status);
  return rows.map((r) => ({ type: r.type, status: r.status, count: n(r.count), timed: n(r.timed), totalMs: n(r.totalMs), minMs: r.minMs === null ? null : Number(r.minMs), bytes: n(r.bytes) }));
}

function summed(groups: DocumentGroup[], keyOf: (g: DocumentGroup) => string) {
  const totals = new Map<string, { count: number; timed: number; totalMs: number; minMs: number | null }>();
  for (const g of groups) {
    const key = keyOf(g);
    const t = totals.get(key) ?? { count: 0, timed: 0, totalMs: 0, minMs: null };
    t.count += g.count;
    t.timed += g.timed;
    t.totalMs += g.totalMs;
    if (g.minMs !== null) t.minMs = t.minMs === null ? g.minMs : Math.min(t.minMs, g.minMs);
    totals.set(key, t);
  }
  return totals;
}

/** Documents uploaded and not processed yet (status pending, no processed_at): a range of documents_status_processed_idx. */
const awaitingProcessing = and(eq(documents.status, "pending"), isNull(documents.processedAt));

export async function documentStats(db: Database, now: number, groups?: DocumentGroup[]): Promise<DocumentStats> {
  const since24h = now - DAY_MS;
  const since30d = now - 30 * DAY_MS;
  const [grouped, recent, processed24h, verified24h, [events], queueSize, rejections] = await Promise.all([
    groups ?? documentGroups(db),
    db
      .select({ phone: users.phone, type: documents.documentType, uploadedAt: documents.uploadedAt, status: documents.status })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.userId))
      .orderBy(desc(documents.uploadedAt))
      .limit(RECENT_UPLOADS),
    db.$count(documents, gte(documents.processedAt, since24h)),
    db.$count(documents, gte(documents.verifiedAt, since24h)),
    db
      .select({
        rejected: sql<number>`coalesce(sum(case when ${documentEvents.action} = 'rejected' then 1 else 0 end), 0)`,
        failed: sql<number>`coalesce(sum(case when ${documentEvents.action} = 'failed' then 1 else 0 end), 0)`,
      })
      .from(documentEvents)
      .where(and(inArray(documentEvents.action, ["rejected", "failed"]), gte(documentEvents.createdAt, since24h))),
    db.$count(documents, awaitingProcessing),
    db
      .select({ reason: sql<string>`coalesce(nullif(substr(${documentEvents.notes}, 1, instr(${documentEvents.notes} || ',', ',') - 1), ''), 'other')`, n: count() })
      .from(documentEvents)
      .where(and(eq(documentEvents.action, "rejected"), gte(documentEvents.createdAt, since30d), lt(documentEvents.createdAt, now + 1)))
      .groupBy(sql`1`)
      .orderBy(desc(count()), sql`1`),
  ]);
  const byStatus = summed(grouped, (g) => g.status);
  const byType = summed(grouped, (g) => g.type);
  const all = summed(grouped, () => "all").get("all");
  const statusCount = (status: string) => byStatus.get(status)?.count ?? 0;
  const typeCount = (type: string) => byType.get(type)?.count ?? 0;
  const verified = statusCount("verified");
  const rejected = statusCount("rejected");
  // mean over the documents that have a processing time, as avg(processing_ms) would give
  const average = all && all.timed > 0 ? all.totalMs / all.timed : null;
  const rejectedTotal = rejections.reduce((sum, r) => sum + n(r.n), 0);
  return {
    total_uploaded: all?.count ?? 0,
    verified,
    pending: statusCount("pending"),
    rejected,
    processing: statusCount("processing"),
    by_type: {
      identity: typeCount(DOCUMENT_GROUPS.identity),
      bills: typeCount(DOCUMENT_GROUPS.bills),
      contracts: typeCount(DOCUMENT_GROUPS.contracts),
      meter_photos: typeCount(DOCUMENT_GROUPS.meter_photos),
    },
    recent_uploads: recent.map((r) => ({ phone: r.phone, document_type: r.type, uploaded_at: new Date(r.uploadedAt).toISOString(), status: r.status })),
    processing_times: {
      average_processing_time_minutes: minutes(average),
      fastest_processing_time_minutes: minutes(all?.minMs ?? null),
      by_document_type: Object.fromEntries(
        [...byType].filter(([, t]) => t.timed > 0).map(([type, t]) => [type, minutes(t.totalMs / t.timed)]),
      ),
    },
    verification_rates: { overall_rate: pct(verified, verified + rejected) },
    recent_activity: {
      last_24h_processed: processed24h,
      last_24h_verified: verified24h,
      last_24h_rejected: n(events?.rejected),
      last_24h_errors: n(events?.failed),
    },
    processing_queue: { queue_size: queueSize, estimated_wait_time_minutes: average === null ? null : minutes(queueSize * average) },
    rejection_reasons: rejections.map((r) => ({ reason: r.reason, count: n(r.n), percentage: pct(n(r.n), rejectedTotal) ?? 0 })),
  };
}

/** The per type and status groups, shared for a few seconds by this isolate's requests (stats-cache.server.ts). */
export function cachedDocumentGroups(db: Database, now: number): Promise<DocumentGroup[]> {
  return cachedStats("document_groups", now, () => documentGroups(db));
}

/** userStats for the pages and the API: at most STATS_CACHE_TTL_MS old. The live channel computes its own. */
export function cachedUserStats(db: Database, now: number): Promise<UserStats> {
  return cachedStats("user_stats", now, async () => userStats(db, now, await cachedDocumentGroups(db, now)));
}

/** documentStats for the pages and the API: at most STATS_CACHE_TTL_MS old. The live channel computes its own. */
export function cachedDocumentStats(db: Database, now: number): Promise<DocumentStats> {
  return cachedStats("document_stats", now, async () => documentStats(db, now, await cachedDocumentGroups(db, now)));
}

/** The user and document stats the dashboard_stats stream adds to the overview counts. */
export interface DashboardStats {
  user_stats: UserStats | null;
  document_stats: DocumentStats | null;
}

export async function dashboardStats(db: Database, now: number): Promise<{ user_stats: UserStats; document_stats: DocumentStats }> {
  const groups = await documentGroups(db);
  const [user_stats, document_stats] = await Promise.all([userStats(db, now, groups), documentStats(db, now, groups)]);
  return { user_stats, document_stats };
}

/** What of the stats an admin may see: users with user_management, documents with document_verification (admin spec §6). */
export function dashboardStatsVisibleTo(admin: AdminAccessSubject, stats: { user_stats: UserStats; document_stats: DocumentStats }): DashboardStats {
  return {
    user_stats: canAccess(admin, "user_management") ? stats.user_stats : null,
    document_stats: canAccess(admin, "document_verification") ? stats.document_stats : null,
  };
}
