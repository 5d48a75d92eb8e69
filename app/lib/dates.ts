// Calendar days for the product are Romanian days: "today" is computed in Europe/Bucharest,
// whatever the server's or the browser's own zone is.
export const APP_TIME_ZONE = "Europe/Bucharest";

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: APP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day (YYYY-MM-DD) in Bucharest at the given instant. */
export function bucharestDay(instant: Date | number = Date.now()): string {
  return dayFormatter.format(typeof instant === "number" ? new Date(instant) : instant);
}

/** True when the text is a real calendar day in YYYY-MM-DD form (rejects 2026-02-30). */
export function isIsoDay(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Adds whole days to a YYYY-MM-DD day (pure calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

export function tomorrowInBucharest(now: Date | number = Date.now()): string {
  return addDays(bucharestDay(now), 1);
}

/** 'dd.mm.yyyy', the way Romanian documents and the results header print a day. */
export function formatRoDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}.${m}.${y}`;
}

export const RO_MONTHS = [
  "ianuarie",
  "februarie",
  "martie",
  "aprilie",
  "mai",
  "iunie",
  "iulie",
  "august",
  "septembrie",
  "octombrie",
  "noiembrie",
  "decembrie",
] as const;

/** Monday-first weekday initials, as a Romanian calendar shows them. */
export const RO_WEEKDAYS_SHORT = ["Lu", "Ma", "Mi", "Jo", "Vi", "Sâ", "Du"] as const;

/** '24 noiembrie 2026' */
export function formatRoDayLong(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return `${d} ${RO_MONTHS[m - 1]} ${y}`;
}

/**
 * The days to show for one month in a Monday-first grid: leading nulls for the days before the 1st.
 */
export function monthGrid(year: number, monthIndex: number): (string | null)[] {
  const first = new Date(Date.UTC(year, monthIndex, 1));
  const leading = (first.getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let d = 1; d <= daysInMonth; d++) {
    cells.push(new Date(Date.UTC(year, monthIndex, d)).toISOString().slice(0, 10));
  }
  return cells;
}

const wallClockFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: APP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** How far Bucharest's wall clock is ahead of UTC at an instant, in ms (2 or 3 hours). */
function bucharestOffsetMs(instant: number): number {
  const parts = Object.fromEntries(wallClockFormatter.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant (epoch ms) at which a Bucharest calendar day begins: its local midnight. */
export function bucharestDayStart(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Two passes: the offset at the guess may differ from the offset at the answer near a DST change.
  const guess = utcMidnight - bucharestOffsetMs(utcMidnight);
  return utcMidnight - bucharestOffsetMs(guess);
}

/** The Monday (YYYY-MM-DD) of the week a day falls in. */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
