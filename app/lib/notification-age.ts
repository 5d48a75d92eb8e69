// How old a user notification is, as the list shows it (user spec §2 "Notifications"): under an hour
// 'Acum', then whole hours 'h', then whole days 'z' up to 7, then the day (dd.mm.yyyy, Bucharest).
import { bucharestDay, formatRoDay } from "./dates";
import { LIVE_TEXTS } from "../texts/live";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function notificationAge(createdAt: string | number, now: number): string {
  const at = typeof createdAt === "number" ? createdAt : Date.parse(createdAt);
  const t = LIVE_TEXTS.notifications;
  // A clock slightly ahead of ours must not show "-1h".
  const elapsed = Math.max(0, now - at);
  if (elapsed < HOUR_MS) return t.now;
  if (elapsed < DAY_MS) return t.hours(Math.floor(elapsed / HOUR_MS));
  const days = Math.floor(elapsed / DAY_MS);
  if (days <= 7) return t.days(days);
  return formatRoDay(bucharestDay(at));
}
