// Switch requests as operators list and act on them (admin spec §2 "Switch requests", §3 "Switch request
// (admin view)", §4, §7): filters and pages of 20, a status change with notes, a cancel. Every change
// writes the request's log, a user notification, the audit log, and tells the supplier's queue.
import { and, count, desc, eq, gte, inArray, like, lt, notInArray, or, sql } from "drizzle-orm";
import { ADMIN_TEXTS } from "../../texts/admin";
import { addDays, bucharestDayStart } from "../../lib/dates";
import { microToDecimal } from "../../lib/money";
import { shortId } from "../../lib/ids";
import { CLOSED_SWITCH_STATUSES, isClosedStatus, type SwitchStatus } from "../../lib/switching";
import type { Database } from "../db/client.server";
import { suppliers, switchRequests, users } from "../db/schema.server";
import type { Env } from "../env.server";
import { notifyUser } from "../notifications/notifications.server";
import { stopSwitchInQueue, supplierQueue } from "../switching/pipeline.server";
import { logInsert } from "../switching/requests.server";
import { writeAudit, type AdminPrincipal } from "./admin-auth.server";

export { ADMIN_SWITCH_PAGE_SIZE } from "../../lib/admin-queues";

export interface AdminSwitchFilters {
  page: number;
  limit: number;
  status?: SwitchStatus;
  supplier_id?: string;
  user_id?: string;
  /** YYYY-MM-DD, Bucharest days, both inclusive */
  from_date?: string;
  to_date?: string;
  /** name or phone */
  search?: string;
}

const T = ADMIN_TEXTS.switchQueues;

