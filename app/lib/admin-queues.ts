// What the switch-requests page shows of the supplier queues (admin spec §2 "Switch requests", §9):
// the summary over all queues, each queue's failure band and success rate, the high-error alert, and
// the requests list's page arithmetic. Pure, so the page and its unit tests read the same rules.

/** A queue as GET /api/admin/queue/stats sends it (keyed by supplier name). */
export interface QueueCardView {
  supplierId: string;
  total: number;
  queued: number;
  running: number;
  completed: number;
  failed: number;
  retrying: number;
  waiting: number;
  activeProcesses: number;
  maxConcurrent: number;
  isRunning: boolean;
}

export type FailureBand = "red" | "orange" | "green";

/** Spec §9: above 20 % red, above 10 % orange, otherwise green; the alert shows above 10 %. */
export const RED_FAILURE_RATIO = 0.2;
export const HIGH_ERROR_RATIO = 0.1;
/** Spec §9: switch requests are listed 20 a page. */
export const ADMIN_SWITCH_PAGE_SIZE = 20;
export const QUEUE_STATS_REFRESH_MS = 10_000;
/** Spec §7/§9: start and restart pass this interval. */
export const QUEUE_CONTROL_INTERVAL_MS = 5_000;

/** Failed requests over every request the queue has seen (0 for an empty queue). */
export function failureRatio(queue: Pick<QueueCardView, "failed" | "total">): number {
  return queue.total > 0 ? queue.failed / queue.total : 0;
}

export function failureBand(queue: Pick<QueueCardView, "failed" | "total">): FailureBand {
  const ratio = failureRatio(queue);
  if (ratio > RED_FAILURE_RATIO) return "red";
  if (ratio > HIGH_ERROR_RATIO) return "orange";
  return "green";
}

export function hasHighErrorRate(queue: Pick<QueueCardView, "failed" | "total">): boolean {
  return failureRatio(queue) > HIGH_ERROR_RATIO;
}

/** Completed requests over every request the queue has seen, in percent with 1 decimal (spec §9). */
export function successRatePercent(queue: Pick<QueueCardView, "completed" | "total">): number {
  if (queue.total <= 0) return 0;
  return Math.round((queue.completed / queue.total) * 1000) / 10;
}

export interface QueueSummary {
  totalRequests: number;
  activeNow: number;
  waiting: number;
  activeQueues: number;
  queueCount: number;
}

/**
 * The four summary cards: every request the queues hold, the processes working right now, the requests
 * not yet picked up (queued, retrying, or waiting for the supplier), and the queues that are running.
 */
export function summarizeQueues(queues: Record<string, QueueCardView>): QueueSummary {
  const list = Object.values(queues);
  return {
    totalRequests: list.reduce((sum, q) => sum + q.total, 0),
    activeNow: list.reduce((sum, q) => sum + q.activeProcesses, 0),
    waiting: list.reduce((sum, q) => sum + q.queued + q.retrying + q.waiting, 0),
    activeQueues: list.filter((q) => q.isRunning).length,
    queueCount: list.length,
  };
}

/** Previous is disabled on page 1, next on the last page (spec §5). */
export function pageControls(page: number, pages: number): { hasPrevious: boolean; hasNext: boolean } {
  return { hasPrevious: page > 1, hasNext: page < Math.max(1, pages) };
}
