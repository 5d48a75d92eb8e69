// GET /api/admin/metrics, /metrics/resources, /metrics/database (admin spec §3 "Metrics", §7): figures
// read from what was measured (metrics_rollups, app/server/metrics/) and from D1 rows, never invented.
// Windows: totals over the last 24 h; "per minute" is the last hour's count divided by 60.
import { and, count, eq, gte, isNotNull, isNull, min, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { documents, metricsRollups, users } from "../db/schema.server";
import type { Env } from "../env.server";
import { metricsRollup } from "../metrics/recorder.server";
import type { MetricKind } from "../metrics/rollup.server";
import { cachedStats } from "./stats-cache.server";

export const DAY_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
/** What a field says when the edge has no such thing (issue 13: never a constant or a random number). */
export const NOT_ON_EDGE = "indisponibil pe edge";

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Makes the rollup object's pending rows readable. Requests still folded in an isolate's memory arrive
 * within SEND_AFTER_MS (1 s): the figures may lag by that much.
 */
export async function flushMetrics(env: Pick<Env, "METRICS_ROLLUP">): Promise<void> {
  await metricsRollup(env).flush();
}

export interface SeriesTotals {
  series: string;
  count: number;
  errors: number;
  totalMs: number;
  minMs: number | null;
  maxMs: number | null;
  lastOkAt: number | null;
}

/** Sums of one kind's rollups since `since`, per series (most counted first). */
export async function seriesTotals(db: Database, kind: MetricKind, since: number): Promise<SeriesTotals[]> {
  const rows = await db
    .select({
      series: metricsRollups.series,
      count: sql<number>`sum(${metricsRollups.count})`,
      errors: sql<number>`sum(${metricsRollups.errors})`,
      totalMs: sql<number>`sum(${metricsRollups.totalMs})`,
      minMs: sql<number | null>`min(${metricsRollups.minMs})`,
      maxMs: sql<number | null>`max(${metricsRollups.maxMs})`,
      lastOkAt: sql<number | null>`max(${metricsRollups.lastOkAt})`,
    })
    .from(metricsRollups)
    .where(and(eq(metricsRollups.kind, kind), gte(metricsRollups.bucketStart, since)))
    .groupBy(metricsRollups.series);
  return rows
    .map((r) => ({ ...r, count: Number(r.count), errors: Number(r.errors), totalMs: Number(r.totalMs) }))
    .sort((a, b) => b.count - a.count || a.series.localeCompare(b.series));
}

function sum(rows: SeriesTotals[]) {
  return rows.reduce((acc, r) => ({ count: acc.count + r.count, errors: acc.errors + r.errors, totalMs: acc.totalMs + r.totalMs }), { count: 0, errors: 0, totalMs: 0 });
}

/** Average over the facts that have a duration: failed document runs are recorded with none (ms 0). */
const averageMs = (totalMs: number, timed: number) => (timed > 0 ? Math.round(totalMs / timed) : null);

export interface ApiPerformance {
  totalRequests: number;
  /** ms, mean time to the response head over 24 h; null without requests */
  averageResponseTime: number | null;
  /** percent of 24 h requests answered 5xx */
  errorRate: number;
  requestsPerMinute: number;
}

export interface DocumentProcessing {
  documentsProcessed: number;
  /** minutes, mean extraction + checks time of the successful runs in 24 h */
  averageProcessingTime: number | null;
  /** percent of 24 h runs that finished (verified, rejected or sent to review) rather than failed */
  successRate: number | null;
  /** documents uploaded and not yet processed */
  queueLength: number;
}

export interface UserActivity {
  /** users who signed in during the last 24 h */
  activeUsers: number;
  newRegistrations: number;
  documentUploads: number;
  /** documents the automatic checks sent to an operator, still waiting for one */
  verificationRequests: number;
}

export interface AdminMetrics {
  apiPerformance: ApiPerformance;
  documentProcessing: DocumentProcessing;
  userActivity: UserActivity;
  window: { since: string; until: string };
}

export async function apiPerformance(db: Database, now: number): Promise<ApiPerformance> {
  const [day, hour] = await Promise.all([seriesTotals(db, "request", now - DAY_MS), seriesTotals(db, "request", now - HOUR_MS)]);
  const totals = sum(day);
  return {
    totalRequests: totals.count,
    averageResponseTime: averageMs(totals.totalMs, totals.count),
    errorRate: totals.count > 0 ? round2((totals.errors / totals.count) * 100) : 0,
    requestsPerMinute: round1(sum(hour).count / 60),
  };
}

/** Documents uploaded and not processed yet, and since when the oldest of them waits. */
export async function documentBacklog(db: Database): Promise<{ pending: number; oldestQueuedAt: number | null }> {
  const [row] = await db
    .select({ pending: count(), oldest: min(sql<number>`coalesce(${documents.queuedAt}, ${documents.uploadedAt})`) })
    .from(documents)
    .where(and(eq(documents.status, "pending"), isNull(documents.processedAt)));
  return { pending: Number(row?.pending ?? 0), oldestQueuedAt: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
}

export async function documentProcessing(db: Database, now: number): Promise<DocumentProcessing> {
  const [runs, backlog] = await Promise.all([seriesTotals(db, "document", now - DAY_MS), documentBacklog(db)]);
  const totals = sum(runs);
  const ok = totals.count - totals.errors;
  const avg = averageMs(totals.totalMs, ok);
  return {
    documentsProcessed: ok,
    averageProcessingTime: avg === null ? null : round2(avg / 60_000),
    successRate: totals.count > 0 ? round1((ok / totals.count) * 100) : null,
    queueLength: backlog.pending,
  };
}

/** Four range searches (users_last_login_idx, users_created_idx, documents_uploaded_idx, documents_status_processed_idx). */
export async function userActivity(db: Database, now: number): Promise<UserActivity> {
  const since = now - DAY_MS;
  const [activeUsers, newRegistrations, documentUploads, verificationRequests] = await Promise.all([
    db.$count(users, gte(users.lastLoginAt, since)),
    db.$count(users, gte(users.createdAt, since)),
    db.$count(documents, gte(documents.uploadedAt, since)),
    db.$count(documents, and(eq(documents.status, "pending"), isNotNull(documents.processedAt))),
  ]);
  return { activeUsers, newRegistrations, documentUploads, verificationRequests };
}

/** The admin metrics, shared for a few seconds by this isolate's requests (stats-cache.server.ts). */
export function adminMetrics(env: Pick<Env, "METRICS_ROLLUP">, db: Database, now: number): Promise<AdminMetrics> {
  return cachedStats("admin_metrics", now, () => measuredAdminMetrics(env, db, now));
}

async function measuredAdminMetrics(env: Pick<Env, "METRICS_ROLLUP">, db: Database, now: number): Promise<AdminMetrics> {
  await flushMetrics(env);
  const [api, docs, activity] = await Promise.all([apiPerformance(db, now), documentProcessing(db, now), userActivity(db, now)]);
  return { apiPerformance: api, documentProcessing: docs, userActivity: activity, window: { since: new Date(now - DAY_MS).toISOString(), until: new Date(now).toISOString() } };
}

const timedSeries = (rows: SeriesTotals[], errorsHaveNoDuration = false) =>
  rows.map((r) => ({
    name: r.series,
    count: r.count,
    errors: r.errors,
    average_ms: averageMs(r.totalMs, errorsHaveNoDuration ? r.count - r.errors : r.count),
    min_ms: r.minMs,
    max_ms: r.maxMs,
  }));

/**
 * What the Worker spends its time on over 24 h: requests per route group, document processing and OCR
 * per document type, switch steps and queue waits. A Worker has no server memory, cores or disk of its
 * own: those fields say so.
 */
export async function resourceMetrics(env: Pick<Env, "METRICS_ROLLUP">, db: Database, now: number) {
  await flushMetrics(env);
  const since = now - DAY_MS;
  const [requests, docs, ocr, steps, waits] = await Promise.all(
    (["request", "document", "ocr", "switch_step", "queue_wait"] as const).map((kind) => seriesTotals(db, kind, since)),
  );
  return {
    window: { since: new Date(since).toISOString(), until: new Date(now).toISOString() },
    requests_by_route_group: timedSeries(requests!),
    document_processing_by_type: timedSeries(docs!, true),
    ocr_by_type: timedSeries(ocr!),
    switch_steps: timedSeries(steps!),
    queue_waits_by_supplier: timedSeries(waits!),
    memory: { value: null, label: NOT_ON_EDGE },
    cpu: { value: null, label: NOT_ON_EDGE },
    disk: { value: null, label: NOT_ON_EDGE },
  };
}

/** D1 as the Worker sees it: a timed round trip, the database size D1 reports, and row counts. */
export async function databaseMetrics(env: Pick<Env, "DB">, db: Database, now: number) {
  const started = Date.now();
  const probe = await env.DB.prepare("SELECT 1 AS ok").run();
  const roundTripMs = Date.now() - started;
  const [userRows, documentRows, reviewRow] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(documents),
    db.select({ n: count() }).from(documents).where(and(eq(documents.status, "pending"), isNotNull(documents.processedAt))),
  ]);
  return {
    timestamp: new Date(now).toISOString(),
    status: "connected" as const,
    round_trip_ms: roundTripMs,
    /** D1's own report of the query: the database size in bytes after it */
    size_bytes: typeof probe.meta.size_after === "number" ? probe.meta.size_after : null,
    rows: { users: Number(userRows[0]?.n ?? 0), documents: Number(documentRows[0]?.n ?? 0), documents_awaiting_review: Number(reviewRow[0]?.n ?? 0) },
    connection_pool: { value: null, label: NOT_ON_EDGE },
    slow_queries: { value: null, label: NOT_ON_EDGE },
  };
}
