import { describe, expect, it } from "vitest";
import {
  DEFAULT_POLICY,
  applyOutcome,
  backoffMs,
  countJobs,
  deliverEvent,
  markRunning,
  newJob,
  nextWake,
  pickRunnable,
  requestCancel,
  type QueueJob,
} from "./supplier-queue-engine";

const policy = { ...DEFAULT_POLICY, maxConcurrent: 2, maxRetries: 2, backoffBaseMs: 1_000, backoffMaxMs: 8_000, stepLeaseMs: 60_000 };
const noJitter = () => 0.5;

function jobs(n: number, now = 0): QueueJob[] {
  return Array.from({ length: n }, (_, i) => newJob(`r${i}`, "automation_running", now + i));
}

describe("supplier queue engine", () => {
  it("starts at most maxConcurrent jobs, oldest first, and none while stopped", () => {
    const all = jobs(5);
    expect(pickRunnable(all, policy, 10, true).map((j) => j.requestId)).toEqual(["r0", "r1"]);
    expect(pickRunnable(all, policy, 10, false)).toEqual([]);
    const withRunning = [markRunning(all[0]!, policy, 10), ...all.slice(1)];
    expect(pickRunnable(withRunning, policy, 11, true).map((j) => j.requestId)).toEqual(["r1"]);
  });

  it("advances a job step by step and completes it after the last", () => {
    let job = markRunning(newJob("r", "form_submission", 0), policy, 0);
    job = applyOutcome(job, { kind: "advance", next: "document_upload" }, policy, 5);
    expect(job).toMatchObject({ step: "document_upload", status: "queued", attempts: 0, nextAt: 5, leaseUntil: 0 });
    job = applyOutcome(markRunning(job, policy, 6), { kind: "advance", next: null }, policy, 7);
    expect(job.status).toBe("completed");
  });

  it("retries with exponential backoff and fails with the last error once the cap is spent", () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, policy, noJitter))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    let job = markRunning(newJob("r", "form_submission", 0), policy, 0);
    job = applyOutcome(job, { kind: "retry", error: "HTTP 503" }, policy, 100, noJitter);
    expect(job).toMatchObject({ status: "retrying", attempts: 1, nextAt: 1_100 });
    expect(pickRunnable([job], policy, 1_099, true)).toEqual([]);
    expect(pickRunnable([job], policy, 1_100, true)).toHaveLength(1);
    job = applyOutcome(markRunning(job, policy, 1_100), { kind: "retry", error: "HTTP 503" }, policy, 1_200, noJitter);
    expect(job).toMatchObject({ status: "retrying", attempts: 2, nextAt: 3_200 });
    job = applyOutcome(markRunning(job, policy, 3_200), { kind: "retry", error: "HTTP 502" }, policy, 3_300, noJitter);
    expect(job).toMatchObject({ status: "failed", attempts: 3, lastError: "HTTP 502" });
  });

  it("waits out a 429 without spending the retry cap", () => {
    let job = markRunning(newJob("r", "form_submission", 0), policy, 0);
    for (let i = 0; i < 5; i++) {
      job = applyOutcome(markRunning(job, policy, job.nextAt), { kind: "retry", error: "429", retryAfterMs: 1_000, countsAgainstCap: false }, policy, job.nextAt);
    }
    expect(job).toMatchObject({ status: "retrying", attempts: 0 });
  });

  it("takes back a step whose lease lapsed (the object restarted mid-step)", () => {
    const lost = markRunning(newJob("r", "document_upload", 0), policy, 0);
    expect(pickRunnable([lost], policy, 59_999, true)).toEqual([]);
    expect(pickRunnable([lost], policy, 60_000, true).map((j) => j.step)).toEqual(["document_upload"]);
    expect(countJobs([lost], 60_000)).toMatchObject({ queued: 1, running: 0 });
    expect(nextWake([lost], 0, true)).toBe(60_000);
  });

  it("parks a job until its event arrives, without taking a slot", () => {
    const parked = applyOutcome(markRunning(newJob("r", "signature_required", 0), policy, 0), { kind: "await_event", event: "signed" }, policy, 1);
    expect(parked.status).toBe("waiting");
    expect(pickRunnable([parked, ...jobs(2, 5)], policy, 10, true).map((j) => j.requestId)).toEqual(["r0", "r1"]);
    expect(deliverEvent(parked, "other", 20)).toBeNull();
    expect(deliverEvent(parked, "signed", 20)).toMatchObject({ status: "queued", nextAt: 20, waitingFor: null });
    expect(nextWake([parked], 10, true)).toBeNull();
  });

  it("an event that arrives while its step still runs is kept, and the step's wait re-queues at once", () => {
    const running = markRunning(newJob("r", "signature_required", 0), policy, 0);
    const marked = deliverEvent(running, "signed", 5);
    expect(marked).toMatchObject({ status: "running", earlyEvent: "signed" });
    expect(applyOutcome(marked!, { kind: "await_event", event: "signed" }, policy, 6)).toMatchObject({ status: "queued", nextAt: 6, waitingFor: null, earlyEvent: null });
    // Only the event it waits for counts; another step's wait still parks.
    expect(applyOutcome(marked!, { kind: "await_event", event: "other" }, policy, 6)).toMatchObject({ status: "waiting", waitingFor: "other" });
    // Without the early event the same outcome parks, as before.
    expect(applyOutcome(running, { kind: "await_event", event: "signed" }, policy, 6).status).toBe("waiting");
  });

  it("polls a waiting job again after its interval", () => {
    const polling = applyOutcome(markRunning(newJob("r", "switch_confirmation", 0), policy, 0), { kind: "wait", pollAfterMs: 5_000 }, policy, 1);
    expect(pickRunnable([polling], policy, 5_000, true)).toEqual([]);
    expect(pickRunnable([polling], policy, 5_001, true)).toHaveLength(1);
  });

  it("cancels at once when idle, and at the next boundary when a step runs", () => {
    expect(requestCancel(newJob("r", "form_submission", 0), 1).status).toBe("cancelled");
    const running = markRunning(newJob("r", "form_submission", 0), policy, 0);
    const flagged = requestCancel(running, 1);
    expect(flagged).toMatchObject({ status: "running", cancelRequested: true });
    expect(applyOutcome(flagged, { kind: "advance", next: "document_upload" }, policy, 2).status).toBe("cancelled");
    const done = applyOutcome(markRunning(newJob("x", "s", 0), policy, 0), { kind: "advance", next: null }, policy, 1);
    expect(requestCancel(done, 2).status).toBe("completed");
  });

  it("counts every state", () => {
    const [a, b, c] = jobs(3);
    const counted = countJobs(
      [
        markRunning(a!, policy, 0),
        applyOutcome(markRunning(b!, policy, 0), { kind: "retry", error: "x" }, policy, 0, noJitter),
        applyOutcome(markRunning(c!, policy, 0), { kind: "fail", reason: "nu" }, policy, 0),
        newJob("q", "s", 0),
      ],
      1,
    );
    expect(counted).toEqual({ queued: 1, running: 1, completed: 0, failed: 1, retrying: 1, waiting: 0, cancelled: 0 });
  });
});
