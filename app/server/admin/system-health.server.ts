// The system_health event of the admin live channel (admin spec §7: status, database, api, storage,
// timestamp): a timed D1 round trip and a timed R2 lookup. Overall status follows spec §4: healthy only
// if every part is good, otherwise degraded.
import type { Env } from "../env.server";

export interface SystemHealth {
  status: "healthy" | "degraded";
  database: { status: "connected" | "disconnected"; response_time: number };
  api: { status: "operational" };
  storage: { status: "available" | "unavailable"; response_time: number };
  timestamp: string;
}

async function timed(probe: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  try {
    await probe();
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    console.error("system health: probe failed", error instanceof Error ? error.message : String(error));
    return { ok: false, ms: Math.round(performance.now() - started) };
  }
}

export async function systemHealth(env: Pick<Env, "DB" | "DOCUMENTS">, now: number = Date.now()): Promise<SystemHealth> {
  const [database, storage] = await Promise.all([
    timed(() => env.DB.prepare("SELECT 1").first()),
    timed(() => env.DOCUMENTS.head("health-check")),
  ]);
  return {
    status: database.ok && storage.ok ? "healthy" : "degraded",
    database: { status: database.ok ? "connected" : "disconnected", response_time: database.ms },
    // This answer is produced by the API Worker itself.
    api: { status: "operational" },
    storage: { status: storage.ok ? "available" : "unavailable", response_time: storage.ms },
    timestamp: new Date(now).toISOString(),
  };
}
