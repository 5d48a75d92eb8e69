// One per (county, date, consumption type): runs an offer collection once, keeps the result for the
// cache TTL and answers polls. Concurrent searches for the same key join the running job.
import { DurableObject } from "cloudflare:workers";
import { newId } from "../../app/lib/ids";
import type { OfferView } from "../../app/lib/offers";
import type { OfferSearch } from "../../app/lib/schemas/offer-search";
import { createAppContext, type AppContext } from "../../app/server/context.server";
import { offerCollections } from "../../app/server/db/schema.server";
import type { Env } from "../../app/server/env.server";
import {
  COLLECTION_TIMEOUT_MESSAGE,
  collectOffers,
  collectionKey,
  createOfferSources,
} from "../../app/server/offers/collection.server";
import type { CollectionConfig } from "../../app/server/config.server";

interface JobRecord {
  jobId: string;
  search: OfferSearch;
  status: "running" | "completed" | "failed";
  startedAt: number;
  deadline: number;
  finishedAt?: number;
  county?: { code: string; name: string };
  offers?: OfferView[];
  warnings?: string[];
  message?: string;
}

export type CollectionAnswer =
  | {
      status: "completed";
      jobId: string;
      county: { code: string; name: string };
      offers: OfferView[];
      warnings: string[];
      collectedAt: number;
      cached: boolean;
    }
  | { status: "running"; jobId: string; startedAt: number }
  | { status: "failed"; jobId: string; message: string }
  | { status: "unknown_county" };

export class OfferCollector extends DurableObject<Env> {
  private job: JobRecord | null = null;
  /** The in-flight collection of `job`; null after a restart, which makes a stored 'running' job dead. */
  private running: Promise<JobRecord | null> | null = null;

  /** Bindings, config and db for the life of the object (its env never changes). */
  private readonly app: AppContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.app = createAppContext(env);
    void ctx.blockConcurrencyWhile(async () => {
      this.job = (await ctx.storage.get<JobRecord>("job")) ?? null;
    });
  }

  /** Returns the cached result, joins the running job, or starts one; waits up to `instantWaitMs` for it. */
  /** The health probe (app/server/admin/system-health.server.ts): this namespace answers. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  async start(search: OfferSearch, config: CollectionConfig): Promise<CollectionAnswer> {
    const now = Date.now();
    const job = this.job;
    if (job?.status === "completed" && now - (job.finishedAt ?? 0) < config.cacheTtlMs) return toAnswer(job, true);
    if (job?.status === "running" && this.running && now < job.deadline) {
      return this.waitBriefly(job, config.instantWaitMs);
    }

    const fresh: JobRecord = {
      jobId: newId(now),
      search,
      status: "running",
      startedAt: now,
      deadline: now + config.jobTimeoutMs,
    };
    this.job = fresh;
    this.running = this.run(fresh, config);
    await this.ctx.storage.put("job", fresh);
    // Safety net: if this object is evicted mid-job, the alarm still fails the job at its deadline.
    await this.ctx.storage.setAlarm(fresh.deadline + 1_000);
    return this.waitBriefly(fresh, config.instantWaitMs);
  }

  /** The state of a job, for `checkUrl`; null when the id is not this key's current job. */
  async check(jobId: string): Promise<CollectionAnswer | null> {
    const job = this.job;
    if (!job || job.jobId !== jobId) return null;
    if (job.status === "running" && (!this.running || Date.now() > job.deadline)) {
      await this.finish(job, { status: "failed", message: COLLECTION_TIMEOUT_MESSAGE });
    }
    return toAnswer(job, false);
  }

  /**
   * An offer of this key's last completed collection, whatever its age: what the user was shown. The
   * switch wizard resolves offers that are not in the local catalog (comparator offers) through it.
   */
  async findOffer(offerId: string): Promise<OfferView | null> {
    const job = this.job;
    if (job?.status !== "completed") return null;
    return job.offers?.find((offer) => offer.id === offerId) ?? null;
  }

  async alarm(): Promise<void> {
    const job = this.job;
    if (job?.status === "running" && Date.now() >= job.deadline) {
      await this.finish(job, { status: "failed", message: COLLECTION_TIMEOUT_MESSAGE });
    }
  }

  private async waitBriefly(job: JobRecord, ms: number): Promise<CollectionAnswer> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = await Promise.race([
      this.running,
      new Promise<"wait">((resolve) => {
        timer = setTimeout(() => resolve("wait"), ms);
      }),
    ]);
    clearTimeout(timer);
    if (done === "wait") return { status: "running", jobId: job.jobId, startedAt: job.startedAt };
    if (done === null) return { status: "unknown_county" };
    return toAnswer(done ?? job, false);
  }

  private async run(job: JobRecord, config: CollectionConfig): Promise<JobRecord | null> {
    const db = this.app.db;
    const key = collectionKey(job.search);
    try {
      const outcome = await collectOffers(db, createOfferSources(db, config), job.search, config.jobTimeoutMs);
      if (!outcome.ok && outcome.reason === "unknown_county") {
        // Nothing worth keeping for a key that can never have offers.
        if (this.job?.jobId === job.jobId) {
          this.job = null;
          this.running = null;
          await this.ctx.storage.deleteAll();
        }
        return null;
      }
      if (outcome.ok) {
        await this.finish(job, {
          status: "completed",
          county: { code: outcome.county.code, name: outcome.county.name },
          offers: outcome.offers,
          warnings: outcome.warnings,
        });
      } else {
        await this.finish(job, { status: "failed", message: outcome.message });
      }
    } catch (error) {
      console.error("offer collection crashed", key, error);
      await this.finish(job, { status: "failed", message: "Colectarea ofertelor a eșuat." });
    }
    return job;
  }

  private async finish(job: JobRecord, result: Partial<JobRecord> & { status: JobRecord["status"] }) {
    if (job.status !== "running") return;
    const finished: JobRecord = Object.assign(job, result, { finishedAt: Date.now() });
    if (this.job?.jobId === job.jobId) {
      await this.ctx.storage.put("job", job);
      await this.ctx.storage.deleteAlarm();
    }
    const logged = {
      status: finished.status === "completed" ? ("completed" as const) : ("failed" as const),
      message: finished.message ?? (finished.warnings?.length ? finished.warnings.join(" ") : null),
      resultJson: finished.offers ? JSON.stringify({ count: finished.offers.length }) : null,
      finishedAt: finished.finishedAt,
    };
    try {
      await this.app.db
        .insert(offerCollections)
        .values({ id: job.jobId, collectionKey: collectionKey(job.search), startedAt: job.startedAt, ...logged })
        .onConflictDoUpdate({ target: offerCollections.id, set: logged });
    } catch (error) {
      // The collection log is for operators; a failure to write it must not fail the search.
      console.error("offer collection log", error);
    }
  }
}

function toAnswer(job: JobRecord, cached: boolean): CollectionAnswer {
  if (job.status === "completed") {
    return {
      status: "completed",
      jobId: job.jobId,
      county: job.county!,
      offers: job.offers ?? [],
      warnings: job.warnings ?? [],
      collectedAt: job.finishedAt!,
      cached,
    };
  }
  if (job.status === "failed") return { status: "failed", jobId: job.jobId, message: job.message ?? "" };
  return { status: "running", jobId: job.jobId, startedAt: job.startedAt };
}
