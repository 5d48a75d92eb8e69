// Users as the back-office manages them (admin spec §2 "Users", §3 user list/detail/activity/stats, §4
// user status, §7 `/users*` rows): the filtered list of 50 with document progress, the stats, the
// detail with documents, last 10 auth logs and switches, the activity timeline built from real rows,
// and the status change, which ends every session and socket of a suspended or deactivated user and
// is written to the audit log.
import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { addDays, bucharestDay, bucharestDayStart } from "../../lib/dates";
import { PROGRESS_KEYS } from "../../lib/documents";
import { allowedStatusChange, type AdminUserListQuery, type UserStatus } from "../../lib/schemas/admin-users";
import { baniToLei } from "../../lib/switch-savings";
import { recentAuthLogs, type AuthLogEntry } from "../auth/auth-logs.server";
import { revokeAllUserSessions } from "../auth/user-sessions.server";
import type { Database } from "../db/client.server";
import { auditLog, authLogs, documents, meterReadings, suppliers, switchRequests, users } from "../db/schema.server";
import { progressView } from "../documents/views.server";
import type { Env } from "../env.server";
import { adminDashboardChanged } from "../live/publish.server";
import { writeAudit, type AdminPrincipal } from "./admin-auth.server";
import { userCounts } from "./overview.server";

type UserRow = typeof users.$inferSelect;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Spec §3 "User (list)" document_progress: completion and the count per document kind. */
export interface DocumentProgress {
  completion_percentage: number;
  identity: number;
  bills: number;
  contracts: number;
  meter_photos: number;
}

function documentProgress(counts: { documentType: string; status: string; count: number }[]): DocumentProgress {
  const view = progressView(counts);
  return {
    completion_percentage: view.completion_percentage,
    identity: view.documents.identity!.count,
    bills: view.documents.bills!.count,
    contracts: view.documents.contracts!.count,
    meter_photos: view.documents.meter_photos!.count,
  };
}

function userView(row: UserRow, progress: DocumentProgress) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    status: row.status,
    created_at: iso(row.createdAt)!,
    last_login: iso(row.lastLoginAt),
    document_progress: progress,
  };
}
export type AdminUserView = ReturnType<typeof userView>;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

/**
 * Phone digits in any format (0712 345 678, +40712…, 40712…) against both the stored +40 form and the
 * national 0 form; names and e-mail by substring.
 */
function searchCondition(search: string): SQL | undefined {
  const term = `%${escapeLike(search)}%`;
  const digits = search.replace(/\D/g, "");
  return or(
    sql`${users.firstName} || ' ' || ${users.lastName} LIKE ${term} ESCAPE '\\'`,
    sql`${users.lastName} || ' ' || ${users.firstName} LIKE ${term} ESCAPE '\\'`,
    sql`${users.email} LIKE ${term} ESCAPE '\\'`,
    digits.length >= 3 ? sql`replace(${users.phone}, '+', '') LIKE ${`%${digits}%`}` : undefined,
    digits.length >= 3 ? sql`'0' || substr(${users.phone}, 4) LIKE ${`%${digits}%`}` : undefined,
  );
}

function listConditions(query: AdminUserListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.status) parts.push(eq(users.status, query.status));
  if (query.date_from) parts.push(gte(users.createdAt, bucharestDayStart(query.date_from)));
  if (query.date_to) parts.push(lt(users.createdAt, bucharestDayStart(addDays(query.date_to, 1))));
  if (query.search) parts.push(searchCondition(query.search));
  return parts.length ? and(...parts) : undefined;
}

const SORT_COLUMNS = { created_at: users.createdAt, last_login: users.lastLoginAt, phone: users.phone } as const;

/** Document progress of many users in one query (the list page's 50). */
async function progressOf(db: Database, userIds: string[]): Promise<Map<string, DocumentProgress>> {
  const rows = userIds.length
    ? await db
        .select({ userId: documents.userId, documentType: documents.documentType, status: documents.status, count: sql<number>`count(*)` })
        .from(documents)
        .where(and(inArray(documents.userId, userIds), inArray(documents.documentType, Object.keys(PROGRESS_KEYS))))
        .groupBy(documents.userId, documents.documentType, documents.status)
    : [];
  const byUser = new Map<string, { documentType: string; status: string; count: number }[]>();
  for (const row of rows) {
    const list = byUser.get(row.userId) ?? [];
    list.push({ documentType: row.documentType, status: row.status, count: Number(row.count) });
    byUser.set(row.userId, list);
  }
  return new Map(userIds.map((id) => [id, documentProgress(byUser.get(id) ?? [])]));
}

