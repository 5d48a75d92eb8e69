// The bench runs on plain Node, which cannot import app/lib/dates.ts; this mirrors its
// tomorrowInBucharest() and tests/unit/bench-stats.test.ts checks that the two agree.
const dayFormatter = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Bucharest",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Tomorrow's calendar day (YYYY-MM-DD) in Europe/Bucharest at the given instant. */
export function tomorrowInBucharest(now = Date.now()) {
  const [y, m, d] = dayFormatter.format(now).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
