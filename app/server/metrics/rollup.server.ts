// Measured facts and their per-minute aggregates (issue 13 item 1). A fact is one thing that happened
// and how long it took; facts with the same minute, kind and series fold into one rollup row, and two
// rollups of the same key fold the same way, so partial flushes add up to the same rows.
export const METRIC_KINDS = ["request", "document", "ocr", "switch_step", "queue_wait", "adapter"] as const;
export type MetricKind = (typeof METRIC_KINDS)[number];

export const BUCKET_MS = 60_000;

export interface MetricFact {
  kind: MetricKind;
  series: string;
  /** epoch ms when it happened */
  at: number;
  ms: number;
  error: boolean;
}

export interface Rollup {
  bucketStart: number;
  kind: MetricKind;
  series: string;
  count: number;
  errors: number;
  totalMs: number;
  minMs: number | null;
  maxMs: number | null;
  lastOkAt: number | null;
}

export const bucketOf = (at: number) => at - (at % BUCKET_MS);

const keyOf = (r: Pick<Rollup, "bucketStart" | "kind" | "series">) => `${r.bucketStart}|${r.kind}|${r.series}`;

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

export function rollupOf(fact: MetricFact): Rollup {
  const ms = Math.max(0, Math.round(fact.ms));
  return {
    bucketStart: bucketOf(fact.at),
    kind: fact.kind,
    series: fact.series,
    count: 1,
    errors: fact.error ? 1 : 0,
    totalMs: ms,
    minMs: ms,
    maxMs: ms,
    lastOkAt: fact.error ? null : fact.at,
  };
}

/** Folds `more` into `into` (keyed by minute, kind and series); returns `into`. */
export function mergeRollups(into: Map<string, Rollup>, more: Iterable<Rollup>): Map<string, Rollup> {
  for (const r of more) {
    const key = keyOf(r);
    const had = into.get(key);
    if (!had) {
      into.set(key, { ...r });
      continue;
    }
    had.count += r.count;
    had.errors += r.errors;
    had.totalMs += r.totalMs;
    had.minMs = minOf(had.minMs, r.minMs);
    had.maxMs = maxOf(had.maxMs, r.maxMs);
    had.lastOkAt = maxOf(had.lastOkAt, r.lastOkAt);
  }
  return into;
}

/**
 * The route group a request is counted under: the first two API segments (`api:admin/metrics` would be
 * too fine; `api:admin`, `api:documents`), `page:admin` for the back-office, `page` for the site.
 * Ids never reach a series name, so the number of series stays small.
 */
export function routeGroupOf(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  if (segments[0] === "api") return `api:${segments[1] ?? ""}`;
  if (segments[0] === "admin") return "page:admin";
  return "page";
}