export async function listUsersForAdmin(db: Database, query: AdminUserListQuery) {
  const where = listConditions(query);
  const column = SORT_COLUMNS[query.sortBy];
  const order = query.sortOrder === "asc" ? [asc(column), asc(users.id)] : [desc(column), desc(users.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const progress = await progressOf(
    db,
    rows.map((row) => row.id),
  );
  const totalCount = total?.n ?? 0;
  return {
    users: rows.map((row) => userView(row, progress.get(row.id)!)),
    pagination: {
      page: query.page,
      limit: query.limit,
      total: totalCount,
      total_pages: Math.max(1, Math.ceil(totalCount / query.limit)),
    },
  };
}

/** GET /users/search?q: the first matches by phone, name or e-mail, newest first. */
export async function searchUsersForAdmin(db: Database, q: string, limit: number) {
  const rows = await db.select().from(users).where(searchCondition(q)).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    status: row.status,
    created_at: iso(row.createdAt)!,
  }));
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
/** Change between two periods in percent (1 decimal); from nothing to something counts as +100 %. */
const growth = (current: number, previous: number) => (previous > 0 ? Math.round(((current - previous) / previous) * 1000) / 10 : current > 0 ? 100 : 0);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec §3 "User stats", each figure read from D1; the definitions of the derived ones are ours. */
export async function userStatsForAdmin(db: Database, now: number = Date.now()) {
  const day = bucharestDay(now);
  const since = (ms: number) => sql<number>`coalesce(sum(case when ${users.createdAt} >= ${ms} then 1 else 0 end), 0)`;
  const between = (from: number, to: number) =>
    sql<number>`coalesce(sum(case when ${users.createdAt} >= ${from} and ${users.createdAt} < ${to} then 1 else 0 end), 0)`;
  const [counts, [periods], [verified], [docs], [switchers], [typeRow], [recent]] = await Promise.all([
    userCounts(db, day),
    db
      .select({
        week: since(now - 7 * DAY_MS),
        previousWeek: between(now - 14 * DAY_MS, now - 7 * DAY_MS),
        month: since(now - 30 * DAY_MS),
        previousMonth: between(now - 60 * DAY_MS, now - 30 * DAY_MS),
        completedProfiles: sql<number>`coalesce(sum(case when ${users.firstName} is not null and ${users.lastName} is not null and ${users.email} is not null then 1 else 0 end), 0)`,
        established: sql<number>`coalesce(sum(case when ${users.createdAt} < ${now - 30 * DAY_MS} then 1 else 0 end), 0)`,
        retained: sql<number>`coalesce(sum(case when ${users.createdAt} < ${now - 30 * DAY_MS} and ${users.lastLoginAt} >= ${now - 30 * DAY_MS} then 1 else 0 end), 0)`,
      })
      .from(users),
    db
      .select({ n: countDistinct(documents.userId) })
      .from(documents)
      .where(and(eq(documents.documentType, "document_identitate"), eq(documents.status, "verified"))),
    db.select({ n: count() }).from(documents),
    db.select({ n: countDistinct(switchRequests.userId) }).from(switchRequests),
    db
      .select({ type: switchRequests.consumerType, n: countDistinct(switchRequests.userId) })
      .from(switchRequests)
      .groupBy(switchRequests.consumerType)
      .orderBy(desc(countDistinct(switchRequests.userId)))
      .limit(1),
    db
      .select({ n: countDistinct(authLogs.userId) })
      .from(authLogs)
      .where(and(isNotNull(authLogs.userId), eq(authLogs.success, true), gte(authLogs.createdAt, now - DAY_MS))),
  ]);
  const p = {
    week: Number(periods?.week ?? 0),
    previousWeek: Number(periods?.previousWeek ?? 0),
    month: Number(periods?.month ?? 0),
    previousMonth: Number(periods?.previousMonth ?? 0),
    completedProfiles: Number(periods?.completedProfiles ?? 0),
    established: Number(periods?.established ?? 0),
    retained: Number(periods?.retained ?? 0),
  };
  const verifiedUsers = Number(verified?.n ?? 0);
  return {
    total_users: counts.total,
    active_users: counts.active,
    new_registrations_today: counts.newToday,
    new_registrations_week: counts.newThisWeek,
    new_registrations_month: counts.newThisMonth,
    suspended_users: counts.suspended,
    /** users with a verified identity document, over all users */
    verification_rate: percent(verifiedUsers, counts.total),
    verified_users: verifiedUsers,
    /** registrations of the last 7 (30) days against the 7 (30) before */
    growth_rate_weekly: growth(p.week, p.previousWeek),
    growth_rate_monthly: growth(p.month, p.previousMonth),
    average_documents_per_user: counts.total > 0 ? Math.round((Number(docs?.n ?? 0) / counts.total) * 10) / 10 : 0,
    /** of the users registered over 30 days ago, those who signed in during the last 30 days */
    user_retention_rate: percent(p.retained, p.established),
    /** name and e-mail filled in */
    users_with_completed_profiles: p.completedProfiles,
    users_with_energy_switches: Number(switchers?.n ?? 0),
    /** the consumer type (casnic, prosumator) most switching users chose */
    most_active_user_type: typeRow?.type ?? null,
    /** users who signed in or refreshed a session in the last 24 hours */
    recent_activity_count: Number(recent?.n ?? 0),
  };
}

