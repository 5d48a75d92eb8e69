// The blocks of the /admin dashboard (admin spec §2 "Dashboard", sections 2–8), each rendering one data
// set; the route loads each set on its own and passes live pushes in.
import type { QueueCardView } from "~/lib/admin-queues";
import { successRatePercent } from "~/lib/admin-queues";
import { responseTimeBand } from "~/lib/admin-monitoring";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import type { AdminMetrics } from "~/server/admin/metrics.server";
import type { DocumentStats, UserStats } from "~/server/admin/dashboard-stats.server";
import type { QueueOverview } from "~/server/admin/switch-queues.server";
import type { SystemHealth } from "~/server/admin/system-health.server";
import { HealthBadge, NotOnEdge, PercentBar, decimalFormat, numberFormat, percentFormat, timeFormat } from "./monitoring-ui";

const t = ADMIN_TEXTS.dashboard;
const o = ADMIN_TEXTS.overview;
const m = ADMIN_TEXTS.monitoring;
const fmt = (n: number) => numberFormat.format(n);
const pct = (n: number | null) => (n === null ? t.none : `${percentFormat.format(n)}%`);
const mins = (n: number | null) => (n === null ? t.none : t.document.minutes(decimalFormat.format(n)));

function Stat({ title, value, sub, tone }: { title: string; value: string; sub?: string; tone?: "warning" }) {
  return (
    <div className={`admin-stat${tone ? ` ${tone}` : ""}`}>
      <p className="admin-stat-title">{title}</p>
      <p className="admin-stat-value">{value}</p>
      {sub ? <p className="admin-stat-sub">{sub}</p> : null}
    </div>
  );
}

