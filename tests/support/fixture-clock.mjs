// The generated bill fixtures carry fixed dates (recent ones from 2026-11-01, the "too old" one from
// 2026-05-04). Servers started for tests get a bill age limit that keeps the recent ones recent and the
// old one old on any later day, so the suite does not start failing as the calendar moves on.
const OLDEST_RECENT_BILL = Date.parse("2026-11-01T00:00:00Z");
const DAY_MS = 86_400_000;

export function billMaxAgeDaysForFixtures(now = Date.now()) {
  const age = Math.ceil((now - OLDEST_RECENT_BILL) / DAY_MS);
  // The old fixture is 181 days older than the oldest recent one, far more than the 30-day margin.
  return String(Math.max(92, age + 30));
}
