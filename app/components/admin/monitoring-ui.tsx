// Small shared pieces of the monitoring pages (dashboard, system): health badges coloured by the
// status groups of admin spec §4, response times by the bands of §9, and percent bars.
import { healthTone, responseTimeBand } from "~/lib/admin-monitoring";
import { ADMIN_TEXTS } from "~/texts/admin";

export const numberFormat = new Intl.NumberFormat("ro-RO");
export const percentFormat = new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const decimalFormat = new Intl.NumberFormat("ro-RO", { maximumFractionDigits: 2 });
export const timeFormat = new Intl.DateTimeFormat("ro-RO", {
  timeZone: "Europe/Bucharest",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export function HealthBadge({ status }: { status: string }) {
  return (
    <span className={`health-badge tone-${healthTone(status)}`} data-health={status}>
      {ADMIN_TEXTS.monitoring.statusLabel[status] ?? status}
    </span>
  );
}

export function ResponseTime({ ms }: { ms: number }) {
  return (
    <span className={`response-time band-${responseTimeBand(ms)}`} data-band={responseTimeBand(ms)}>
      {ADMIN_TEXTS.monitoring.responseTime(numberFormat.format(ms))}
    </span>
  );
}

export function PercentBar({ label, percent }: { label: string; percent: number }) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <div className="progress monitoring-progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="progress-bar" style={{ width: `${clamped}%` }} />
    </div>
  );
}

/** A figure the edge does not have: says so instead of showing a number. */
export function NotOnEdge() {
  return <span className="admin-muted not-on-edge">{ADMIN_TEXTS.monitoring.notOnEdge}</span>;
}
