// /admin/system (admin spec §2 "System"): the status badge (database status), four cards (database with
// response time, API server, storage with a percent-used bar, overall status with the last check), the
// document-processing card with a success-rate bar, the distribution by type and the last 10 uploads.
import type { DocumentStats } from "~/server/admin/dashboard-stats.server";
import type { SystemHealth } from "~/server/admin/system-health.server";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { HealthBadge, NotOnEdge, PercentBar, ResponseTime, numberFormat, percentFormat, timeFormat, decimalFormat } from "./monitoring-ui";

const t = ADMIN_TEXTS.monitoring;

function ago(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

export function HealthCards({ health }: { health: SystemHealth }) {
  return (
    <div className="admin-stats system-cards" data-section="system-cards">
      <article className="admin-stat" data-card="database">
        <p className="admin-stat-title">{t.database}</p>
        <HealthBadge status={health.database.status} />
        <p className="admin-stat-sub">
          <ResponseTime ms={health.database_response_time} />
        </p>
      </article>
      <article className="admin-stat" data-card="api">
        <p className="admin-stat-title">{t.apiServer}</p>
        <HealthBadge status={health.api.status} />
        <p className="admin-stat-sub">
          {health.api_response_time === null ? t.noRequests : t.averageResponse(numberFormat.format(health.api_response_time))}
          {" · "}
          {t.requestsPerMinute(decimalFormat.format(health.api.requests_per_minute))}
        </p>
      </article>
      <article className="admin-stat" data-card="storage">
        <p className="admin-stat-title">{t.storage}</p>
        <HealthBadge status={health.storage.status} />
        {health.storage_usage === null ? (
          <NotOnEdge />
        ) : (
          <>
            <PercentBar label={t.storage} percent={health.storage_usage} />
            <p className="admin-stat-sub">{t.storageUsed(percentFormat.format(health.storage_usage))}</p>
          </>
        )}
        <p className="admin-stat-sub">{t.documentsStored(decimalFormat.format(health.storage.used_space_gb))}</p>
      </article>
      <article className="admin-stat" data-card="overall">
        <p className="admin-stat-title">{t.overall}</p>
        <HealthBadge status={health.status} />
        <p className="admin-stat-sub">{t.lastCheck(timeFormat.format(new Date(health.timestamp)))}</p>
        <p className="admin-stat-sub">
          {t.documentProcessing}: <HealthBadge status={health.document_processing} />{" "}
          {t.backlog(
            numberFormat.format(health.document_processing_details.backlog),
            health.document_processing_details.oldest_waiting_seconds === null ? null : ago(health.document_processing_details.oldest_waiting_seconds),
          )}
        </p>
      </article>
    </div>
  );
}

export function ServicesCard({ health }: { health: SystemHealth }) {
  return (
    <section className="admin-card admin-section" data-section="services" aria-labelledby="system-services">
      <h2 id="system-services">{t.services}</h2>
      <dl className="admin-status-list">
        {Object.entries(health.services).map(([name, status]) => (
          <div key={name} className="admin-status-row" data-service={name}>
            <dt>
              <span className={`admin-dot service-${status}`} aria-hidden="true" />
              {name}
            </dt>
            <dd>
              {t.serviceStatus[status] ?? status}
              {health.adapters[name]?.last_success ? ` · ${timeFormat.format(new Date(health.adapters[name]!.last_success!))}` : ""}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function DocumentProcessingCard({ stats }: { stats: DocumentStats }) {
  const rate = stats.verification_rates.overall_rate;
  const rows = [
    ["verified", t.verified, stats.verified],
    ["processing", t.processing, stats.processing],
    ["pending", t.pending, stats.pending],
    ["rejected", t.rejected, stats.rejected],
    ["total", t.totalUploaded, stats.total_uploaded],
  ] as const;
  return (
    <section className="admin-card admin-section" data-section="document-processing" aria-labelledby="system-documents">
      <h2 id="system-documents">{t.documentProcessing}</h2>
      <dl className="admin-status-list">
        {rows.map(([key, label, value]) => (
          <div key={key} className="admin-status-row" data-count={key}>
            <dt>{label}</dt>
            <dd>{numberFormat.format(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="queue-rate">
        <span>{t.successRate}</span>
        <strong>{rate === null ? "–" : `${percentFormat.format(rate)}%`}</strong>
      </div>
      <PercentBar label={t.successRate} percent={rate ?? 0} />
    </section>
  );
}

export function DistributionCard({ stats }: { stats: DocumentStats }) {
  return (
    <section className="admin-card admin-section" data-section="by-type" aria-labelledby="system-by-type">
      <h2 id="system-by-type">{t.byType}</h2>
      <dl className="admin-status-list">
        {(Object.keys(t.types) as (keyof typeof t.types)[]).map((key) => (
          <div key={key} className="admin-status-row" data-type={key}>
            <dt>{t.types[key]}</dt>
            <dd>{numberFormat.format(stats.by_type[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function RecentUploads({ stats }: { stats: DocumentStats }) {
  return (
    <section className="admin-card admin-section" data-section="recent-uploads" aria-labelledby="system-recent">
      <h2 id="system-recent">{t.recentUploads}</h2>
      {stats.recent_uploads.length === 0 ? (
        <p className="admin-empty">{t.noUploads}</p>
      ) : (
        <div className="table-scroll">
          <table className="monitor-table">
            <thead>
              <tr>
                <th>{t.columns.phone}</th>
                <th>{t.columns.type}</th>
                <th>{t.columns.uploadedAt}</th>
                <th>{t.columns.status}</th>
              </tr>
            </thead>
            <tbody>
              {stats.recent_uploads.map((row, i) => (
                <tr key={`${row.uploaded_at}-${i}`}>
                  <td>{row.phone}</td>
                  <td>{TEXTS.documents.typeLabels[row.document_type] ?? row.document_type}</td>
                  <td>{timeFormat.format(new Date(row.uploaded_at))}</td>
                  <td>{ADMIN_TEXTS.overview.documentStatus[row.status] ?? row.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
