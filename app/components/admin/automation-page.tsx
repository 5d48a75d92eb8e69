// /admin/automation (admin spec §2 "Automation", §4 service status, §5, §8): the configuration in force,
// the service state (refreshed 2 s after a restart), the update-snapshot form with restart-after-update
// (default on) and the restart-services action, and the published versions for rollback.
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { apiClient } from "~/lib/api-client";
import type { AutomationSettings } from "~/lib/schemas/automation";
import { ADMIN_TEXTS } from "~/texts/admin";
import type { AutomationConfigView, AutomationStatusView, AutomationVersion } from "~/server/admin/automation.server";
import { failureMessage } from "./api-failure";
import { HealthBadge, numberFormat, timeFormat } from "./monitoring-ui";

const t = ADMIN_TEXTS.automation;
/** admin spec §4: after a restart the view refreshes after 2 s. */
export const REFRESH_AFTER_RESTART_MS = 2_000;

function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${numberFormat.format(h)} h ${m} min` : `${m} min ${seconds % 60} s`;
}

export function AutomationPage({
  config,
  status,
  versions,
}: {
  config: AutomationConfigView | null;
  status: AutomationStatusView | null;
  versions: AutomationVersion[];
}) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [snapshotId, setSnapshotId] = useState("");
  const [comment, setComment] = useState("");
  const [restartAfter, setRestartAfter] = useState(true);
  const [settings, setSettings] = useState<AutomationSettings | null>(config?.settings ?? null);
  const [busy, setBusy] = useState(false);

  async function send(body: Record<string, unknown>, fallback: string) {
    setBusy(true);
    try {
      const answer = await apiClient().request<{ message: string }>("/api/admin/automation/update-snapshot", { method: "POST", body });
      toast({ title: t.success, description: answer.message, variant: "success" });
      setSnapshotId("");
      setComment("");
      revalidate();
    } catch (error) {
      toast({ title: t.errorTitle, description: failureMessage(error, fallback), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  function submit() {
    const id = snapshotId.trim();
    const existing = versions.some((v) => v.snapshotId === id);
    void send({ snapshotId: id, comment, restartServices: restartAfter, ...(existing || !settings ? {} : { settings }) }, t.updateFailed);
  }

  async function restart() {
    setBusy(true);
    try {
      const answer = await apiClient().request<{ message: string }>("/api/admin/automation/restart", { method: "POST" });
      toast({ title: t.success, description: answer.message, variant: "success" });
      window.setTimeout(() => revalidate(), REFRESH_AFTER_RESTART_MS);
    } catch (error) {
      toast({ title: t.errorTitle, description: failureMessage(error, t.restartFailed), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const setSupplier = (id: string, key: "maxConcurrent" | "maxRetries", value: number) =>
    setSettings((s) => (s ? { suppliers: { ...s.suppliers, [id]: { ...s.suppliers[id]!, [key]: value } } } : s));

  return (
    <div className="admin-page automation-page">
      <div className="admin-page-head">
        <div>
          <h1>{t.title}</h1>
          <p className="admin-muted">{t.intro}</p>
        </div>
      </div>
      <div className="admin-grid">
        <section className="admin-card admin-section" data-section="automation-config" aria-labelledby="automation-config">
          <h2 id="automation-config">{t.currentConfig}</h2>
          {config ? (
            <dl className="metric-list">
              <div>
                <dt>{t.snapshotId}</dt>
                <dd data-field="snapshot-id">{config.currentSnapshotId ?? "–"}</dd>
              </div>
              <div>
                <dt>{t.comment}</dt>
                <dd>{config.snapshotComment ?? t.noComment}</dd>
              </div>
              <div>
                <dt>{t.orchestratorPath}</dt>
                <dd data-field="orchestrator-path">{config.orchestratorPath}</dd>
              </div>
            </dl>
          ) : (
            <p className="admin-empty">{t.configFailed}</p>
          )}
        </section>
        <section className="admin-card admin-section" data-section="automation-status" aria-labelledby="automation-status">
          <h2 id="automation-status">{t.serviceState}</h2>
          {status ? (
            <>
              <p>
                <HealthBadge status={status.status} /> <span className="admin-muted">{t.queuesRunning(status.queues.running, status.queues.total)}</span>
              </p>
              <dl className="metric-list">
                <div>
                  <dt>{t.uptime}</dt>
                  <dd>{status.uptime === null ? "–" : duration(status.uptime)}</dd>
                </div>
                <div>
                  <dt>{t.lastRestart}</dt>
                  <dd>{status.lastRestart ? timeFormat.format(new Date(status.lastRestart)) : t.never}</dd>
                </div>
              </dl>
            </>
          ) : (
            <p className="admin-empty">{t.statusFailed}</p>
          )}
          <button type="button" className="button secondary small" disabled={busy} onClick={() => void restart()}>
            {t.restart}
          </button>
        </section>
      </div>
      <section className="admin-card admin-section" data-section="automation-update" aria-labelledby="automation-update">
        <h2 id="automation-update">{t.updateTitle}</h2>
        <p className="admin-muted">{t.updateHint}</p>
        <form
          className="automation-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label>
            {t.snapshotId}
            <input name="snapshotId" value={snapshotId} onChange={(e) => setSnapshotId(e.target.value)} maxLength={100} />
          </label>
          <label>
            {t.comment}
            <input name="comment" value={comment} onChange={(e) => setComment(e.target.value)} maxLength={500} />
          </label>
          {settings ? (
            <table className="monitor-table">
              <thead>
                <tr>
                  <th>{t.supplier}</th>
                  <th>{t.maxConcurrent}</th>
                  <th>{t.maxRetries}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(settings.suppliers).map(([id, s]) => (
                  <tr key={id} data-supplier={id}>
                    <td>{id}</td>
                    <td>
                      <input type="number" min={1} max={50} aria-label={`${t.maxConcurrent} ${id}`} value={s.maxConcurrent} onChange={(e) => setSupplier(id, "maxConcurrent", Number(e.target.value))} />
                    </td>
                    <td>
                      <input type="number" min={0} max={20} aria-label={`${t.maxRetries} ${id}`} value={s.maxRetries} onChange={(e) => setSupplier(id, "maxRetries", Number(e.target.value))} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <label className="checkbox-row">
            <input type="checkbox" role="switch" checked={restartAfter} onChange={(e) => setRestartAfter(e.target.checked)} />
            {t.restartAfterUpdate}
          </label>
          <button type="submit" className="button small" disabled={busy || snapshotId.trim() === ""}>
            {t.update}
          </button>
        </form>
      </section>
      <section className="admin-card admin-section" data-section="automation-versions" aria-labelledby="automation-versions">
        <h2 id="automation-versions">{t.versions}</h2>
        {versions.length === 0 ? (
          <p className="admin-muted">–</p>
        ) : (
          <ul className="automation-versions">
            {versions.map((v) => (
              <li key={v.id} data-version={v.snapshotId}>
                <strong>{v.snapshotId}</strong> {v.active ? <span className="health-badge tone-good">{t.active}</span> : null}{" "}
                <span className="admin-muted">
                  {timeFormat.format(new Date(v.createdAt))} · {v.comment ?? t.noComment}
                </span>{" "}
                {v.active ? null : (
                  <button type="button" className="button secondary small" disabled={busy} onClick={() => void send({ snapshotId: v.snapshotId, restartServices: restartAfter }, t.updateFailed)}>
                    {t.update}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