function conditions(filters: AdminSwitchFilters) {
  const parts = [];
  if (filters.status) {
    parts.push(filters.status === "cancelled" || filters.status === "canceled" ? inArray(switchRequests.status, ["cancelled", "canceled"]) : eq(switchRequests.status, filters.status));
  }
  if (filters.supplier_id) parts.push(eq(switchRequests.targetSupplierId, filters.supplier_id));
  if (filters.user_id) parts.push(eq(switchRequests.userId, filters.user_id));
  if (filters.from_date) parts.push(gte(switchRequests.createdAt, bucharestDayStart(filters.from_date)));
  if (filters.to_date) parts.push(lt(switchRequests.createdAt, bucharestDayStart(addDays(filters.to_date, 1))));
  if (filters.search) {
    const term = `%${filters.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const digits = filters.search.replace(/\D/g, "");
    parts.push(
      or(
        sql`${users.firstName} || ' ' || ${users.lastName} LIKE ${term} ESCAPE '\\'`,
        sql`${users.lastName} || ' ' || ${users.firstName} LIKE ${term} ESCAPE '\\'`,
        digits.length >= 3 ? like(users.phone, `%${digits.replace(/^0/, "")}%`) : undefined,
      ),
    );
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listSwitchRequestsForAdmin(db: Database, filters: AdminSwitchFilters) {
  const where = conditions(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: switchRequests, supplierName: suppliers.name, user: { first: users.firstName, last: users.lastName, phone: users.phone } })
      .from(switchRequests)
      .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
      .innerJoin(users, eq(users.id, switchRequests.userId))
      .where(where)
      .orderBy(desc(switchRequests.createdAt), desc(switchRequests.id))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    db
      .select({ n: count() })
      .from(switchRequests)
      .innerJoin(users, eq(users.id, switchRequests.userId))
      .where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    requests: rows.map(({ request: r, supplierName, user }) => ({
      id: r.id,
      short_id: shortId(r.id),
      status: r.status,
      current_step: r.currentStep,
      progress_percentage: r.progressPercentage,
      switch_type: r.switchType,
      offer_name: r.offerName,
      offer_price_per_kwh: microToDecimal(r.offerPriceMicroLei, 4),
      created_at: new Date(r.createdAt).toISOString(),
      updated_at: new Date(r.updatedAt ?? r.createdAt).toISOString(),
      desired_switch_date: r.desiredSwitchDate,
      failure_reason: r.failureReason,
      suppliers: { name: supplierName },
      user_profiles: { first_name: user.first, last_name: user.last, phone_number: user.phone },
    })),
    pagination: { page: filters.page, limit: filters.limit, total: totalCount, pages: Math.max(1, Math.ceil(totalCount / filters.limit)) },
  };
}

export type AdminChangeResult = { ok: true; status: string } | { ok: false; reason: "not_found" | "closed" };

async function findRequest(db: Database, id: string) {
  const [row] = await db
    .select({ request: switchRequests, supplierName: suppliers.name })
    .from(switchRequests)
    .innerJoin(suppliers, eq(suppliers.id, switchRequests.targetSupplierId))
    .where(eq(switchRequests.id, id))
    .limit(1);
  return row ?? null;
}

const RESUMABLE_FROM: readonly string[] = ["paused", "on_hold"];

export async function changeSwitchStatusAsAdmin(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  input: { id: string; status: SwitchStatus; adminNotes: string | null; ip: string },
  now = Date.now(),
): Promise<AdminChangeResult> {
  const found = await findRequest(db, input.id);
  if (!found) return { ok: false, reason: "not_found" };
  const from = found.request.status;
  if (isClosedStatus(from)) return { ok: false, reason: "closed" };
  const [row] = await db
    .update(switchRequests)
    .set({
      status: input.status,
      updatedAt: now,
      ...(input.status === "failed" ? { failureReason: input.adminNotes ?? T.statusLog(from, input.status, null) } : {}),
      ...(input.status === "cancelled" || input.status === "canceled" ? { cancelReason: input.adminNotes ?? T.cancelReason } : {}),
    })
    .where(and(eq(switchRequests.id, input.id), eq(switchRequests.status, from), notInArray(switchRequests.status, [...CLOSED_SWITCH_STATUSES])))
    .returning();
  if (!row) return { ok: false, reason: "closed" };
  await logInsert(db, row.id, row.currentStep, T.statusLog(from, input.status, input.adminNotes), "warning", now);
  await notifyUser({ env, db }, {
    userId: row.userId,
    event: "switch_request_updated",
    type: input.status === "failed" ? "error" : "info",
    category: "offers",
    title: T.userNotification.title,
    message: T.userNotification.message(found.supplierName, input.status),
    data: { switchRequestId: row.id, status: row.status },
    now,
  });
  await writeAudit(db, {
    adminId: admin.id,
    action: "switch_request.status",
    details: { from, to: input.status, notes: input.adminNotes },
    ip: input.ip,
    now,
    target: { type: "switch_request", id: row.id },
  });
  if (isClosedStatus(input.status) || input.status === "paused" || input.status === "on_hold") await stopSwitchInQueue(env, row);
  else if (RESUMABLE_FROM.includes(from)) await supplierQueue(env, row.targetSupplierId).resume(row.id);
  return { ok: true, status: row.status };
}

export async function cancelSwitchAsAdmin(
  env: Env,
  db: Database,
  admin: AdminPrincipal,
  input: { id: string; reason: string; ip: string },
  now = Date.now(),
): Promise<AdminChangeResult> {
  const found = await findRequest(db, input.id);
  if (!found) return { ok: false, reason: "not_found" };
  if (isClosedStatus(found.request.status)) return { ok: false, reason: "closed" };
  const [row] = await db
    .update(switchRequests)
    .set({ status: "cancelled", cancelReason: input.reason, updatedAt: now })
    .where(and(eq(switchRequests.id, input.id), notInArray(switchRequests.status, [...CLOSED_SWITCH_STATUSES])))
    .returning();
  if (!row) return { ok: false, reason: "closed" };
  await logInsert(db, row.id, row.currentStep, T.cancelledLog(input.reason), "warning", now);
  await notifyUser({ env, db }, {
    userId: row.userId,
    event: "switch_request_cancelled",
    type: "warning",
    category: "offers",
    title: T.userNotification.cancelledTitle,
    message: T.userNotification.cancelledMessage(found.supplierName, input.reason),
    data: { switchRequestId: row.id, status: "cancelled" },
    now,
  });
  await writeAudit(db, {
    adminId: admin.id,
    action: "switch_request.cancel",
    details: { reason: input.reason, from: found.request.status },
    ip: input.ip,
    now,
    target: { type: "switch_request", id: row.id },
  });
  await stopSwitchInQueue(env, row);
  return { ok: true, status: "cancelled" };
}
