import { describe, expect, it } from "vitest";
import { adminNotificationAge, bellBadge, bellTarget } from "./admin-bell";
import { notificationAge } from "./notification-age";
import { unreadBadge } from "./unread-badge";
import { LIVE_TEXTS } from "../texts/live";
import { ADMIN_TEXTS } from "../texts/admin";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("notificationAge (user spec §2)", () => {
  it("says 'Acum' under an hour (and for a time slightly in the future)", () => {
    expect(notificationAge(ago(0), NOW)).toBe(LIVE_TEXTS.notifications.now);
    expect(notificationAge(ago(59 * MIN + 59_999), NOW)).toBe("Acum");
    expect(notificationAge(NOW + 5_000, NOW)).toBe("Acum");
  });

  it("counts whole hours under a day, then whole days up to 7", () => {
    expect(notificationAge(ago(HOUR), NOW)).toBe("1h");
    expect(notificationAge(ago(23 * HOUR + 59 * MIN), NOW)).toBe("23h");
    expect(notificationAge(ago(DAY), NOW)).toBe("1z");
    expect(notificationAge(ago(7 * DAY + 23 * HOUR), NOW)).toBe("7z");
  });

  it("shows the Bucharest day from the 8th day on", () => {
    expect(notificationAge(ago(8 * DAY), NOW)).toBe("16.11.2026");
    // 22:30 UTC on 31 Oct is already 1 Nov in Bucharest.
    expect(notificationAge("2026-10-31T22:30:00Z", NOW)).toBe("01.11.2026");
  });
});

describe("adminNotificationAge (admin spec §2)", () => {
  it("says 'Acum' under a minute, then minutes, hours, then the day", () => {
    expect(adminNotificationAge(ago(59_999), NOW)).toBe(ADMIN_TEXTS.bell.now);
    expect(adminNotificationAge(ago(MIN), NOW)).toBe("1 min");
    expect(adminNotificationAge(ago(59 * MIN), NOW)).toBe("59 min");
    expect(adminNotificationAge(ago(60 * MIN), NOW)).toBe("1 h");
    expect(adminNotificationAge(ago(23 * HOUR + 59 * MIN), NOW)).toBe("23 h");
    expect(adminNotificationAge(ago(DAY), NOW)).toBe("23.11.2026");
  });
});

describe("badges", () => {
  it("the mobile bar shows 1–9, then '9+', and nothing at 0", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe("1");
    expect(unreadBadge(9)).toBe("9");
    expect(unreadBadge(10)).toBe("9+");
  });

  it("an admin bell entry leads to its document, else its user, else its switch request", () => {
    expect(bellTarget({ document_id: "d", user_id: "u", switch_request_id: "s" })).toBe("/admin/documents");
    expect(bellTarget({ user_id: "u", switch_request_id: "s" })).toBe("/admin/users");
    expect(bellTarget({ switch_request_id: "s" })).toBe("/admin/switch-requests");
    expect(bellTarget({})).toBeNull();
  });

  it("the admin bell shows up to 99, then '99+', and nothing at 0", () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(99)).toBe("99");
    expect(bellBadge(100)).toBe("99+");
  });
});
