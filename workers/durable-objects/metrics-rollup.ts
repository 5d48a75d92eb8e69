// One global instance that collects the Worker isolates' metric rollups and writes them into D1's
// metrics_rollups (issue 13 item 1; Workers Analytics Engine cannot be queried locally). Isolates send
// pre-folded rollups at most about once a second each (app/server/metrics/recorder.server.ts); this
// object folds them further and flushes FLUSH_AFTER_MS after the first unflushed one, or when a reader
// asks. Pending rows are kept in storage too, so an eviction between flushes loses nothing.
import { DurableObject } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import type { Env } from "../../app/server/env.server";
import { createAppContext, type AppContext } from "../../app/server/context.server";
import type { Database } from "../../app/server/db/client.server";
import { metricsRollups } from "../../app/server/db/schema.server";
import { mergeRollups, type Rollup } from "../../app/server/metrics/rollup.server";

export const FLUSH_AFTER_MS = 10_000;
/** D1 caps bound parameters per statement: 9 columns × 10 rows stays well below it. */
const ROWS_PER_STATEMENT = 10;

export class MetricsRollup extends DurableObject<Env> {
  private pending: Map<string, Rollup> | null = null;
  private readonly app: AppContext;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.app = createAppContext(env);
  }

  private async load(): Promise<Map<string, Rollup>> {
    this.pending ??= new Map(Object.entries((await this.ctx.storage.get<Record<string, Rollup>>("pending")) ?? {}));
    return this.pending;
  }

  /** Folds rollups in; they reach D1 within FLUSH_AFTER_MS. */
  async merge(rollups: Rollup[]): Promise<void> {
    const pending = mergeRollups(await this.load(), rollups);
    await this.ctx.storage.put("pending", Object.fromEntries(pending));
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + FLUSH_AFTER_MS);
  }

  /** Writes every pending rollup into metrics_rollups (adding to rows already there); returns rows written. */
  async flush(): Promise<number> {
    const pending = await this.load();
    if (pending.size === 0) return 0;
    const rows = [...pending.values()];
    // Taken out before the write: merges arriving meanwhile start a new batch instead of being lost.
    this.pending = new Map();
    await this.ctx.storage.put("pending", {});
    try {
      await writeRollups(this.app.db, rows);
    } catch (error) {
      this.pending = mergeRollups(this.pending, rows);
      await this.ctx.storage.put("pending", Object.fromEntries(this.pending));
      throw error;
    }
    return rows.length;
  }

  /** The health probe: this namespace answers. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  async alarm(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      console.error("metrics rollup: flush failed, retrying", error instanceof Error ? error.message : String(error));
      await this.ctx.storage.setAlarm(Date.now() + FLUSH_AFTER_MS);
    }
  }
}

async function writeRollups(db: Database, rows: Rollup[]): Promise<void> {
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    statements.push(
      db
        .insert(metricsRollups)
        .values(rows.slice(i, i + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [metricsRollups.bucketStart, metricsRollups.kind, metricsRollups.series],
          set: {
            count: sql`${metricsRollups.count} + excluded.count`,
            errors: sql`${metricsRollups.errors} + excluded.errors`,
            totalMs: sql`${metricsRollups.totalMs} + excluded.total_ms`,
            minMs: sql`min(coalesce(${metricsRollups.minMs}, excluded.min_ms), coalesce(excluded.min_ms, ${metricsRollups.minMs}))`,
            maxMs: sql`max(coalesce(${metricsRollups.maxMs}, excluded.max_ms), coalesce(excluded.max_ms, ${metricsRollups.maxMs}))`,
            lastOkAt: sql`max(coalesce(${metricsRollups.lastOkAt}, excluded.last_ok_at), coalesce(excluded.last_ok_at, ${metricsRollups.lastOkAt}))`,
          },
        }),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
