// User stats and document stats (admin spec §3) for the dashboard and the system page, computed from the
// D1 rows. Pure over a db handle and a clock, so GET /users/stats and /documents/stats can share them.
// Each formula is written where it is computed and recorded in docs/decisions/0013-dashboard-formulas.md.
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { canAccess, type AdminAccessSubject } from "../../lib/admin-access";
import { bucharestDay, bucharestDayStart, mondayOf } from "../../lib/dates";
import type { Database } from "../db/client.server";
import { documentEvents, documents, switchRequests, users } from "../db/schema.server";

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

export async function userStats(db: Database, now: number): Promise<UserStats> {
  const day = bucharestDay(now);
  const today = bucharestDayStart(day);
  const week = bucharestDayStart(mondayOf(day));
  const month = bucharestDayStart(`${day.slice(0, 8)}01`);
  const weekAgo = now - 7 * DAY_MS;
  const monthAgo = now - 30 * DAY_MS;
  const when = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

  const [[row], [verified], [docs], [switchers], types] = await Promise.all([
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
    db.select({ n: count() }).from(documents),
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
    average_documents_per_user: total > 0 ? Math.round((n(docs?.n) / total) * 100) / 100 : null,
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

export async function documentStats(db: Database, now: number): Promise<DocumentStats> {
  const since24h = now - DAY_MS;
  const since30d = now - 30 * DAY_MS;
  const [statusRows, typeRows, recent, [times], timesByType, [activity], [events], [queued], rejections] = await Promise.all([
    db.select({ status: documents.status, n: count() }).from(documents).groupBy(documents.status),
    db.select({ type: documents.documentType, n: count() }).from(documents).groupBy(documents.documentType),
    db
      .select({ phone: users.phone, type: documents.documentType, uploadedAt: documents.uploadedAt, status: documents.status })
      .from(documents)
      .innerJoin(users, eq(users.id, documents.userId))
      .orderBy(desc(documents.uploadedAt))
      .limit(RECENT_UPLOADS),
    db
      .select({ avg: sql<number | null>`avg(${documents.processingMs})`, min: sql<number | null>`min(${documents.processingMs})` })
      .from(documents)
      .where(isNotNull(documents.processingMs)),
    db
      .select({ type: documents.documentType, avg: sql<number | null>`avg(${documents.processingMs})` })
      .from(documents)
      .where(isNotNull(documents.processingMs))
      .groupBy(documents.documentType),
    db
      .select({
        processed: sql<number>`coalesce(sum(case when ${documents.processedAt} >= ${since24h} then 1 else 0 end), 0)`,
        verified: sql<number>`coalesce(sum(case when ${documents.verifiedAt} >= ${since24h} then 1 else 0 end), 0)`,
      })
      .from(documents),
    db
      .select({
        rejected: sql<number>`coalesce(sum(case when ${documentEvents.action} = 'rejected' then 1 else 0 end), 0)`,
        failed: sql<number>`coalesce(sum(case when ${documentEvents.action} = 'failed' then 1 else 0 end), 0)`,
      })
      .from(documentEvents)
      .where(and(gte(documentEvents.createdAt, since24h), inArray(documentEvents.action, ["rejected", "failed"]))),
    db.select({ n: count() }).from(documents).where(and(eq(documents.status, "pending"), isNull(documents.processedAt))),
    db
      .select({ reason: sql<string>`coalesce(nullif(substr(${documentEvents.notes}, 1, instr(${documentEvents.notes} || ',', ',') - 1), ''), 'other')`, n: count() })
      .from(documentEvents)
      .where(and(eq(documentEvents.action, "rejected"), gte(documentEvents.createdAt, since30d), lt(documentEvents.createdAt, now + 1)))
      .groupBy(sql`1`)
      .orderBy(desc(count())),
  ]);
  const byStatus = new Map(statusRows.map((r) => [r.status, n(r.n)]));
  const byType = new Map(typeRows.map((r) => [r.type, n(r.n)]));
  const verified = byStatus.get("verified") ?? 0;
  const rejected = byStatus.get("rejected") ?? 0;
  const average = times?.avg === null || times?.avg === undefined ? null : Number(times.avg);
  const queueSize = n(queued?.n);
  const rejectedTotal = rejections.reduce((sum, r) => sum + n(r.n), 0);
  return {
    total_uploaded: [...byStatus.values()].reduce((a, b) => a + b, 0),
    verified,
    pending: byStatus.get("pending") ?? 0,
    rejected,
    processing: byStatus.get("processing") ?? 0,
    by_type: {
      identity: byType.get(DOCUMENT_GROUPS.identity) ?? 0,
      bills: byType.get(DOCUMENT_GROUPS.bills) ?? 0,
      contracts: byType.get(DOCUMENT_GROUPS.contracts) ?? 0,
      meter_photos: byType.get(DOCUMENT_GROUPS.meter_photos) ?? 0,
    },
    recent_uploads: recent.map((r) => ({ phone: r.phone, document_type: r.type, uploaded_at: new Date(r.uploadedAt).toISOString(), status: r.status })),
    processing_times: {
      average_processing_time_minutes: minutes(average),
      fastest_processing_time_minutes: minutes(times?.min === null || times?.min === undefined ? null : Number(times.min)),
      by_document_type: Object.fromEntries(timesByType.map((r) => [r.type, minutes(r.avg === null ? null : Number(r.avg))])),
    },
    verification_rates: { overall_rate: pct(verified, verified + rejected) },
    recent_activity: {
      last_24h_processed: n(activity?.processed),
      last_24h_verified: n(activity?.verified),
      last_24h_rejected: n(events?.rejected),
      last_24h_errors: n(events?.failed),
    },
    processing_queue: { queue_size: queueSize, estimated_wait_time_minutes: average === null ? null : minutes(queueSize * average) },
    rejection_reasons: rejections.map((r) => ({ reason: r.reason, count: n(r.n), percentage: pct(n(r.n), rejectedTotal) ?? 0 })),
  };
}

/** The user and document stats the dashboard_stats stream adds to the overview counts. */
export interface DashboardStats {
  user_stats: UserStats | null;
  document_stats: DocumentStats | null;
}

export async function dashboardStats(db: Database, now: number): Promise<{ user_stats: UserStats; document_stats: DocumentStats }> {
  const [user_stats, document_stats] = await Promise.all([userStats(db, now), documentStats(db, now)]);
  return { user_stats, document_stats };
}

/** What of the stats an admin may see: users with user_management, documents with document_verification (admin spec §6). */
export function dashboardStatsVisibleTo(admin: AdminAccessSubject, stats: { user_stats: UserStats; document_stats: DocumentStats }): DashboardStats {
  return {
    user_stats: canAccess(admin, "user_management") ? stats.user_stats : null,
    document_stats: canAccess(admin, "document_verification") ? stats.document_stats : null,
  };
}