function Metric({ label, children, name }: { label: string; children: React.ReactNode; name?: string }) {
  return (
    <div data-metric={name}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Section 2: the four user cards. */
export function UserCards({ stats }: { stats: UserStats }) {
  return (
    <div className="admin-stats">
      <Stat title={o.totalUsers} value={fmt(stats.total_users)} sub={o.activeCount(fmt(stats.active_users))} />
      <Stat title={o.newToday} value={fmt(stats.new_registrations_today)} sub={o.weekCount(fmt(stats.new_registrations_week))} />
      <Stat title={o.currentMonth} value={fmt(stats.new_registrations_month)} />
      <Stat title={o.suspended} value={fmt(stats.suspended_users)} tone={stats.suspended_users > 0 ? "warning" : undefined} />
    </div>
  );
}

function Growth({ value }: { value: number | null }) {
  if (value === null) return <>{t.none}</>;
  return <span className={value > 0 ? "growth-positive" : "growth-negative"}>{`${value > 0 ? "+" : ""}${percentFormat.format(value)}%`}</span>;
}

/** Section 3: advanced user stats. */
export function UserAdvanced({ stats }: { stats: UserStats }) {
  const u = t.user;
  return (
    <dl className="metric-list">
      <Metric label={u.verificationRate} name="verification_rate">
        {pct(stats.verification_rate)} <span className="admin-muted">({u.verifiedUsers(fmt(stats.verified_users))})</span>
      </Metric>
      <Metric label={u.growthWeekly} name="growth_rate_weekly">
        <Growth value={stats.growth_rate_weekly} />
      </Metric>
      <Metric label={u.growthMonthly} name="growth_rate_monthly">
        <Growth value={stats.growth_rate_monthly} />
      </Metric>
      <Metric label={u.documentsPerUser}>{stats.average_documents_per_user === null ? t.none : decimalFormat.format(stats.average_documents_per_user)}</Metric>
      <Metric label={u.retention} name="user_retention_rate">{pct(stats.user_retention_rate)}</Metric>
      <Metric label={u.completedProfiles}>{fmt(stats.users_with_completed_profiles)}</Metric>
      <Metric label={u.withSwitches}>{fmt(stats.users_with_energy_switches)}</Metric>
      <Metric label={u.mostActiveType}>
        {stats.most_active_user_type ? (u.consumerTypes[stats.most_active_user_type] ?? stats.most_active_user_type) : t.none}{" "}
        <span className="admin-muted">({u.recentActivity(fmt(stats.recent_activity_count))})</span>
      </Metric>
    </dl>
  );
}

/** Section 4: advanced system state; what the edge lacks says so. */
export function SystemAdvanced({ health }: { health: SystemHealth }) {
  const s = t.system;
  const perf = health.performance_metrics;
  return (
    <div className="system-advanced">
      <dl className="metric-list">
        <Metric label={s.memory}>
          <NotOnEdge />
        </Metric>
        <Metric label={s.cpu}>
          <NotOnEdge />
        </Metric>
        <Metric label={s.storage}>
          <HealthBadge status={health.storage.status} /> {health.storage_usage === null ? null : `${percentFormat.format(health.storage_usage)}%`}
        </Metric>
        <Metric label={s.network}>
          <NotOnEdge />
        </Metric>
        <Metric label={s.database} name="database">
          <HealthBadge status={health.database.status} />
        </Metric>
        <Metric label={s.responseTime}>
          <span className={`response-time band-${responseTimeBand(health.database.response_time)}`}>{`${fmt(health.database.response_time)} ms`}</span>
        </Metric>
        <Metric label={s.pool}>
          <NotOnEdge />
        </Metric>
        <Metric label={s.slowQueries}>
          <NotOnEdge />
        </Metric>
        <Metric label={s.api}>
          <HealthBadge status={health.api.status} />
        </Metric>
        <Metric label={s.averageResponse}>{health.api.response_time === null ? t.none : `${fmt(health.api.response_time)} ms`}</Metric>
        <Metric label={s.requestsPerMinute}>{decimalFormat.format(health.api.requests_per_minute)}</Metric>
        <Metric label={s.errorRate}>{`${new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(health.api.error_rate)}%`}</Metric>
      </dl>
      <h3>{s.services}</h3>
      <dl className="metric-list">
        {Object.entries(health.services).map(([name, status]) => (
          <Metric key={name} label={name} name={`service-${name}`}>
            {m.serviceStatus[status] ?? status}
          </Metric>
        ))}
      </dl>
      <h3>{s.performance}</h3>
      <dl className="metric-list">
        <Metric label={s.uptime}>
          <NotOnEdge />
        </Metric>
        <Metric label={s.averageResponseMs}>{perf.average_response_time_ms === null ? t.none : fmt(perf.average_response_time_ms)}</Metric>
        <Metric label={s.requests24h}>{fmt(perf.total_requests_24h)}</Metric>
        <Metric label={s.errors24h}>{fmt(perf.error_count_24h)}</Metric>
        <Metric label={s.peakMemory}>
          <NotOnEdge />
        </Metric>
        <Metric label={s.lastRestart}>
          <NotOnEdge />
        </Metric>
      </dl>
    </div>
  );
}

/** Section 5: document counts by status and by type. */
export function DocumentCounts({ stats }: { stats: DocumentStats }) {
  return (
    <>
      <div className="admin-stats">
        <Stat title={m.verified} value={fmt(stats.verified)} />
        <Stat title={m.processing} value={fmt(stats.processing)} />
        <Stat title={m.pending} value={fmt(stats.pending)} />
        <Stat title={m.rejected} value={fmt(stats.rejected)} tone={stats.rejected > 0 ? "warning" : undefined} />
      </div>
      <dl className="metric-list">
        {(Object.keys(m.types) as (keyof typeof m.types)[]).map((key) => (
          <Metric key={key} label={m.types[key]} name={`type-${key}`}>
            {fmt(stats.by_type[key])}
          </Metric>
        ))}
      </dl>
    </>
  );
}

/** Section 6: processing times, rates, the queue, the last 24 h and the rejection reasons. */
export function DocumentAdvanced({ stats }: { stats: DocumentStats }) {
  const d = t.document;
  return (
    <div>
      <dl className="metric-list">
        <Metric label={d.averageTime}>{mins(stats.processing_times.average_processing_time_minutes)}</Metric>
        <Metric label={d.fastestTime}>{mins(stats.processing_times.fastest_processing_time_minutes)}</Metric>
        <Metric label={d.overallRate} name="overall_rate">{pct(stats.verification_rates.overall_rate)}</Metric>
        <Metric label={d.processed24h}>{fmt(stats.recent_activity.last_24h_processed)}</Metric>
        <Metric label={d.verified24h}>{fmt(stats.recent_activity.last_24h_verified)}</Metric>
        <Metric label={d.queueSize} name="queue_size">{fmt(stats.processing_queue.queue_size)}</Metric>
        <Metric label={d.estimatedWait}>{mins(stats.processing_queue.estimated_wait_time_minutes)}</Metric>
      </dl>
      <h3>{d.timesByType}</h3>
      <dl className="metric-list">
        {Object.entries(stats.processing_times.by_document_type).map(([type, minutes]) => (
          <Metric key={type} label={TEXTS.documents.typeLabels[type] ?? type}>
            {mins(minutes)}
          </Metric>
        ))}
      </dl>
      <h3>{d.activity24h}</h3>
      <dl className="metric-list">
        <Metric label={d.processed}>{fmt(stats.recent_activity.last_24h_processed)}</Metric>
        <Metric label={d.verified}>{fmt(stats.recent_activity.last_24h_verified)}</Metric>
        <Metric label={d.rejected}>{fmt(stats.recent_activity.last_24h_rejected)}</Metric>
        <Metric label={d.errors}>{fmt(stats.recent_activity.last_24h_errors)}</Metric>
      </dl>
      <h3>{d.rejectionReasons}</h3>
      {stats.rejection_reasons.length === 0 ? (
        <p className="admin-muted">{d.noRejections}</p>
      ) : (
        <dl className="metric-list" data-section="rejection-reasons">
          {stats.rejection_reasons.map((r) => (
            <Metric key={r.reason} label={r.reason} name={`reason-${r.reason}`}>
              {`${fmt(r.count)} (${percentFormat.format(r.percentage)}%)`}
            </Metric>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Section 7: the supplier queues' totals and a card per supplier. */
export function QueueBlock({ overview, queues }: { overview: QueueOverview; queues: Record<string, QueueCardView> }) {
  const q = t.queue;
  const counts = ADMIN_TEXTS.switchRequestsPage.counts;
  return (
    <div>
      <dl className="metric-list">
        <Metric label={q.queued}>{fmt(overview.total_queued)}</Metric>
        <Metric label={q.running}>{fmt(overview.total_running)}</Metric>
        <Metric label={q.completed}>{fmt(overview.total_completed)}</Metric>
        <Metric label={q.failed}>{fmt(overview.total_failed)}</Metric>
        <Metric label={q.retrying}>{fmt(overview.total_retrying)}</Metric>
        <Metric label={q.activeProcesses}>{fmt(overview.total_active_processes)}</Metric>
      </dl>
      {Object.keys(queues).length === 0 ? (
        <p className="admin-muted">{q.empty}</p>
      ) : (
        <div className="admin-grid dashboard-queues">
          {Object.entries(queues).map(([name, queue]) => (
            <article key={name} className="admin-card queue-card" data-queue={name}>
              <header className="queue-card-head">
                <h3>{name}</h3>
                <span className="queue-badge">{ADMIN_TEXTS.switchRequestsPage.activeOfMax(queue.activeProcesses, queue.maxConcurrent)}</span>
              </header>
              <dl className="queue-counts">
                {(["total", "queued", "running", "completed", "failed", "retrying"] as const).map((key) => (
                  <div key={key}>
                    <dt>{counts[key]}</dt>
                    <dd>{fmt(queue[key])}</dd>
                  </div>
                ))}
              </dl>
              <PercentBar label={ADMIN_TEXTS.switchRequestsPage.successRate} percent={successRatePercent(queue)} />
            </article>
          ))}
        </div>
      )}
    </div>
  );
}

/** Section 8: API, document processing and user activity over 24 h, as measured. */
export function PerformanceBlock({ metrics }: { metrics: AdminMetrics }) {
  const p = t.performance;
  const { apiPerformance: api, documentProcessing: docs, userActivity: users } = metrics;
  return (
    <div className="admin-grid">
      <div>
        <h3>{p.api}</h3>
        <dl className="metric-list">
          <Metric label={p.totalRequests} name="totalRequests">{fmt(api.totalRequests)}</Metric>
          <Metric label={p.averageResponse}>{api.averageResponseTime === null ? t.none : `${fmt(api.averageResponseTime)} ms`}</Metric>
          <Metric label={p.errorRate}>{pct(api.errorRate)}</Metric>
          <Metric label={p.requestsPerMinute}>{decimalFormat.format(api.requestsPerMinute)}</Metric>
        </dl>
      </div>
      <div>
        <h3>{p.documents}</h3>
        <dl className="metric-list">
          <Metric label={p.processed}>{fmt(docs.documentsProcessed)}</Metric>
          <Metric label={p.averageTime}>{docs.averageProcessingTime === null ? t.none : decimalFormat.format(docs.averageProcessingTime)}</Metric>
          <Metric label={p.successRate}>{pct(docs.successRate)}</Metric>
          <Metric label={p.queueLength}>{fmt(docs.queueLength)}</Metric>
        </dl>
      </div>
      <div>
        <h3>{p.users}</h3>
        <dl className="metric-list">
          <Metric label={p.activeUsers}>{fmt(users.activeUsers)}</Metric>
          <Metric label={p.newRegistrations}>{fmt(users.newRegistrations)}</Metric>
          <Metric label={p.documentUploads} name="documentUploads">{fmt(users.documentUploads)}</Metric>
          <Metric label={p.verificationRequests}>{fmt(users.verificationRequests)}</Metric>
        </dl>
      </div>
    </div>
  );
}

export function updatedAt(at: number): string {
  return t.updatedAt(timeFormat.format(at));
}
