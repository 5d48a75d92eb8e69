// The admins' live channel, one global instance (admin spec §7): streams dashboard_stats, system_health
// and notifications, each delivered only as far as the admin's permissions allow (live/streams.server.ts).
// dashboard_stats is recomputed once per burst of changes (STATS_COALESCE_MS after the first admin
// notification of the burst); system_health every HEALTH_INTERVAL_MS while someone listens. Both are
// also sent to a socket as soon as it subscribes, so a dashboard never starts empty.
import type { AdminNotificationView, LiveEvent } from "../../app/lib/live/protocol";
import { canAccess } from "../../app/lib/admin-access";
import { dashboardStats, dashboardStatsVisibleTo } from "../../app/server/admin/dashboard-stats.server";
import { adminOverview, overviewVisibleTo } from "../../app/server/admin/overview.server";
import { systemHealth, type SystemHealth } from "../../app/server/admin/system-health.server";
import { authenticateAdminSocket, liveAdminSessions, type AdminSocketPrincipal } from "../../app/server/live/live-auth.server";
import { adminNotificationPermission, mayAdminSubscribe, type AdminNotificationType } from "../../app/server/live/streams.server";
import { LiveChannel, send, type AuthenticatedSocket } from "./live-socket";

export const STATS_COALESCE_MS = 1_000;
/** admin spec §9: the system page refreshes every 30 s; the live stream keeps the same pace */
export const HEALTH_INTERVAL_MS = 30_000;

const FULL_ACCESS = { role: "super_admin", permissions: {} } as const;

export class AdminChannel extends LiveChannel<AdminSocketPrincipal> {
  protected authenticate(_channel: string, token: string, now: number) {
    return authenticateAdminSocket(this.app, token, now);
  }

  protected maySubscribe(principal: AdminSocketPrincipal, stream: string): boolean {
    return mayAdminSubscribe(principal, stream);
  }

  protected currentPrincipals(_channel: string, principals: AdminSocketPrincipal[], now: number) {
    return liveAdminSessions(this.app, principals.map((p) => p.sessionId), now);
  }

  /** Sends an admin notification to the admins who may see its type; returns the frames sent. */
  async publishNotification(notification: AdminNotificationView): Promise<number> {
    const permission = adminNotificationPermission(notification.type as AdminNotificationType);
    const data: LiveEvent = { event: notification.type, notification, details: notification.metadata, timestamp: notification.timestamp };
    const sent = this.deliver((state) =>
      state.streams.includes("notifications") && canAccess(state.principal, permission) ? [{ stream: "notifications", data }] : [],
    );
    // Every admin notification is a change the dashboard counts (a user, a document, a request).
    await this.dashboardChanged();
    return sent;
  }

  /** The dashboard's counts changed: recompute them soon, once for the whole burst, if anyone watches. */
  async dashboardChanged(): Promise<void> {
    if (!this.anySubscribed("dashboard_stats")) return;
    if ((await this.ctx.storage.get<number>("statsDueAt")) !== undefined) return;
    const at = Date.now() + STATS_COALESCE_MS;
    await this.ctx.storage.put("statsDueAt", at);
    await this.scheduleAlarm(at);
  }

  protected async onSubscribed(socket: WebSocket, state: AuthenticatedSocket<AdminSocketPrincipal>, added: string[]): Promise<void> {
    const now = Date.now();
    if (added.includes("dashboard_stats")) {
      const stats = await this.dashboardSnapshot(now);
      send(socket, { type: "notification", stream: "dashboard_stats", data: statsEvent(state.principal, stats, now) });
    }
    if (added.includes("system_health")) {
      send(socket, { type: "notification", stream: "system_health", data: healthEvent(await systemHealth(this.app, now)) });
      if ((await this.ctx.storage.get<number>("healthDueAt")) === undefined) {
        await this.ctx.storage.put("healthDueAt", now + HEALTH_INTERVAL_MS);
        await this.scheduleAlarm(now + HEALTH_INTERVAL_MS);
      }
    }
  }

  /** One computation for every admin; each socket then gets the blocks its admin may see. */
  private async dashboardSnapshot(now: number): Promise<DashboardSnapshot> {
    const [overview, stats] = await Promise.all([adminOverview(this.app, FULL_ACCESS, { now }), dashboardStats(this.app.db, now)]);
    return { overview, stats };
  }

  protected async onAlarm(now: number): Promise<number | null> {
    const [statsDueAt, healthDueAt] = await Promise.all([this.ctx.storage.get<number>("statsDueAt"), this.ctx.storage.get<number>("healthDueAt")]);
    let next: number | null = null;
    if (statsDueAt !== undefined && statsDueAt <= now) {
      await this.ctx.storage.delete("statsDueAt");
      if (this.anySubscribed("dashboard_stats")) {
        const stats = await this.dashboardSnapshot(now);
        this.deliver((state) => (state.streams.includes("dashboard_stats") ? [{ stream: "dashboard_stats", data: statsEvent(state.principal, stats, now) }] : []));
      }
    } else if (statsDueAt !== undefined) {
      next = statsDueAt;
    }
    if (healthDueAt !== undefined && healthDueAt <= now) {
      if (this.anySubscribed("system_health")) {
        const data = healthEvent(await systemHealth(this.app, now));
        this.deliver((state) => (state.streams.includes("system_health") ? [{ stream: "system_health", data }] : []));
        await this.ctx.storage.put("healthDueAt", now + HEALTH_INTERVAL_MS);
        next = Math.min(next ?? Infinity, now + HEALTH_INTERVAL_MS);
      } else {
        // Nobody listens any more: stop until the next subscription.
        await this.ctx.storage.delete("healthDueAt");
      }
    } else if (healthDueAt !== undefined) {
      next = Math.min(next ?? Infinity, healthDueAt);
    }
    return next;
  }
}

function healthEvent(health: SystemHealth): LiveEvent {
  return { event: "system_health", details: { ...health }, timestamp: health.timestamp };
}

interface DashboardSnapshot {
  overview: Awaited<ReturnType<typeof adminOverview>>;
  stats: Awaited<ReturnType<typeof dashboardStats>>;
}

/** The overview counts plus user_stats and document_stats (admin spec §7: dashboard_stats carries users and documents). */
function statsEvent(admin: AdminSocketPrincipal, snapshot: DashboardSnapshot, now: number): LiveEvent {
  const details = { ...overviewVisibleTo(admin, snapshot.overview), ...dashboardStatsVisibleTo(admin, snapshot.stats) };
  return { event: "dashboard_stats", details, timestamp: new Date(now).toISOString() };
}
