// Pure rules of the monitoring pages (admin spec §4 health status groups, §9 colour bands and formats),
// shared by the dashboard and the system page.

export type HealthTone = "good" | "warning" | "bad" | "neutral";

const GOOD = ["healthy", "connected", "operational", "available", "running"];
const WARNING = ["warning", "degraded", "limited"];
const BAD = ["critical", "disconnected", "down", "unavailable", "error"];

/** admin spec §4; "running" and "error" are the per-service states of §2 section 4. */
export function healthTone(status: string | null | undefined): HealthTone {
  if (!status) return "neutral";
  if (GOOD.includes(status)) return "good";
  if (WARNING.includes(status)) return "warning";
  if (BAD.includes(status)) return "bad";
  return "neutral";
}

export type TimeBand = "green" | "yellow" | "red";

/** admin spec §9: under 100 ms green, under 500 ms yellow, otherwise red. */
export function responseTimeBand(ms: number): TimeBand {
  if (ms < 100) return "green";
  if (ms < 500) return "yellow";
  return "red";
}

/** admin spec §9: the system page refreshes every 30 s. */
export const SYSTEM_REFRESH_MS = 30_000;
