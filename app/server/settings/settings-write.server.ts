// Writing the admin settings (issue #12 item 4): only the keys that change, audited with before/after.
import { sql } from "drizzle-orm";
import type { AdminSettings, SettingKey, SettingsPatch } from "../../lib/schemas/admin-settings";
import { writeAudit } from "../admin/admin-auth.server";
import { settings as settingsTable } from "../db/schema.server";
import type { AppContext } from "../context.server";
import { clearSettingsCache, readSettings } from "./settings.server";

export interface SettingsChange {
  settings: AdminSettings;
  changed: SettingKey[];
}

/**
 * Saves the keys of a validated patch whose value differs from the stored one, then one audit row
 * with {before, after} of just those keys. Nothing changed → nothing written.
 */
export async function writeSettings(
  ctx: AppContext,
  input: { adminId: string; patch: SettingsPatch; ip: string; now?: number },
): Promise<SettingsChange> {
  const now = input.now ?? Date.now();
  const db = ctx.db;
  const current = await readSettings(ctx, { now, fresh: true });
  const changed = (Object.keys(input.patch) as SettingKey[]).filter(
    (key) => input.patch[key] !== undefined && input.patch[key] !== current[key],
  );
  if (changed.length === 0) return { settings: current, changed };

  const before: Partial<Record<SettingKey, unknown>> = {};
  const after: Partial<Record<SettingKey, unknown>> = {};
  for (const key of changed) {
    before[key] = current[key];
    after[key] = input.patch[key];
  }
  await db
      .insert(settingsTable)
      .values(changed.map((key) => ({ key, valueJson: JSON.stringify(input.patch[key]), updatedAt: now, updatedBy: input.adminId })))
      .onConflictDoUpdate({
        target: settingsTable.key,
        set: { valueJson: sql`excluded.value_json`, updatedAt: sql`excluded.updated_at`, updatedBy: sql`excluded.updated_by` },
      });
  await writeAudit(db, {
    adminId: input.adminId,
    action: "settings_updated",
    target: { type: "settings", id: null },
    details: { before, after },
    ip: input.ip,
    now,
  });
  clearSettingsCache();
  return { settings: { ...current, ...after } as AdminSettings, changed };
}