async function findUser(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

function documentRowView(row: typeof documents.$inferSelect) {
  return {
    id: row.id,
    type: row.documentType,
    subtype: row.documentSubtype,
    filename: row.fileName,
    status: row.status,
    uploaded_at: iso(row.uploadedAt)!,
    file_size: row.fileSize,
    confidence_score: row.confidence,
  };
}

async function documentsOf(db: Database, userId: string) {
  const rows = await db.select().from(documents).where(eq(documents.userId, userId)).orderBy(desc(documents.uploadedAt), desc(documents.id));
  return rows.map(documentRowView);
}

async function energySwitchesOf(db: Database, userId: string) {
  const rows = await db
    .select({ request: switchRequests, supplierName: suppliers.name })
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .where(eq(switchRequests.userId, userId))
    .orderBy(desc(switchRequests.createdAt), desc(switchRequests.id));
  return rows.map(({ request: r, supplierName }) => ({
    id: r.id,
    from_supplier: r.currentSupplierName,
    to_supplier: supplierName,
    /** the date the supplier confirmed, else the one the user asked for */
    switch_date: r.supplierSwitchDate ?? r.desiredSwitchDate,
    status: r.status,
    savings_amount: r.estimatedMonthlySavingsBani === null ? null : baniToLei(r.estimatedMonthlySavingsBani),
    offer_name: r.offerName,
    created_at: iso(r.createdAt)!,
  }));
}

export interface AdminUserDocuments {
  documents: ReturnType<typeof documentRowView>[];
  auth_logs: AuthLogEntry[];
}

/** GET /users/{id}/documents: the documents and the 10 latest auth logs (spec §2 tab Documente, §9). */
export async function userDocumentsForAdmin(db: Database, id: string): Promise<AdminUserDocuments | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  const [docs, logs] = await Promise.all([documentsOf(db, id), recentAuthLogs(db, user, 10)]);
  return { documents: docs, auth_logs: logs };
}

/** GET /users/{id}: spec §3 "User detail". */
export async function userDetailForAdmin(db: Database, id: string) {
  const user = await findUser(db, id);
  if (!user) return null;
  const [progress, docs, logs, switches] = await Promise.all([progressOf(db, [id]), documentsOf(db, id), recentAuthLogs(db, user, 10), energySwitchesOf(db, id)]);
  return { ...userView(user, progress.get(id)!), documents: docs, auth_logs: logs, energy_switches: switches };
}

export interface TimelineItem {
  id: string;
  /** a machine key (auth.login, document.uploaded, ...); the page labels it */
  action: string;
  timestamp: string;
  details: Record<string, string | number | boolean | null>;
  ip_address: string | null;
}

/** Rows read per source; the merged timeline keeps the newest TIMELINE_LIMIT. */
const PER_SOURCE = 50;
export const TIMELINE_LIMIT = 100;

