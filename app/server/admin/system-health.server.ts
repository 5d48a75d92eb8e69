// GET /api/admin/system/health and the system_health stream (admin spec §3 "System health", §4 status
// groups, §7). Every figure is probed or measured: a timed D1 round trip, a timed R2 head, the document
// backlog and the age of its oldest document, a ping to each Durable Object namespace, the SMS and
// supplier adapters' last success (metrics_rollups). What a Worker does not have (server memory, CPU
// cores, disk, connection pools, network throughput) is null with NOT_ON_EDGE, or its platform
// counterpart with a label saying what it is.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { suppliers } from "../db/schema.server";
import type { AppContext } from "../context.server";
import type { Env } from "../env.server";
import { cachedDocumentGroups } from "./dashboard-stats.server";
import { cachedStats } from "./stats-cache.server";
import { apiPerformance, DAY_MS, documentBacklog, flushMetrics, NOT_ON_EDGE, seriesTotals, type SeriesTotals } from "./metrics.server";

/** A probe that does not answer within this is counted as failed. */
export const PROBE_TIMEOUT_MS = 5_000;
/** D1's size limit per database (Workers Paid): the storage bar is the database's share of it. */
export const D1_LIMIT_BYTES = 10 * 1024 ** 3;
/** The oldest unprocessed document may wait this long before processing counts as degraded. */
const DEFAULT_STUCK_MINUTES = 10;

type Good = "healthy" | "connected" | "operational" | "available";
type Bad = "degraded" | "disconnected" | "down" | "unavailable";

const GB = 1024 ** 3;
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface Unavailable {
  value: null;
  label: typeof NOT_ON_EDGE;
}
const unavailable: Unavailable = { value: null, label: NOT_ON_EDGE };

export interface Probe {
  ok: boolean;
  ms: number;
  error: string | null;
}

async function probe(run: () => Promise<unknown>): Promise<Probe> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Date.now() - started, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error("system health: probe failed", message);
    return { ok: false, ms: Date.now() - started, error: message.slice(0, 200) };
  } finally {
    clearTimeout(timer);
  }
}

const PROBE_INSTANCE = "health-probe";

/** Each Durable Object namespace, asked to answer a ping on a dedicated instance. */
const DURABLE_OBJECT_PINGS = {
  user_channel: (env: Env) => env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(PROBE_INSTANCE)).ping(),
  admin_channel: (env: Env) => env.ADMIN_CHANNEL.get(env.ADMIN_CHANNEL.idFromName(PROBE_INSTANCE)).ping(),
  offer_collector: (env: Env) => env.OFFER_COLLECTOR.get(env.OFFER_COLLECTOR.idFromName(PROBE_INSTANCE)).ping(),
  supplier_queue: (env: Env) => env.SUPPLIER_QUEUE.get(env.SUPPLIER_QUEUE.idFromName(PROBE_INSTANCE)).ping(),
  rate_limiter: (env: Env) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(PROBE_INSTANCE)).ping(),
  metrics_rollup: (env: Env) => env.METRICS_ROLLUP.get(env.METRICS_ROLLUP.idFromName(PROBE_INSTANCE)).ping(),
} as const;

function pingNamespace(env: Env, ping: (env: Env) => Promise<"pong">) {
  return probe(async () => {
    const answer = await ping(env);
    if (answer !== "pong") throw new Error(`unexpected answer ${String(answer)}`);
  });
}

export interface AdapterHealth {
  /** ISO instant of the last call that succeeded, within the last 24 h; null if none */
  last_success: string | null;
  calls_24h: number;
  errors_24h: number;
  status: "running" | "error" | "idle";
}

function adapterHealth(row: SeriesTotals | undefined): AdapterHealth {
  if (!row) return { last_success: null, calls_24h: 0, errors_24h: 0, status: "idle" };
  return {
    last_success: row.lastOkAt === null ? null : new Date(row.lastOkAt).toISOString(),
    calls_24h: row.count,
    errors_24h: row.errors,
    // Every call failed in 24 h: the adapter is not getting through.
    status: row.lastOkAt === null ? "error" : "running",
  };
}

