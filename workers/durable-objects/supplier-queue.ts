// One per supplier (idFromName(supplierId)): the switch requests going to that supplier, run through the
// pipeline's steps at most `maxConcurrent` at a time (issue #10, item 1). Jobs live in the object's
// storage, never only in memory; an alarm wakes the object when a job is due, and a safety alarm at the
// end of the running steps' lease takes them back if the object went away mid-step. The scheduling rules
// are plain logic in supplier-queue-engine.ts; the steps themselves in app/server/switching/pipeline/.
import { DurableObject } from "cloudflare:workers";
import { PIPELINE_TEXTS } from "../../app/texts/pipeline";
import { createAppContext } from "../../app/server/context.server";
import { measuredAdapter } from "../../app/server/metrics/adapters.server";
import { recordMetricsNow } from "../../app/server/metrics/recorder.server";
import type { Env } from "../../app/server/env.server";
import { createSmsSender } from "../../app/server/sms/sms.server";
import { CONTRACT_FONTS } from "../../app/server/switching/contract/contract-fonts.server";
import {
  storeSignedContract,
  type SignatureInput,
  type StoreSignedResult,
} from "../../app/server/switching/pipeline/signed-contract.server";
import {
  QUEUE_STEPS,
  SIGNED_EVENT,
  WITHDRAWAL_STEP,
  isQueueStep,
  runWithdrawal,
  withdrawalJobId,
  renewSignatureLink,
  recordFailure,
  recordRetry,
  runSwitchStep,
  type PipelineDeps,
  type StepResult,
} from "../../app/server/switching/pipeline/steps.server";
import { logInsert } from "../../app/server/switching/requests.server";
import type { QueueStats } from "../../app/server/switching/queue-stats.server";
import { supplierPortal } from "../../app/server/switching/suppliers/portal-config.server";
import {
  DEFAULT_POLICY,
  applyOutcome,
  countJobs,
  deliverEvent,
  isFinal,
  markRunning,
  newJob,
  nextWake,
  pickRunnable,
  requestCancel,
  type QueueCounts,
  type QueueJob,
  type QueuePolicy,
} from "./supplier-queue-engine";

interface Meta {
  supplierId: string | null;
  maxConcurrent: number;
  isRunning: boolean;
  /** finished jobs are pruned after a day; these keep counting them */
  totals: { completed: number; failed: number; cancelled: number };
  /** set by queue-manager start/restart {interval}: how often a request waiting for the supplier's confirmation asks again */
  pollIntervalMs?: number;
  /** set by a published automation configuration; otherwise SWITCH_MAX_RETRIES */
  maxRetries?: number;
}

export interface StepTiming {
  step: string;
  ms: number;
  waitedMs: number;
  outcome: StepResult["kind"];
}

const JOB_PREFIX = "job:";
/** Step timings kept (memory only: a restart loses them, the jobs themselves are in storage). */
const TIMINGS_KEPT = 2_000;
const FINISHED_KEPT_MS = 24 * 3_600_000;

export class SupplierQueue extends DurableObject<Env> {
  private jobs = new Map<string, QueueJob>();
  private meta: Meta = { supplierId: null, maxConcurrent: 1, isRunning: true, totals: { completed: 0, failed: 0, cancelled: 0 } };
  private pumping: Promise<void> | null = null;
  private inflight = new Set<string>();
  private wake: (() => void) | null = null;
  private recentTimings: StepTiming[] = [];