/** GET /users/{id}/activity: one timeline from auth logs, documents, switch requests, meter readings and admin actions. */
export async function userActivityForAdmin(db: Database, id: string): Promise<TimelineItem[] | null> {
  const user = await findUser(db, id);
  if (!user) return null;
  const [logs, docs, switches, readings, audits] = await Promise.all([
    db
      .select()
      .from(authLogs)
      .where(or(eq(authLogs.userId, id), eq(authLogs.phone, user.phone)))
      .orderBy(desc(authLogs.createdAt), desc(authLogs.id))
      .limit(PER_SOURCE),
    db.select().from(documents).where(eq(documents.userId, id)).orderBy(desc(documents.uploadedAt)).limit(PER_SOURCE),
    db
      .select({ request: switchRequests, supplierName: suppliers.name })
      .from(switchRequests)
      .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
      .where(eq(switchRequests.userId, id))
      .orderBy(desc(switchRequests.createdAt))
      .limit(PER_SOURCE),
    db.select().from(meterReadings).where(eq(meterReadings.userId, id)).orderBy(desc(meterReadings.createdAt)).limit(PER_SOURCE),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, id)))
      .orderBy(desc(auditLog.createdAt))
      .limit(PER_SOURCE),
  ]);

  const items: (TimelineItem & { at: number })[] = [];
  const add = (at: number, item: Omit<TimelineItem, "timestamp">) => items.push({ ...item, at, timestamp: iso(at)! });

  for (const log of logs) {
    add(log.createdAt, { id: `auth:${log.id}`, action: `auth.${log.action}`, details: { success: log.success, user_agent: log.userAgent }, ip_address: log.ipAddress });
  }
  for (const doc of docs) {
    const details = { document_type: doc.documentType, file_name: doc.fileName };
    add(doc.uploadedAt, { id: `document:${doc.id}:uploaded`, action: "document.uploaded", details, ip_address: null });
    const settledAt = doc.verifiedAt ?? doc.processedAt;
    if (settledAt !== null && (doc.status === "verified" || doc.status === "rejected" || doc.status === "failed")) {
      add(settledAt, { id: `document:${doc.id}:${doc.status}`, action: `document.${doc.status}`, details, ip_address: null });
    }
  }
  for (const { request, supplierName } of switches) {
    const details = { supplier: supplierName, offer_name: request.offerName, status: request.status };
    add(request.createdAt, { id: `switch:${request.id}:created`, action: "switch_request.created", details, ip_address: null });
    if (request.completedAt !== null) {
      add(request.completedAt, { id: `switch:${request.id}:completed`, action: "switch_request.completed", details, ip_address: null });
    }
  }
  for (const reading of readings) {
    add(reading.createdAt, {
      id: `meter:${reading.id}`,
      action: "meter_reading.submitted",
      details: { value: reading.value, reading_date: reading.readingDate },
      ip_address: null,
    });
  }
  for (const entry of audits) {
    const stored = entry.detailsJson ? (JSON.parse(entry.detailsJson) as { before?: { status?: string }; after?: { status?: string }; reason?: string | null }) : {};
    add(entry.createdAt, {
      id: `audit:${entry.id}`,
      action: `admin.${entry.action}`,
      details: { from: stored.before?.status ?? null, to: stored.after?.status ?? null, reason: stored.reason ?? null },
      ip_address: entry.ipAddress,
    });
  }
  items.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
  return items.slice(0, TIMELINE_LIMIT).map(({ at: _at, ...item }) => item);
}

export type UserStatusChangeResult =
  | { ok: true; status: UserStatus; previous: UserStatus; sessionsRevoked: number }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_allowed"; current: UserStatus };

/**
 * PUT /users/{id}/status (spec §4). A suspended or deactivated user is signed out everywhere at once:
 * refresh tokens revoked, page sessions dead on the next request, live sockets closed.
 */
export async function changeUserStatusAsAdmin(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  input: { id: string; status: UserStatus; reason: string | null; ip: string },
  now: number = Date.now(),
): Promise<UserStatusChangeResult> {
  const user = await findUser(db, input.id);
  if (!user) return { ok: false, reason: "not_found" };
  const from = user.status;
  if (!allowedStatusChange(from, input.status)) return { ok: false, reason: "not_allowed", current: from };
  // Only from the status read above: a concurrent change makes this one a refused no-op.
  const [row] = await db
    .update(users)
    .set({ status: input.status, updatedAt: now })
    .where(and(eq(users.id, input.id), eq(users.status, from)))
    .returning({ status: users.status });
  if (!row) {
    const current = (await findUser(db, input.id))?.status ?? from;
    return { ok: false, reason: "not_allowed", current };
  }
  const sessionsRevoked = input.status === "active" ? 0 : await revokeAllUserSessions({ env, db }, input.id, now);
  await writeAudit(db, {
    adminId: admin.id,
    action: "user.status",
    details: { before: { status: from }, after: { status: input.status }, reason: input.reason, sessions_revoked: sessionsRevoked },
    ip: input.ip,
    now,
    target: { type: "user", id: input.id },
  });
  await adminDashboardChanged(env);
  return { ok: true, status: input.status, previous: from, sessionsRevoked };
}
