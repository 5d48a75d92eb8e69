// Tab 'Cozi și Statistici' (admin spec §2, §4 queue control, §8, §9): the four summary cards, Start /
// Stop / Restart / Refresh (all three controls disabled while one runs), and a card per supplier queue
// with its active/max badge, counts, success-rate bar, failure colour band and the high-error alert.
// Refreshed every 10 s while the tab is open.
import { useCallback, useEffect, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { failureMessage, isApiFailure } from "./api-failure";
import {
  QUEUE_CONTROL_INTERVAL_MS,
  QUEUE_STATS_REFRESH_MS,
  failureBand,
  hasHighErrorRate,
  successRatePercent,
  summarizeQueues,
  type QueueCardView,
} from "~/lib/admin-queues";
import { apiClient } from "~/lib/api-client";
import { ADMIN_TEXTS } from "~/texts/admin";

type QueueAction = "start" | "stop" | "restart";
type LoadState = "loading" | "ready" | "error";

const numberFormat = new Intl.NumberFormat("ro-RO");
const percentFormat = new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const COUNT_KEYS = ["total", "queued", "running", "completed", "failed", "retrying"] as const;

function QueueCard({ name, queue }: { name: string; queue: QueueCardView }) {
  const t = ADMIN_TEXTS.switchRequestsPage;
  const band = failureBand(queue);
  const rate = successRatePercent(queue);
  return (
    <article className={`admin-card queue-card band-${band}`} data-queue={name} data-band={band}>
      <header className="queue-card-head">
        <h3>{name}</h3>
        <span className={`queue-badge${queue.activeProcesses > 0 ? " busy" : ""}`}>{t.activeOfMax(queue.activeProcesses, queue.maxConcurrent)}</span>
        <span className={`queue-state ${queue.isRunning ? "running" : "stopped"}`} data-state={queue.isRunning ? "running" : "stopped"}>
          {queue.isRunning ? t.queueRunning : t.queueStopped}
        </span>
      </header>
      {hasHighErrorRate(queue) ? (
        <p className="queue-alert" role="alert">
          {t.highErrorRate}
        </p>
      ) : null}
      <dl className="queue-counts">
        {COUNT_KEYS.map((key) => (
          <div key={key} data-count={key}>
            <dt>{t.counts[key]}</dt>
            <dd>{numberFormat.format(queue[key])}</dd>
          </div>
        ))}
      </dl>
      <div className="queue-rate">
        <span>{t.successRate}</span>
        <strong>{percentFormat.format(rate)}%</strong>
      </div>
      <div className="progress queue-progress" role="progressbar" aria-label={t.successRate} aria-valuemin={0} aria-valuemax={100} aria-valuenow={rate}>
        <div className={`progress-bar band-${band}`} style={{ width: `${rate}%` }} />
      </div>
    </article>
  );
}

export function SwitchQueuesPanel({ canControl }: { canControl: boolean }) {
  const t = ADMIN_TEXTS.switchRequestsPage;
  const toast = useToast();
  const [queues, setQueues] = useState<Record<string, QueueCardView> | null>(null);
  const [state, setState] = useState<LoadState>("loading");
  const [busy, setBusy] = useState<QueueAction | null>(null);

  const load = useCallback(async () => {
    try {
      const body = await apiClient().request<{ data: { queues: Record<string, QueueCardView> } }>("/api/admin/queue/stats", { fresh: true });
      setQueues(body.data.queues);
      setState("ready");
    } catch (error) {
      if (!isApiFailure(error)) throw error;
      setQueues(null);
      setState("error");
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), QUEUE_STATS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  async function control(action: QueueAction) {
    setBusy(action);
    try {
      const body = await apiClient().request<{ message: string }>(`/api/admin/system/queue-manager/${action}`, {
        method: "POST",
        body: action === "stop" ? {} : { interval: QUEUE_CONTROL_INTERVAL_MS },
      });
      toast({ title: t.success, description: body.message, variant: "success" });
      await load();
    } catch (error) {
      toast({ title: t.errorTitle, description: failureMessage(error, t.operationFailed(action)), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  const summary = queues ? summarizeQueues(queues) : null;
  const names = queues ? Object.keys(queues) : [];

  return (
    <section className="admin-section" aria-label={t.tabQueues} data-section="switch-queues">
      <div className="queue-controls">
        {canControl ? (
          <>
            <button type="button" className="button small" disabled={busy !== null} onClick={() => void control("start")}>
              {t.start}
            </button>
            <button type="button" className="button danger-solid small" disabled={busy !== null} onClick={() => void control("stop")}>
              {t.stop}
            </button>
            <button type="button" className="button secondary small" disabled={busy !== null} onClick={() => void control("restart")}>
              {t.restart}
            </button>
          </>
        ) : (
          <p className="admin-muted queue-controls-note">{t.controlsNeedSystemAdmin}</p>
        )}
        <button type="button" className="button secondary small" onClick={() => void load()}>
          {t.refresh}
        </button>
      </div>

      {state === "loading" && !queues ? (
        <p className="admin-card admin-empty" role="status">
          {t.loading}
        </p>
      ) : null}
      {state === "error" ? (
        <div className="admin-card admin-inline-error" role="alert">
          <p>{t.queuesLoadFailed}</p>
          <button type="button" className="button secondary small" onClick={() => void load()}>
            {t.reload}
          </button>
        </div>
      ) : null}

      {summary ? (
        <>
          <div className="admin-stats queue-summary">
            <div className="admin-stat" data-summary="total">
              <p className="admin-stat-title">{t.totalRequests}</p>
              <p className="admin-stat-value">{numberFormat.format(summary.totalRequests)}</p>
            </div>
            <div className="admin-stat" data-summary="active">
              <p className="admin-stat-title">{t.activeNow}</p>
              <p className="admin-stat-value">{numberFormat.format(summary.activeNow)}</p>
            </div>
            <div className="admin-stat" data-summary="waiting">
              <p className="admin-stat-title">{t.waiting}</p>
              <p className="admin-stat-value">{numberFormat.format(summary.waiting)}</p>
            </div>
            <div className="admin-stat" data-summary="queues">
              <p className="admin-stat-title">{t.activeQueues}</p>
              <p className="admin-stat-value">{numberFormat.format(summary.activeQueues)}</p>
              <p className="admin-stat-sub">{t.activeQueuesOf(summary.queueCount)}</p>
            </div>
          </div>
          {names.length === 0 ? (
            <p className="admin-card admin-empty">{t.noQueues}</p>
          ) : (
            <div className="queue-grid">
              {names.map((name) => (
                <QueueCard key={name} name={name} queue={queues![name]!} />
              ))}
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
