import { describe, expect, it } from "vitest";
import {
  adminNotificationPermission,
  isOwnUserStream,
  mayAdminSubscribe,
  userStreamsToDeliver,
  userTopicsForEvent,
  visibleAdminNotificationTypes,
} from "./streams.server";

const ME = "0192f0a0-0000-7000-8000-000000000001";
const OTHER = "0192f0a0-0000-7000-8000-000000000002";

describe("user streams", () => {
  it("routes an event by its name's prefix, plus the notification streams when a row was written", () => {
    expect(userTopicsForEvent("document_verified", true)).toEqual(["documents", "notifications"]);
    expect(userTopicsForEvent("meter_reading_submitted", true)).toEqual(["documents", "notifications"]);
    expect(userTopicsForEvent("meter_reading_processed", false)).toEqual(["documents"]);
    // A switch event name nobody has listed yet still finds its stream.
    expect(userTopicsForEvent("switch_request_signature_required", true)).toEqual(["switch_requests", "notifications"]);
    expect(userTopicsForEvent("switch_request_progress", false)).toEqual(["switch_requests"]);
    // Anything else goes to the notification streams rather than nowhere.
    expect(userTopicsForEvent("notifications_read", false)).toEqual(["notifications"]);
    expect(userTopicsForEvent("account_updated", true)).toEqual(["notifications"]);
  });

  it("lets a user subscribe only to the four own streams", () => {
    for (const stream of ["notifications", `user_notifications_${ME}`, `document_processing_${ME}`, `switch_request_${ME}`]) {
      expect(isOwnUserStream(stream, ME)).toBe(true);
    }
    for (const stream of [`user_notifications_${OTHER}`, `document_processing_${OTHER}`, "dashboard_stats", "document_processing_", `switch_request_${ME}x`]) {
      expect(isOwnUserStream(stream, ME)).toBe(false);
    }
  });

  it("sends one frame per topic on the first stream of that topic a socket subscribed to", () => {
    const all = ["notifications", `user_notifications_${ME}`, `document_processing_${ME}`];
    expect(userStreamsToDeliver(["documents", "notifications"], all, ME)).toEqual([`document_processing_${ME}`, "notifications"]);
    expect(userStreamsToDeliver(["documents", "notifications"], [`user_notifications_${ME}`], ME)).toEqual([`user_notifications_${ME}`]);
    expect(userStreamsToDeliver(["switch_requests"], all, ME)).toEqual([]);
  });
});

describe("admin streams", () => {
  const docs = { role: "moderator", permissions: { document_verification: true } } as const;
  const users = { role: "admin", permissions: { user_management: true } } as const;
  const none = { role: "moderator", permissions: {} } as const;
  const superAdmin = { role: "super_admin", permissions: {} } as const;

  it("maps notification types to the permission that shows them", () => {
    expect(adminNotificationPermission("document_needs_review")).toBe("document_verification");
    expect(adminNotificationPermission("document_uploaded")).toBe("document_verification");
    expect(adminNotificationPermission("user_registered")).toBe("user_management");
    expect(adminNotificationPermission("switch_request_created")).toBe("user_management");
    expect(adminNotificationPermission("system_alert")).toBe("system_monitoring");
    expect(visibleAdminNotificationTypes(docs)).toEqual(["document_needs_review", "document_uploaded", "document_verified", "document_rejected"]);
    expect(visibleAdminNotificationTypes(none)).toEqual([]);
    expect(visibleAdminNotificationTypes(superAdmin)).toHaveLength(7);
  });

  it("allows streams by permission", () => {
    expect(mayAdminSubscribe(none, "notifications")).toBe(true);
    expect(mayAdminSubscribe(none, "dashboard_stats")).toBe(false);
    expect(mayAdminSubscribe(docs, "dashboard_stats")).toBe(true);
    expect(mayAdminSubscribe(users, "system_health")).toBe(false);
    expect(mayAdminSubscribe({ role: "admin", permissions: { system_monitoring: true } }, "system_health")).toBe(true);
    expect(mayAdminSubscribe(superAdmin, "system_health")).toBe(true);
    expect(mayAdminSubscribe(superAdmin, `document_processing_${ME}`)).toBe(false);
  });
});