export interface SystemHealth {
  status: "healthy" | "degraded";
  timestamp: string;
  memory: { usage_percentage: null; used_gb: null; total_gb: null; label: typeof NOT_ON_EDGE };
  cpu: { usage_percentage: null; load_average: null; cores: null; label: typeof NOT_ON_EDGE };
  storage: {
    status: "available" | "unavailable";
    response_time: number;
    /** the D1 database's share of D1's size limit: the storage that has a limit */
    usage_percentage: number | null;
    /** the documents stored in R2 (sum of their sizes) */
    used_space_gb: number;
    /** R2 has no capacity limit */
    total_space_gb: null;
    label: string;
  };
  network: { active_connections: null; incoming_mbps: null; outgoing_mbps: null; label: typeof NOT_ON_EDGE };
  database: {
    status: "connected" | "disconnected";
    response_time: number;
    size_bytes: number | null;
    connection_pool: { active: null; idle: null; label: typeof NOT_ON_EDGE };
    query_performance: { slow_queries: null; label: typeof NOT_ON_EDGE };
  };
  api: { status: "operational"; response_time: number | null; requests_per_minute: number; error_rate: number };
  document_processing_details: { status: "healthy" | "degraded"; backlog: number; oldest_waiting_seconds: number | null; stuck_after_minutes: number };
  services: Record<string, "running" | "error" | "idle">;
  adapters: Record<string, AdapterHealth>;
  performance_metrics: {
    uptime_hours: Unavailable;
    average_response_time_ms: number | null;
    total_requests_24h: number;
    error_count_24h: number;
    peak_memory_usage_gb: Unavailable;
    last_restart: Unavailable;
  };
  // The flat fields the system page reads (admin spec §3).
  database_response_time: number;
  document_processing: "healthy" | "degraded";
  api_response_time: number | null;
  storage_usage: number | null;
}

/** admin spec §4: healthy only if database, document processing and storage are all healthy. */
export function overallStatus(parts: { database: Good | Bad; document_processing: Good | Bad; storage: Good | Bad }): "healthy" | "degraded" {
  const good = (s: string) => s === "healthy" || s === "connected" || s === "operational" || s === "available";
  return good(parts.database) && good(parts.document_processing) && good(parts.storage) ? "healthy" : "degraded";
}

/**
 * The bytes of every stored document, from the per type and status groups (a covering index, not the
 * table), as the dashboard last computed them: at most STATS_CACHE_TTL_MS old.
 */
async function storedBytes(db: Database, now: number): Promise<number> {
  return (await cachedDocumentGroups(db, now)).reduce((sum, g) => sum + g.bytes, 0);
}

