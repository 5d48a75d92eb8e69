// The back-office's live connection (admin spec §7), one per page: the shell's bell holds it for the
// notifications stream, the dashboard adds dashboard_stats. What an admin receives is decided by the
// server from its permissions; subscribing to a stream it may not have only earns an `error`.
import { useEffect } from "react";
import { ApiError, apiClient } from "~/lib/api-client";
import { LiveConnection, type LiveStatus } from "~/lib/live/connection";
import type { LiveEvent } from "~/lib/live/protocol";
import { LiveHub, useHubEvents, useHubHold, useHubStatus } from "~/components/live/live-hub";

let hub: LiveHub | null = null;

function adminHub(): LiveHub | null {
  if (typeof window === "undefined") return null;
  hub ??= new LiveHub(
    new LiveConnection({
      url: () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/admin/ws`,
      fetchToken: async () => {
        try {
          const body = await apiClient().request<{ token: string }>("/api/admin/live-token", { method: "POST" });
          return { token: body.token };
        } catch (error) {
          // The admin session is over: the next page load goes to /admin/login.
          if (error instanceof ApiError && error.status === 401) return { signedOut: true };
          throw error;
        }
      },
    }),
  );
  return hub;
}

/** Holds the admin connection with these streams while mounted; returns its status. */
export function useAdminLive(streams: readonly string[]): LiveStatus {
  const h = adminHub();
  const key = streams.join(",");
  useEffect(() => {
    if (h && key) h.connection.subscribe(key.split(","));
  }, [h, key]);
  useHubHold(h);
  return useHubStatus(h);
}

export function useAdminLiveEvents(match: (stream: string, event: LiveEvent) => boolean, onEvents: (events: LiveEvent[]) => void, debounceMs?: number): void {
  useHubEvents(adminHub(), match, onEvents, debounceMs);
}
