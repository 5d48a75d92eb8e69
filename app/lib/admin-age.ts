// How old an admin notification is, as the bell shows it (admin spec §2): 'Acum' under a minute,
// minutes under 60, hours under 24, otherwise the day in the ro-RO form (dd.mm.yyyy, Bucharest).
import { bucharestDay, formatRoDay } from "./dates";
import { ADMIN_TEXTS } from "./texts-admin";

const MINUTE_MS = 60_000;

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
