// The scheduling rules of one supplier's switch queue (issue #10, item 1), kept apart from the Durable
// Object so they can be tested as plain logic: which jobs run now (at most `maxConcurrent`), what a step's
// outcome does to its job (advance, wait, retry with exponential backoff up to a cap, fail), the counts,
// stop/start, and recovery of steps that were running when the object went away (their lease lapses and
// the step runs again — steps are idempotent, so repeating one never doubles its effect).

export interface QueueJob {
  requestId: string;
  /** the pipeline step to run next */
  step: string;
  status: "queued" | "running" | "retrying" | "waiting" | "completed" | "failed" | "cancelled";
  /** failed attempts of the current step */
  attempts: number;
  /** epoch ms when the job may run again (queued/retrying/waiting-with-poll) */
  nextAt: number;
  /** epoch ms until which a running step owns the job; after it the step is presumed lost */
  leaseUntil: number;
  lastError: string | null;
  enqueuedAt: number;
  updatedAt: number;
  /** waits for something outside the queue (the user's signature) rather than for a time */
  waitingFor: string | null;
  /**
   * An outside event that arrived while the step that waits for it was still running (the user signed
   * before the signing step had finished logging): the step's await_event then re-queues at once instead
   * of parking for an event that already came. Optional: jobs stored before it existed lack it.
   */
  earlyEvent?: string | null;
  cancelRequested: boolean;
}

export type StepOutcome =
  | { kind: "advance"; next: string | null }
  | { kind: "wait"; pollAfterMs: number }
  | { kind: "await_event"; event: string }
  | { kind: "retry"; error: string; retryAfterMs?: number; countsAgainstCap?: boolean }
  | { kind: "fail"; reason: string }
  | { kind: "cancelled" };

export interface QueuePolicy {
  maxConcurrent: number;
  maxRetries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  stepLeaseMs: number;
}

export const DEFAULT_POLICY: QueuePolicy = {
  maxConcurrent: 2,
  maxRetries: 4,
  backoffBaseMs: 2_000,
  backoffMaxMs: 5 * 60_000,
  stepLeaseMs: 2 * 60_000,
};

export interface QueueCounts {
  queued: number;
  running: number;
  completed: number;
  failed: number;
  retrying: number;
  waiting: number;
  cancelled: number;
}

export function newJob(requestId: string, firstStep: string, now: number): QueueJob {
  return {
    requestId,
    step: firstStep,
    status: "queued",
    attempts: 0,
    nextAt: now,
    leaseUntil: 0,
    lastError: null,
    enqueuedAt: now,
    updatedAt: now,
    waitingFor: null,
    cancelRequested: false,
  };
}

