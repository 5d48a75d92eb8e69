// Automation (admin spec §2 "Automation", §3 automation config/status, §7 /automation/*; issue 13 item 4).
// The spec's snapshots are versions of the switching pipeline's configuration: per active supplier its
// SupplierQueue's concurrency and retry cap. currentSnapshotId is the version in force, snapshotComment
// its comment, orchestratorPath where the configuration comes from. Publishing writes a validated new
// version and applies it to every queue; an existing id puts that version back (rollback). Before any
// version is published, the configuration is what wrangler.toml and the suppliers table say.
import { eq } from "drizzle-orm";
import type { AutomationSettings } from "../../lib/schemas/automation";
import { automationSettingsSchema } from "../../lib/schemas/automation";
import { ADMIN_TEXTS } from "../../texts/admin";
import { newId } from "../../lib/ids";
import type { Database } from "../db/client.server";
import { automationConfig, automationConfigVersions, suppliers } from "../db/schema.server";
import type { Env } from "../env.server";
import { appConfig } from "../config.server";
import { supplierQueue } from "../switching/pipeline.server";

const CURRENT = "current";
const T = ADMIN_TEXTS.automation;

export interface AutomationConfigView {
  currentSnapshotId: string | null;
  snapshotComment: string | null;
  orchestratorPath: string;
  settings: AutomationSettings;
}

export interface AutomationStatusView {
  status: "running" | "stopped" | "error";
  /** seconds since the last restart while running; null when stopped or never restarted */
  uptime: number | null;
  lastRestart: string | null;
  queues: { running: number; total: number };
}

export interface AutomationVersion {
  id: string;
  snapshotId: string;
  comment: string | null;
  settings: AutomationSettings;
  createdAt: string;
  active: boolean;
}

async function activeSuppliers(db: Database) {
  return db.select({ id: suppliers.id, maxConcurrent: suppliers.maxConcurrent }).from(suppliers).where(eq(suppliers.active, true)).orderBy(suppliers.id);
}

async function currentRow(db: Database) {
  const [row] = await db.select().from(automationConfig).where(eq(automationConfig.id, CURRENT));
  return row ?? null;
}

/** The configuration before any version was published: the vars and the suppliers table. */
async function initialSettings(env: Env, db: Database): Promise<AutomationSettings> {
  const maxRetries = appConfig(env).pipeline.maxRetries;
  const list = await activeSuppliers(db);
  return { suppliers: Object.fromEntries(list.map((s) => [s.id, { maxConcurrent: s.maxConcurrent, maxRetries }])) };
}

function parseSettings(json: string): AutomationSettings {
  return automationSettingsSchema.parse(JSON.parse(json));
}

export async function automationConfigView(env: Env, db: Database): Promise<AutomationConfigView> {
  const row = await currentRow(db);
  const version = row?.activeVersionId
    ? (await db.select().from(automationConfigVersions).where(eq(automationConfigVersions.id, row.activeVersionId)))[0]
    : undefined;
  if (!version) return { currentSnapshotId: null, snapshotComment: null, orchestratorPath: T.initialSource, settings: await initialSettings(env, db) };
  return { currentSnapshotId: version.snapshotId, snapshotComment: version.comment, orchestratorPath: T.versionSource(version.id), settings: parseSettings(version.settingsJson) };
}

export async function automationVersions(db: Database): Promise<AutomationVersion[]> {
  const [row, list] = await Promise.all([currentRow(db), db.select().from(automationConfigVersions).orderBy(automationConfigVersions.createdAt)]);
  return list.reverse().map((v) => ({
    id: v.id,
    snapshotId: v.snapshotId,
    comment: v.comment,
    settings: parseSettings(v.settingsJson),
    createdAt: new Date(v.createdAt).toISOString(),
    active: v.id === row?.activeVersionId,
  }));
}

