// The monitoring figures read indexes, not tables (issue 13): every statement the dashboard's stats,
// the system health and the admin metrics send to D1 is recorded and put through EXPLAIN QUERY PLAN.
// A plan that reads a table row by row ("SCAN documents" without a covering index) fails the test; the
// one full pass allowed over documents is the covering index of the per type and status groups, and
// over users the single pass of userStats' conditional sums.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { documentStats, userStats } from "../../app/server/admin/dashboard-stats.server";
import { adminMetrics } from "../../app/server/admin/metrics.server";
import { systemHealth } from "../../app/server/admin/system-health.server";
import { createAppContext } from "../../app/server/context.server";
import type { Env as AppEnv } from "../../app/server/env.server";

interface Recorded {
  sql: string;
  params: unknown[];
}

/** env.DB, recording each prepared statement with its bound parameters. */
function recordingD1(recorded: Recorded[]): D1Database {
  const d1 = env.DB;
  return new Proxy(d1, {
    get(target, prop) {
      if (prop !== "prepare") return Reflect.get(target, prop, target) as unknown;
      return (sql: string) => {
        const entry: Recorded = { sql, params: [] };
        recorded.push(entry);
        const statement = target.prepare(sql);
        return new Proxy(statement, {
          get(st, name) {
            if (name === "bind")
              return (...params: unknown[]) => {
                entry.params = params;
                return st.bind(...params);
              };
            const value = Reflect.get(st, name, st) as unknown;
            return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(st) : value;
          },
        });
      };
    },
  });
}

async function plans(run: (appEnv: AppEnv) => Promise<unknown>): Promise<string[]> {
  const recorded: Recorded[] = [];
  await run({ ...env, DB: recordingD1(recorded) } as unknown as AppEnv);
  const reads = recorded.filter((r) => /^\s*select/i.test(r.sql) && !/^select 1 as ok$/i.test(r.sql.trim()));
  expect(reads.length).toBeGreaterThan(0);
  const lines: string[] = [];
  for (const read of reads) {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${read.sql}`)
      .bind(...read.params)
      .all<{ detail: string }>();
    lines.push(...results.map((r) => r.detail));
  }
  return lines;
}

/** The tables that grow with the users (suppliers and the like are a few reference rows). */
const GROWING = "users|documents|document_events|switch_requests|metrics_rollups";
/** The ten recent uploads walk the upload-time index from the newest and stop (LIMIT 10). */
const RECENT_UPLOADS_WALK = "SCAN documents USING INDEX documents_uploaded_idx";
/** Plan lines that read a growing table's rows one by one from start to end. */
const tableScans = (lines: string[]) =>
  lines.filter((l) => new RegExp(`^SCAN (${GROWING})\\b`).test(l) && !/COVERING INDEX/.test(l) && l !== RECENT_UPLOADS_WALK);
const documentPasses = (lines: string[]) => lines.filter((l) => /^SCAN (documents|document_events)\b/.test(l) && l !== RECENT_UPLOADS_WALK);

describe("the monitoring queries' plans", () => {
  it("document stats: one pass over a covering index, everything else searches", async () => {
    const lines = await plans((e) => documentStats(createAppContext(e).db, Date.now()));
    expect(tableScans(lines)).toEqual([]);
    expect(documentPasses(lines)).toEqual(["SCAN documents USING COVERING INDEX documents_type_status_idx"]);
  });

  it("user stats: the one pass over users, and searches or covering indexes elsewhere", async () => {
    const lines = await plans((e) => userStats(createAppContext(e).db, Date.now()));
    expect(tableScans(lines)).toEqual(["SCAN users"]);
    // count(*) of documents (documents per user) walks the smallest index, never the table
    expect(documentPasses(lines).every((l) => /COVERING INDEX/.test(l))).toBe(true);
    expect(lines).toContain("SCAN switch_requests USING COVERING INDEX switch_requests_user_status_idx");
  });

  it("system health and admin metrics: no pass over users, and documents only through the groups' covering index", async () => {
    const lines = await plans(async (e) => {
      const ctx = createAppContext(e);
      await systemHealth(ctx, Date.now());
      await adminMetrics(e, ctx.db, Date.now());
    });
    expect(tableScans(lines)).toEqual([]);
    expect(lines.filter((l) => /^SCAN users\b/.test(l))).toEqual([]);
    expect(documentPasses(lines).every((l) => l === "SCAN documents USING COVERING INDEX documents_type_status_idx")).toBe(true);
  });
});
