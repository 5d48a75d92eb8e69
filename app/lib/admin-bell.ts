// The rules of the admin header's notifications bell (admin spec §2): the age of an entry, the badge
// and where a click leads.
import { bucharestDay, formatRoDay } from "./dates";
import type { AdminNotificationView } from "./live/protocol";
import { ADMIN_TEXTS } from "../texts/admin";

const MINUTE_MS = 60_000;

/** 'Acum' under a minute, minutes under 60, hours under 24, otherwise the day (dd.mm.yyyy, Bucharest). */
export function adminNotificationAge(timestamp: string | number, now: number): string {
  const at = typeof timestamp === "number" ? timestamp : Date.parse(timestamp);
  const t = ADMIN_TEXTS.bell;
  const minutes = Math.floor(Math.max(0, now - at) / MINUTE_MS);
  if (minutes < 1) return t.now;
  if (minutes < 60) return t.minutes(minutes);
  if (minutes < 24 * 60) return t.hours(Math.floor(minutes / 60));
  return formatRoDay(bucharestDay(at));
}

/** The bell's badge: the count, '99+' above 99, nothing at 0. */
export function bellBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

/** Where an entry leads: by document_id, else user_id, else switch_request_id; nowhere otherwise. */
export function bellTarget(metadata: AdminNotificationView["metadata"]): string | null {
  if (metadata.document_id) return "/admin/documents";
  if (metadata.user_id) return "/admin/users";
  if (metadata.switch_request_id) return "/admin/switch-requests";
  return null;
}