/** Exponential backoff with ±20 % jitter so retries of many jobs don't arrive together. */
export function backoffMs(attempt: number, policy: QueuePolicy, random: () => number = Math.random): number {
  const base = Math.min(policy.backoffBaseMs * 2 ** Math.max(0, attempt - 1), policy.backoffMaxMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

const FINAL = new Set<QueueJob["status"]>(["completed", "failed", "cancelled"]);

export function isFinal(job: QueueJob): boolean {
  return FINAL.has(job.status);
}

/** A running job whose lease lapsed was interrupted (object restarted): it is due again. */
function isLost(job: QueueJob, now: number): boolean {
  return job.status === "running" && job.leaseUntil <= now;
}

function isDue(job: QueueJob, now: number): boolean {
  if (isLost(job, now)) return true;
  return (job.status === "queued" || job.status === "retrying" || (job.status === "waiting" && !job.waitingFor)) && job.nextAt <= now;
}

/**
 * The jobs to start now, oldest first, filling the free slots. Waiting jobs that only poll (the supplier's
 * confirmation) take a slot just while they poll.
 */
export function pickRunnable(jobs: readonly QueueJob[], policy: QueuePolicy, now: number, running: boolean): QueueJob[] {
  if (!running) return [];
  const busy = jobs.filter((j) => j.status === "running" && j.leaseUntil > now).length;
  const free = Math.max(0, policy.maxConcurrent - busy);
  if (free === 0) return [];
  return jobs
    .filter((j) => isDue(j, now))
    .sort((a, b) => a.nextAt - b.nextAt || a.enqueuedAt - b.enqueuedAt)
    .slice(0, free);
}

export function markRunning(job: QueueJob, policy: QueuePolicy, now: number): QueueJob {
  return { ...job, status: "running", leaseUntil: now + policy.stepLeaseMs, updatedAt: now, waitingFor: null };
}

/** What a step's outcome does to its job. */
export function applyOutcome(job: QueueJob, outcome: StepOutcome, policy: QueuePolicy, now: number, random?: () => number): QueueJob {
  const base = { ...job, leaseUntil: 0, updatedAt: now };
  if (job.cancelRequested || outcome.kind === "cancelled") return { ...base, status: "cancelled" };
  switch (outcome.kind) {
    case "advance":
      return outcome.next === null
        ? { ...base, status: "completed", attempts: 0, lastError: null, earlyEvent: null }
        : { ...base, step: outcome.next, status: "queued", attempts: 0, nextAt: now, lastError: null, earlyEvent: null };
    case "wait":
      return { ...base, status: "waiting", nextAt: now + outcome.pollAfterMs, waitingFor: null };
    case "await_event":
      return job.earlyEvent === outcome.event
        ? { ...base, status: "queued", nextAt: now, waitingFor: null, earlyEvent: null }
        : { ...base, status: "waiting", nextAt: Number.MAX_SAFE_INTEGER, waitingFor: outcome.event };
    case "retry": {
      const counts = outcome.countsAgainstCap !== false;
      const attempts = counts ? job.attempts + 1 : job.attempts;
      if (counts && attempts > policy.maxRetries) {
        return { ...base, status: "failed", attempts, lastError: outcome.error };
      }
      const wait = outcome.retryAfterMs ?? backoffMs(attempts, policy, random);
      return { ...base, status: "retrying", attempts, nextAt: now + wait, lastError: outcome.error };
    }
    case "fail":
      return { ...base, status: "failed", lastError: outcome.reason };
  }
}

/** The outside event a waiting job was waiting for arrived (the user signed): it is due at once. */
export function deliverEvent(job: QueueJob, event: string, now: number): QueueJob | null {
  if (job.status === "running") return { ...job, earlyEvent: event, updatedAt: now };
  if (job.status !== "waiting" || job.waitingFor !== event) return null;
  return { ...job, status: "queued", waitingFor: null, nextAt: now, updatedAt: now };
}

/** A cancel stops a job at the next step boundary: at once when nothing runs, after the step otherwise. */
export function requestCancel(job: QueueJob, now: number): QueueJob {
  if (isFinal(job)) return job;
  if (job.status === "running" && job.leaseUntil > now) return { ...job, cancelRequested: true, updatedAt: now };
  return { ...job, status: "cancelled", cancelRequested: true, leaseUntil: 0, updatedAt: now };
}

export function countJobs(jobs: readonly QueueJob[], now: number): QueueCounts {
  const counts: QueueCounts = { queued: 0, running: 0, completed: 0, failed: 0, retrying: 0, waiting: 0, cancelled: 0 };
  for (const job of jobs) {
    if (isLost(job, now)) counts.queued += 1;
    else counts[job.status] += 1;
  }
  return counts;
}

/** When the object should wake next: the earliest due time among jobs that can run, or a lease end. */
export function nextWake(jobs: readonly QueueJob[], now: number, running: boolean): number | null {
  let next: number | null = null;
  const consider = (t: number) => {
    if (next === null || t < next) next = t;
  };
  for (const job of jobs) {
    if (job.status === "running") consider(job.leaseUntil);
    else if (running && (job.status === "queued" || job.status === "retrying" || (job.status === "waiting" && !job.waitingFor))) {
      consider(Math.max(job.nextAt, now));
    }
  }
  return next;
}
