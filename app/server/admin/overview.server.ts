// The interim /admin overview: counts read straight from D1, one block per permission (admin spec §6).
// A block the admin may not see is not queried at all. The full dashboard (spec §2) replaces this.
import type { AppContext } from "../context.server";
import { count, gte, sql } from "drizzle-orm";
import { canAccess, type AdminAccessSubject, type AdminPermission } from "../../lib/admin-access";
import { bucharestDay, bucharestDayStart, mondayOf } from "../../lib/dates";
import { type Database } from "../db/client.server";
import { documents, offerCollections, switchRequests, users } from "../db/schema.server";

export const DOCUMENT_STATUSES = ["pending", "processing", "verified", "rejected", "failed", "uploaded"] as const;
export const SWITCH_REQUEST_STATUSES = ["created", "processing", "awaiting_signature", "completed", "failed", "cancelled"] as const;
export const OFFER_COLLECTION_STATUSES = ["started", "running", "completed", "failed"] as const;

export interface StatusCount {
  status: string;
  count: number;
}

/** Counts per status: the known statuses in order (zeros included), then any other status found. */
export interface StatusBreakdown {
  total: number;
  byStatus: StatusCount[];
}

export interface UserCounts {
  total: number;
  active: number;
  suspended: number;
  newToday: number;
  newThisWeek: number;
  newThisMonth: number;
}

export interface AdminOverview {
  generatedAt: number;
  /** the Bucharest calendar day "today" refers to */
  day: string;
  /** null: the admin may not see this block */
  users: UserCounts | null;
  documents: StatusBreakdown | null;
  switchRequests: StatusBreakdown | null;
  offerCollectionsToday: StatusBreakdown | null;
}

function breakdown(rows: { status: string; count: number }[], known: readonly string[]): StatusBreakdown {
  const counts = new Map(rows.map((row) => [row.status, Number(row.count)]));
  const ordered = [...known, ...[...counts.keys()].filter((status) => !known.includes(status)).sort()];
  const byStatus = ordered.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  return { total: byStatus.reduce((sum, row) => sum + row.count, 0), byStatus };
}

export async function userCounts(db: Database, day: string): Promise<UserCounts> {
  const today = bucharestDayStart(day);
  const week = bucharestDayStart(mondayOf(day));
  const month = bucharestDayStart(`${day.slice(0, 8)}01`);
  const since = (start: number) => sql<number>`coalesce(sum(case when ${users.createdAt} >= ${start} then 1 else 0 end), 0)`;
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`coalesce(sum(case when ${users.status} = 'active' then 1 else 0 end), 0)`,
      suspended: sql<number>`coalesce(sum(case when ${users.status} = 'suspended' then 1 else 0 end), 0)`,
      newToday: since(today),
      newThisWeek: since(week),
      newThisMonth: since(month),
    })
    .from(users);
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    suspended: Number(row?.suspended ?? 0),
    newToday: Number(row?.newToday ?? 0),
    newThisWeek: Number(row?.newThisWeek ?? 0),
    newThisMonth: Number(row?.newThisMonth ?? 0),
  };
}

/** The permission that shows each block (admin spec §2, §6; switch requests sit under user_management). */
export const OVERVIEW_BLOCK_PERMISSIONS = {
  users: "user_management",
  documents: "document_verification",
  switchRequests: "user_management",
  offerCollectionsToday: "system_monitoring",
} as const satisfies Record<keyof Omit<AdminOverview, "generatedAt" | "day">, AdminPermission>;

/** The blocks of an overview this admin may see (the live channel computes one overview for all admins). */
export function overviewVisibleTo(admin: AdminAccessSubject, overview: AdminOverview): AdminOverview {
  const may = (block: keyof typeof OVERVIEW_BLOCK_PERMISSIONS) => canAccess(admin, OVERVIEW_BLOCK_PERMISSIONS[block]);
  return {
    ...overview,
    users: may("users") ? overview.users : null,
    documents: may("documents") ? overview.documents : null,
    switchRequests: may("switchRequests") ? overview.switchRequests : null,
    offerCollectionsToday: may("offerCollectionsToday") ? overview.offerCollectionsToday : null,
  };
}

/** What this admin may see of the platform right now. */
export async function adminOverview(ctx: AppContext, admin: AdminAccessSubject, options: { now?: number } = {}): Promise<AdminOverview> {
  const now = options.now ?? Date.now();
  const day = bucharestDay(now);
  const db = ctx.db;
  const may = (block: keyof typeof OVERVIEW_BLOCK_PERMISSIONS) => canAccess(admin, OVERVIEW_BLOCK_PERMISSIONS[block]);

  const [usersBlock, documentsBlock, switchBlock, collectionsBlock] = await Promise.all([
    may("users") ? userCounts(db, day) : null,
    may("documents")
      ? db
          .select({ status: documents.status, count: count() })
          .from(documents)
          .groupBy(documents.status)
          .then((rows) => breakdown(rows, DOCUMENT_STATUSES))
      : null,
    may("switchRequests")
      ? db
          .select({ status: switchRequests.status, count: count() })
          .from(switchRequests)
          .groupBy(switchRequests.status)
          .then((rows) => breakdown(rows, SWITCH_REQUEST_STATUSES))
      : null,
    may("offerCollectionsToday")
      ? db
          .select({ status: offerCollections.status, count: count() })
          .from(offerCollections)
          .where(gte(offerCollections.startedAt, bucharestDayStart(day)))
          .groupBy(offerCollections.status)
          .then((rows) => breakdown(rows, OFFER_COLLECTION_STATUSES))
      : null,
  ]);

  return {
    generatedAt: now,
    day,
    users: usersBlock,
    documents: documentsBlock,
    switchRequests: switchBlock,
    offerCollectionsToday: collectionsBlock,
  };
}