/** running if every queue runs, stopped if none does, error if one does not answer. */
export async function automationStatusView(env: Env, db: Database, now: number): Promise<AutomationStatusView> {
  const [row, list] = await Promise.all([currentRow(db), activeSuppliers(db)]);
  const answers = await Promise.all(list.map((s) => supplierQueue(env, s.id).stats().then((stats) => stats.isRunning, () => null)));
  const running = answers.filter((a) => a === true).length;
  const status = answers.includes(null) ? "error" : running === 0 && list.length > 0 ? "stopped" : "running";
  const lastRestartAt = row?.lastRestartAt ?? null;
  return {
    status,
    uptime: status === "running" && lastRestartAt !== null ? Math.max(0, Math.round((now - lastRestartAt) / 1000)) : null,
    lastRestart: lastRestartAt === null ? null : new Date(lastRestartAt).toISOString(),
    queues: { running, total: list.length },
  };
}

async function saveCurrent(db: Database, values: Partial<typeof automationConfig.$inferInsert>, now: number) {
  await db
    .insert(automationConfig)
    .values({ id: CURRENT, snapshotId: values.snapshotId ?? "", orchestratorPath: values.orchestratorPath ?? T.initialSource, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: automationConfig.id, set: { ...values, updatedAt: now } });
}

/** Restarts every active supplier's queue (stop, take back lapsed steps, start). */
export async function restartServices(env: Env, db: Database, now: number): Promise<{ running: number; total: number }> {
  const list = await activeSuppliers(db);
  const results = await Promise.all(list.map((s) => supplierQueue(env, s.id).restart()));
  await saveCurrent(db, { lastRestartAt: now }, now);
  return { running: results.filter((r) => r.isRunning).length, total: list.length };
}

async function applySettings(env: Env, db: Database, settings: AutomationSettings) {
  // The suppliers table carries the concurrency too: a queue reconfigures itself from it on enqueue.
  for (const [id, s] of Object.entries(settings.suppliers)) {
    await db.update(suppliers).set({ maxConcurrent: s.maxConcurrent }).where(eq(suppliers.id, id));
    await supplierQueue(env, id).applySettings(id, s);
  }
}

export type UpdateSnapshotResult =
  | { ok: true; snapshotId: string; versionId: string; published: boolean; restarted: { running: number; total: number } | null; before: AutomationConfigView; after: AutomationConfigView }
  | { ok: false; status: 404 | 409 | 400; error: string; message: string };

export async function updateSnapshot(
  env: Env,
  db: Database,
  input: { snapshotId: string; comment?: string | null; restartServices: boolean; settings?: AutomationSettings },
  adminId: string,
  now: number,
): Promise<UpdateSnapshotResult> {
  const before = await automationConfigView(env, db);
  const [existing] = await db.select().from(automationConfigVersions).where(eq(automationConfigVersions.snapshotId, input.snapshotId));
  let versionId: string;
  let settings: AutomationSettings;
  if (input.settings) {
    if (existing) return { ok: false, status: 409, error: "duplicate_snapshot", message: T.duplicateSnapshot };
    const known = new Set((await activeSuppliers(db)).map((s) => s.id));
    const unknown = Object.keys(input.settings.suppliers).find((id) => !known.has(id));
    if (unknown) return { ok: false, status: 400, error: "unknown_supplier", message: T.unknownSupplier(unknown) };
    // Suppliers the operator left out keep what is in force now.
    settings = { suppliers: { ...before.settings.suppliers, ...input.settings.suppliers } };
    versionId = newId(now);
    await db.insert(automationConfigVersions).values({
      id: versionId,
      snapshotId: input.snapshotId,
      comment: input.comment || null,
      settingsJson: JSON.stringify(settings),
      createdBy: adminId,
      createdAt: now,
    });
  } else {
    if (!existing) return { ok: false, status: 404, error: "unknown_snapshot", message: T.unknownSnapshot };
    versionId = existing.id;
    settings = parseSettings(existing.settingsJson);
  }
  await applySettings(env, db, settings);
  await saveCurrent(db, { activeVersionId: versionId, snapshotId: input.snapshotId, snapshotComment: input.settings ? input.comment || null : existing!.comment, orchestratorPath: T.versionSource(versionId) }, now);
  const restarted = input.restartServices ? await restartServices(env, db, now) : null;
  return { ok: true, snapshotId: input.snapshotId, versionId, published: Boolean(input.settings), restarted, before, after: await automationConfigView(env, db) };
}
