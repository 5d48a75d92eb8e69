// Per-isolate memory of the admin monitoring figures for a few seconds (issue 13, decision 0013).
// Why: every dashboard load and every poll of the monitoring API recomputed the same aggregates over
// users and documents, so several operators watching at once made D1 compute one answer many times a
// second. The live channel already recomputes once per burst of changes and pushes fresh figures
// without this cache; the cache spares only the pulls. The TTL stays below the shortest refresh
// interval of admin spec §9 (queue stats every 10 s, the system page every 30 s): a page never shows
// figures older than one of its own refresh periods.
// Only settled values are kept: a D1 read in flight belongs to the request that started it and is not
// handed to another request, so a few requests may compute the same figures when an entry expires.

export const STATS_CACHE_TTL_MS = 5_000;

interface Entry {
  computedAt: number;
  value: unknown;
}

const entries = new Map<string, Entry>();

/**
 * The figures named `key` if this isolate computed them less than STATS_CACHE_TTL_MS before `now`,
 * else `compute()`, kept for the next callers (a failure is not kept). Callers must not mutate them.
 */
export async function cachedStats<T>(key: string, now: number, compute: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit && now >= hit.computedAt && now - hit.computedAt < STATS_CACHE_TTL_MS) return hit.value as T;
  const value = await compute();
  entries.set(key, { computedAt: now, value });
  return value;
}