export async function systemHealth({ env, db }: Pick<AppContext, "env" | "db">, now: number = Date.now()): Promise<SystemHealth> {
  let databaseSize: number | null = null;
  const [database, storage, namespaces] = await Promise.all([
    probe(async () => {
      const result = await env.DB.prepare("SELECT 1 AS ok").run();
      databaseSize = typeof result.meta.size_after === "number" ? result.meta.size_after : null;
    }),
    probe(() => env.DOCUMENTS.head("health-check")),
    Promise.all(Object.entries(DURABLE_OBJECT_PINGS).map(async ([name, ping]) => [name, await pingNamespace(env, ping)] as const)),
  ]);

  // The figures below read D1: without it they are unknown, and the database is already reported down.
  const stuckMinutes = Number(env.DOCUMENT_STUCK_MINUTES) > 0 ? Number(env.DOCUMENT_STUCK_MINUTES) : DEFAULT_STUCK_MINUTES;
  const fromD1 = database.ok
    ? await Promise.all([
        documentBacklog(db),
        flushMetrics(env).then(() => Promise.all([apiPerformance(db, now), seriesTotals(db, "adapter", now - DAY_MS), seriesTotals(db, "request", now - DAY_MS)])),
        storedBytes(db, now),
        db.select({ id: suppliers.id }).from(suppliers).where(and(eq(suppliers.active, true))),
      ]).catch((error: unknown) => {
        console.error("system health: reading D1 failed", error instanceof Error ? error.message : String(error));
        return null;
      })
    : null;

  const backlog = fromD1?.[0] ?? null;
  const oldestWaitingSeconds = backlog?.oldestQueuedAt != null ? Math.max(0, Math.round((now - backlog.oldestQueuedAt) / 1000)) : null;
  const processingOk = backlog !== null && (oldestWaitingSeconds === null || oldestWaitingSeconds < stuckMinutes * 60);
  const [api, adapterRows, requestRows] = fromD1?.[1] ?? [null, [], []];
  const requests24h = requestRows.reduce((acc, r) => ({ count: acc.count + r.count, errors: acc.errors + r.errors, totalMs: acc.totalMs + r.totalMs }), { count: 0, errors: 0, totalMs: 0 });

  const adapters: Record<string, AdapterHealth> = { sms: adapterHealth(adapterRows.find((r) => r.series === "sms")) };
  for (const supplier of fromD1?.[3] ?? []) adapters[`supplier:${supplier.id}`] = adapterHealth(adapterRows.find((r) => r.series === `supplier:${supplier.id}`));

  const services: Record<string, "running" | "error" | "idle"> = {};
  for (const [name, result] of namespaces) services[name] = result.ok ? "running" : "error";
  services.document_processing = processingOk ? "running" : "error";
  for (const [name, adapter] of Object.entries(adapters)) services[name] = adapter.status;

  const databaseStatus = database.ok ? "connected" : "disconnected";
  const storageStatus = storage.ok ? "available" : "unavailable";
  const documentProcessing = processingOk ? "healthy" : "degraded";
  // Four decimals: a young database is a tiny share of 10 GB, and 0 would read as "no data".
  const storageUsage = databaseSize === null ? null : Math.round((databaseSize / D1_LIMIT_BYTES) * 1_000_000) / 10_000;

  return {
    status: overallStatus({ database: databaseStatus, document_processing: documentProcessing, storage: storageStatus }),
    timestamp: new Date(now).toISOString(),
    memory: { usage_percentage: null, used_gb: null, total_gb: null, label: NOT_ON_EDGE },
    cpu: { usage_percentage: null, load_average: null, cores: null, label: NOT_ON_EDGE },
    storage: {
      status: storageStatus,
      response_time: storage.ms,
      usage_percentage: storageUsage,
      used_space_gb: round2((fromD1?.[2] ?? 0) / GB),
      total_space_gb: null,
      label: "procentul: baza de date D1 din limita de 10 GB; spațiul: documentele din R2 (fără limită)",
    },
    network: { active_connections: null, incoming_mbps: null, outgoing_mbps: null, label: NOT_ON_EDGE },
    database: {
      status: databaseStatus,
      response_time: database.ms,
      size_bytes: databaseSize,
      connection_pool: { active: null, idle: null, label: NOT_ON_EDGE },
      query_performance: { slow_queries: null, label: NOT_ON_EDGE },
    },
    // This answer is produced by the API Worker itself; its figures are the measured requests.
    api: { status: "operational", response_time: api?.averageResponseTime ?? null, requests_per_minute: api?.requestsPerMinute ?? 0, error_rate: api?.errorRate ?? 0 },
    document_processing_details: { status: documentProcessing, backlog: backlog?.pending ?? 0, oldest_waiting_seconds: oldestWaitingSeconds, stuck_after_minutes: stuckMinutes },
    services,
    adapters,
    performance_metrics: {
      uptime_hours: unavailable,
      average_response_time_ms: requests24h.count > 0 ? Math.round(requests24h.totalMs / requests24h.count) : null,
      total_requests_24h: requests24h.count,
      error_count_24h: requests24h.errors,
      peak_memory_usage_gb: unavailable,
      last_restart: unavailable,
    },
    database_response_time: database.ms,
    document_processing: documentProcessing,
    api_response_time: api?.averageResponseTime ?? null,
    storage_usage: storageUsage,
  };
}

/**
 * systemHealth for the dashboard and GET /system/health: the probes run at most once per
 * STATS_CACHE_TTL_MS in this isolate, however many admins look (stats-cache.server.ts); `timestamp`
 * says when they ran. The live channel and the system page probe afresh.
 */
export function cachedSystemHealth(ctx: Pick<AppContext, "env" | "db">, now: number = Date.now()): Promise<SystemHealth> {
  return cachedStats("system_health", now, () => systemHealth(ctx, now));
}
