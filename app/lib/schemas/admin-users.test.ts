import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../texts/admin";
import { adminUserListSchema, adminUserStatusSchema, allowedStatusChange, userStatusActions, USER_STATUSES } from "./admin-users";

describe("the actions menu rule (admin spec §4)", () => {
  it("offers Activează unless active, Suspendă only when active, Dezactivează unless inactive", () => {
    expect(userStatusActions("active")).toEqual(["suspended", "inactive"]);
    expect(userStatusActions("suspended")).toEqual(["active", "inactive"]);
    expect(userStatusActions("inactive")).toEqual(["active"]);
    for (const from of USER_STATUSES) expect(allowedStatusChange(from, from)).toBe(false);
  });
});

describe("adminUserListSchema", () => {
  it("defaults to page 1 of 50, newest first", () => {
    expect(adminUserListSchema.parse({})).toEqual({ page: 1, limit: 50, sortBy: "created_at", sortOrder: "desc" });
  });

  it("refuses a date range that ends before it starts", () => {
    const inverted = adminUserListSchema.safeParse({ date_from: "2026-01-02", date_to: "2026-01-01" });
    expect(inverted.success).toBe(false);
    expect(inverted.error?.issues[0]).toMatchObject({ path: ["date_to"], message: ADMIN_TEXTS.users.dateRangeInvalid });
    expect(adminUserListSchema.safeParse({ date_from: "2026-01-01", date_to: "2026-01-01" }).success).toBe(true);
  });
});

describe("adminUserStatusSchema", () => {
  it("takes one of the three statuses and an optional reason of at most 500 characters", () => {
    expect(adminUserStatusSchema.safeParse({ status: "suspended" }).success).toBe(true);
    expect(adminUserStatusSchema.safeParse({ status: "deleted" }).success).toBe(false);
    expect(adminUserStatusSchema.safeParse({ status: "inactive", reason: "x".repeat(501) }).success).toBe(false);
  });
});
