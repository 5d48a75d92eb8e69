// Payloads of the admin user calls (admin spec §7 `/users*` rows), shared by the routes, the page and tests.
import * as z from "zod/mini";
import { ADMIN_TEXTS } from "../../texts/admin";

export const USER_STATUSES = ["active", "inactive", "suspended"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Spec §9: users are listed 50 a page. */
export const ADMIN_USERS_PAGE_SIZE = 50;

export const ADMIN_USER_SORT_FIELDS = ["created_at", "last_login", "phone"] as const;

/** A day as the list call takes it (yyyy-mm-dd). */
export const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const adminUserListSchema = z
  .object({
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), ADMIN_USERS_PAGE_SIZE),
    /** phone (any format: digits are compared), name or e-mail */
    search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    status: z.optional(z.enum(USER_STATUSES)),
    sortBy: z._default(z.enum(ADMIN_USER_SORT_FIELDS), "created_at"),
    sortOrder: z._default(z.enum(["asc", "desc"]), "desc"),
    /** Bucharest days, both inclusive, on the registration date */
    date_from: z.optional(isoDay),
    date_to: z.optional(isoDay),
  })
  .check(
    z.refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
      message: ADMIN_TEXTS.users.dateRangeInvalid,
      path: ["date_to"],
    }),
  );
export type AdminUserListQuery = z.infer<typeof adminUserListSchema>;

/** An empty q finds nobody (an empty list), like a search box that was not typed into. */
export const adminUserSearchSchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(100)), ""),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
});

export const adminUserIdSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));

export const adminUserStatusSchema = z.object({
  status: z.enum(USER_STATUSES),
  /** ours: kept in the audit log (the spec's menu sends only the status) */
  reason: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
});
export type AdminUserStatusInput = z.infer<typeof adminUserStatusSchema>;

/**
 * Which status changes the actions menu offers (spec §4): Activează unless already active, Suspendă
 * only when active, Dezactivează unless already inactive. The server applies the same rule.
 */
export function allowedStatusChange(from: UserStatus, to: UserStatus): boolean {
  if (to === "active") return from !== "active";
  if (to === "suspended") return from === "active";
  return from !== "inactive";
}

export function userStatusActions(from: UserStatus): UserStatus[] {
  return (["active", "suspended", "inactive"] as const).filter((to) => allowedStatusChange(from, to));
}
