// The admin settings (admin spec §3 "Settings model"; issue #12 item 4), read side: one row per key in
// `settings` (value_json), read through the model's schema with the spec's defaults, cached briefly.
// Writing is in settings-write.server.ts (it audits, and the admin guard here reads the timeout).
import { inArray } from "drizzle-orm";
import { SETTING_KEYS, settingsFromStored, type AdminSettings } from "../../lib/schemas/admin-settings";
import { settings as settingsTable } from "../db/schema.server";
import { isLocalEnvironment } from "../deployment.server";
import type { AppContext } from "../context.server";

/**
 * How long an isolate reuses what it read. Maintenance mode is checked on every request of the
 * Worker, so without a cache every page view would cost a D1 read; with it an isolate reads at most
 * once per 5 s, and a change made elsewhere reaches every isolate within 5 s. The isolate that writes
 * drops its copy at once.
 */
export const SETTINGS_CACHE_MS = 5_000;

// The value, never the pending read: a Promise made by one request's I/O must not be awaited by
// another request (workerd refuses I/O across request contexts, and a cancelled first request would
// leave the others hanging). Requests that miss at the same moment each read once.
interface CachedSettings {
  at: number;
  value: AdminSettings;
}
interface CacheSlot {
  entry?: CachedSettings;
  /** bumped by every clear, so a read that started before a write cannot store what it read */
  generation: number;
}

// On globalThis, not in a module variable: the Worker entry (workers/app.ts) and the Remix build each
// bundle their own copy of this module into the one isolate, and a write through a route must drop
// the copy the entry's maintenance check reads.
const CACHE_KEY = Symbol.for("cmic.admin-settings");
type CacheHolder = { [CACHE_KEY]?: CacheSlot };

function cacheSlot(): CacheSlot {
  const holder = globalThis as CacheHolder;
  holder[CACHE_KEY] ??= { generation: 0 };
  return holder[CACHE_KEY];
}

/** Drops this isolate's copy (after a write, and for tests that write D1 directly). */
export function clearSettingsCache(): void {
  const slot = cacheSlot();
  slot.entry = undefined;
  slot.generation += 1;
}

async function loadSettings(ctx: AppContext): Promise<AdminSettings> {
  const rows = await ctx.db
    .select({ key: settingsTable.key, valueJson: settingsTable.valueJson })
    .from(settingsTable)
    .where(inArray(settingsTable.key, SETTING_KEYS));
  const stored = new Map<string, unknown>();
  for (const row of rows) {
    try {
      stored.set(row.key, JSON.parse(row.valueJson));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      stored.set(row.key, undefined);
    }
  }
  const { settings, invalid } = settingsFromStored(stored, { local: isLocalEnvironment(ctx.env) });
  if (invalid.length > 0) console.error(`settings: stored value unreadable, default used for ${invalid.join(", ")}`);
  return settings;
}

/** The current settings, at most SETTINGS_CACHE_MS old; `fresh` reads D1. */
export async function readSettings(ctx: AppContext, options: { now?: number; fresh?: boolean } = {}): Promise<AdminSettings> {
  const now = options.now ?? Date.now();
  const slot = cacheSlot();
  const cached = slot.entry;
  if (!options.fresh && cached && now - cached.at >= 0 && now - cached.at < SETTINGS_CACHE_MS) return cached.value;
  const generation = slot.generation;
  const value = await loadSettings(ctx);
  if (slot.generation === generation) slot.entry = { at: now, value };
  return value;
}