  private recordTiming(timing: StepTiming) {
    this.recentTimings.push(timing);
    if (this.recentTimings.length > TIMINGS_KEPT) this.recentTimings.splice(0, this.recentTimings.length - TIMINGS_KEPT);
  }

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      const stored = await ctx.storage.list<QueueJob>({ prefix: JOB_PREFIX });
      for (const job of stored.values()) this.jobs.set(job.requestId, job);
      this.meta = (await ctx.storage.get<Meta>("meta")) ?? this.meta;
    });
  }

  /** The supplier this object serves and how many of its requests may run at once. */
  async configure(supplierId: string, maxConcurrent: number): Promise<void> {
    this.meta = { ...this.meta, supplierId, maxConcurrent: Math.max(1, Math.min(50, Math.floor(maxConcurrent))) };
    await this.ctx.storage.put("meta", this.meta);
    this.kick();
  }

  /** A published automation configuration (app/server/admin/automation.server.ts): concurrency and retry cap. */
  async applySettings(supplierId: string, settings: { maxConcurrent: number; maxRetries: number }): Promise<{ maxConcurrent: number; maxRetries: number }> {
    this.meta = { ...this.meta, maxRetries: Math.max(0, Math.min(20, Math.floor(settings.maxRetries))) };
    await this.configure(supplierId, settings.maxConcurrent);
    return { maxConcurrent: this.meta.maxConcurrent, maxRetries: this.meta.maxRetries ?? this.config.maxRetries };
  }

  /** Takes a created request; asking again for the same request changes nothing. */
  async enqueue(requestId: string, supplier: { id: string; maxConcurrent: number }): Promise<{ accepted: boolean }> {
    if (this.meta.supplierId !== supplier.id || this.meta.maxConcurrent !== supplier.maxConcurrent) {
      await this.configure(supplier.id, supplier.maxConcurrent);
    }
    if (this.jobs.has(requestId)) return { accepted: false };
    await this.save(newJob(requestId, QUEUE_STEPS[0], Date.now()));
    await this.kick();
    return { accepted: true };
  }

  /** Something the pipeline waits for happened (the user signed the contract). */
  async deliver(requestId: string, event: string): Promise<boolean> {
    const job = this.jobs.get(requestId);
    const next = job ? deliverEvent(job, event, Date.now()) : null;
    if (!next) return false;
    await this.save(next);
    await this.kick();
    return true;
  }

  /**
   * The signing page checked the SMS code: make the signed contract (this object has the fonts) and let
   * the pipeline go on to report it to the supplier.
   */
  async completeSignature(requestId: string, input: SignatureInput): Promise<StoreSignedResult> {
    const result = await storeSignedContract(this.deps(), requestId, input);
    if (result.ok) await this.deliver(requestId, SIGNED_EVENT);
    return result;
  }

  /** A new signing link for an expired or exhausted one (same phone, fresh token and attempts). */
  async renewSignatureLink(requestId: string): Promise<boolean> {
    return renewSignatureLink(this.deps(), requestId);
  }

  /**
   * User or admin cancel: stops the job at the next step boundary, and when the supplier already has the
   * application, queues the call that tells it (retried like any step).
   */
  async cancel(requestId: string, options: { tellSupplier: boolean } = { tellSupplier: false }): Promise<void> {
    const job = this.jobs.get(requestId);
    if (job) await this.save(requestCancel(job, Date.now()));
    if (options.tellSupplier && !this.jobs.has(withdrawalJobId(requestId))) {
      await this.save(newJob(withdrawalJobId(requestId), WITHDRAWAL_STEP, Date.now()));
      await this.kick();
    }
  }

  /** An operator takes a paused (or on-hold) request back: its job goes on from the step it stopped at. */
  async resume(requestId: string): Promise<boolean> {
    const job = this.jobs.get(requestId);
    if (!job || job.status !== "cancelled") return false;
    const now = Date.now();
    this.meta = { ...this.meta, totals: { ...this.meta.totals, cancelled: Math.max(0, this.meta.totals.cancelled - 1) } };
    await this.ctx.storage.put("meta", this.meta);
    await this.save({ ...job, status: "queued", cancelRequested: false, attempts: 0, nextAt: now, waitingFor: null, updatedAt: now });
    await this.kick();
    return true;
  }

  /** Starts taking jobs again (queue-manager start), optionally with a new confirmation polling interval. */
  async start(pollIntervalMs?: number): Promise<QueueStats> {
    if (pollIntervalMs) this.meta = { ...this.meta, pollIntervalMs };
    await this.setRunning(true);
    return this.stats();
  }

  /** Stops taking jobs: the steps running now finish, everything else stays queued. */
  async stop(): Promise<QueueStats> {
    await this.setRunning(false);
    return this.stats();
  }

  /** Stop, take back steps whose lease lapsed, start. */
  async restart(pollIntervalMs?: number): Promise<QueueStats> {
    if (pollIntervalMs) this.meta = { ...this.meta, pollIntervalMs };
    await this.setRunning(false);
    const now = Date.now();
    for (const job of this.jobs.values()) {
      if (job.status === "running" && !this.inflight.has(job.requestId)) {
        await this.save({ ...job, status: "queued", leaseUntil: 0, nextAt: now, updatedAt: now });
      }
    }
    await this.setRunning(true);
    return this.stats();
  }

  /** The health probe (app/server/admin/system-health.server.ts): this namespace answers. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  async stats(): Promise<QueueStats> {
    const counts: QueueCounts = countJobs([...this.jobs.values()], Date.now());
    const totals = this.meta.totals;
    const live = counts.queued + counts.running + counts.retrying + counts.waiting;
    return {
      supplierId: this.meta.supplierId,
      maxConcurrent: this.meta.maxConcurrent,
      maxRetries: this.meta.maxRetries ?? this.config.maxRetries,
      activeProcesses: counts.running,
      isRunning: this.meta.isRunning,
      queued: counts.queued,
      running: counts.running,
      retrying: counts.retrying,
      waiting: counts.waiting,
      completed: totals.completed,
      failed: totals.failed,
      cancelled: totals.cancelled,
      total: live + totals.completed + totals.failed + totals.cancelled,
    };
  }

  /**
   * How long the last steps took (running time, and the wait between being due and starting), measured
   * here — for the operators' metrics and the pipeline bench.
   */
  async timings(): Promise<StepTiming[]> {
    return [...this.recentTimings];
  }

  /** A job as the queue sees it (tests and the admin view). */
  async job(requestId: string): Promise<QueueJob | null> {
    return this.jobs.get(requestId) ?? null;
  }

  async alarm(): Promise<void> {
    await this.pump();
  }

  /** Bindings, config and db for the life of the object (its env never changes). */
  private readonly app = createAppContext(this.env);
  private readonly config = this.app.config.pipeline;

  private policy(): QueuePolicy {
    const config = this.config;
    return {
      ...DEFAULT_POLICY,
      maxConcurrent: this.meta.maxConcurrent,
      maxRetries: this.meta.maxRetries ?? config.maxRetries,
      backoffBaseMs: config.backoffBaseMs,
      backoffMaxMs: config.backoffMaxMs,
      stepLeaseMs: config.stepLeaseMs,
    };
  }

  private deps(): PipelineDeps {
    const config = this.config;
    return {
      env: this.app.env,
      db: this.app.db,
      portal: (supplierId) => measuredAdapter(this.app.env, `supplier:${supplierId}`, supplierPortal(this.app.env as unknown as Record<string, unknown>, supplierId)),
      fonts: CONTRACT_FONTS,
      sms: createSmsSender(this.app),
      now: Date.now,
      signatureTtlMs: config.signatureTtlMs,
      maxSignatureAttempts: config.maxSignatureAttempts,
      confirmationPollMs: this.meta.pollIntervalMs ?? config.confirmationPollMs,
    };
  }

  private async setRunning(isRunning: boolean) {
    this.meta = { ...this.meta, isRunning };
    await this.ctx.storage.put("meta", this.meta);
    if (isRunning) await this.kick();
  }

  private async save(job: QueueJob) {
    const before = this.jobs.get(job.requestId);
    // The calls that tell a supplier about a cancel are bookkeeping, not requests: they don't count.
    if (isFinal(job) && !(before && isFinal(before)) && job.step !== WITHDRAWAL_STEP) {
      const key = job.status as "completed" | "failed" | "cancelled";
      this.meta = { ...this.meta, totals: { ...this.meta.totals, [key]: this.meta.totals[key] + 1 } };
      await this.ctx.storage.put({ [`${JOB_PREFIX}${job.requestId}`]: job, meta: this.meta });
    } else {
      await this.ctx.storage.put(`${JOB_PREFIX}${job.requestId}`, job);
    }
    this.jobs.set(job.requestId, job);
  }

  /** Wakes the running loop, or sets an alarm to start one. */
  private async kick() {
    if (this.pumping) {
      this.wake?.();
      return;
    }
    await this.ctx.storage.setAlarm(Date.now());
  }

  private pump(): Promise<void> {
    this.pumping ??= this.loop().finally(() => {
      this.pumping = null;
    });
    return this.pumping;
  }

  private async loop() {
    const running = new Map<string, Promise<void>>();
    for (;;) {
      const policy = this.policy();
      const now = Date.now();
      const candidates = [...this.jobs.values()].filter((j) => !this.inflight.has(j.requestId));
      const busy = this.inflight.size;
      const picks = pickRunnable(candidates, { ...policy, maxConcurrent: Math.max(0, policy.maxConcurrent - busy) }, now, this.meta.isRunning);
      if (picks.length > 0) {
        // If the object goes away mid-step, this alarm takes the steps back when their lease lapses.
        await this.ctx.storage.setAlarm(now + policy.stepLeaseMs + 1_000);
      }
      for (const job of picks) {
        const leased = markRunning(job, policy, now);
        await this.save(leased);
        this.inflight.add(job.requestId);
        running.set(
          job.requestId,
          this.execute(leased, policy).finally(() => {
            this.inflight.delete(job.requestId);
            running.delete(job.requestId);
          }),
        );
      }
      if (running.size === 0) break;
      await Promise.race([...running.values(), new Promise<void>((resolve) => (this.wake = resolve))]);
      this.wake = null;
    }
    await this.pruneFinished();
    const wakeAt = nextWake([...this.jobs.values()], Date.now(), this.meta.isRunning);
    if (wakeAt === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(wakeAt);
  }

  private async execute(job: QueueJob, policy: QueuePolicy) {
    const deps = this.deps();
    const startedAt = Date.now();
    const waitedMs = Math.max(0, startedAt - job.nextAt);
    let result: StepResult;
    if (job.step === WITHDRAWAL_STEP) {
      result = await runWithdrawal(deps, job.requestId.slice(withdrawalJobId("").length)).catch((error: unknown) => ({
        kind: "retry" as const,
        error: error instanceof Error ? error.message : String(error),
      }));
    } else if (!isQueueStep(job.step)) result = { kind: "fail", reason: `Pas necunoscut: ${job.step}` };
    else {
      try {
        result = await runSwitchStep(deps, job.requestId, job.step);
      } catch (error) {
        result = { kind: "retry", error: error instanceof Error ? error.message : String(error) };
      }
    }
    const current = this.jobs.get(job.requestId) ?? job;
    const after = applyOutcome(current, result, policy, Date.now());
    this.recordTiming({ step: job.step, ms: Date.now() - startedAt, waitedMs, outcome: result.kind });
    void recordMetricsNow(this.env, [
      { kind: "switch_step", series: job.step, at: Date.now(), ms: Date.now() - startedAt, error: result.kind === "retry" || result.kind === "fail" },
      { kind: "queue_wait", series: this.meta.supplierId ?? "unknown", at: startedAt, ms: waitedMs, error: false },
    ]);
    try {
      if (after.status === "retrying" && result.kind === "retry" && isQueueStep(job.step)) {
        await recordRetry(deps, job.requestId, job.step, result.error);
      }
      if (after.status === "failed" && job.step === WITHDRAWAL_STEP) {
        const id = job.requestId.slice(withdrawalJobId("").length);
        await logInsert(deps.db, id, null, PIPELINE_TEXTS.log.withdrawalFailed(after.lastError ?? ""), "error", Date.now());
      } else if (after.status === "failed") {
        const reason = result.kind === "fail" ? result.reason : PIPELINE_TEXTS.failures.retriesSpent(after.lastError ?? "");
        await recordFailure(deps, job.requestId, reason);
      }
    } catch (error) {
      // The job's own state is what matters; a log line lost to a D1 hiccup is reported, not fatal.
      console.error("supplier queue: recording the outcome failed", job.requestId, error);
    }
    await this.save(after);
  }

  private async pruneFinished() {
    const cutoff = Date.now() - FINISHED_KEPT_MS;
    const old = [...this.jobs.values()].filter((j) => isFinal(j) && j.updatedAt < cutoff).map((j) => j.requestId);
    if (old.length === 0) return;
    await this.ctx.storage.delete(old.map((id) => `${JOB_PREFIX}${id}`));
    for (const id of old) this.jobs.delete(id);
  }
}
