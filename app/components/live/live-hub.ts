// One live connection shared by every component of a page (user and admin side alike): components
// hold it while mounted, read its status and receive its events through hooks. A navigation unmounts
// and mounts components in one go, so the connection stops only when nobody has held it for a second.
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { LiveConnection, LiveStatus } from "~/lib/live/connection";
import { LIVE_REFRESH_DEBOUNCE_MS, type LiveEvent, type ServerMessage } from "~/lib/live/protocol";

const RELEASE_GRACE_MS = 1_000;

export class LiveHub {
  private holders = 0;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly statusListeners = new Set<() => void>();
  private readonly messageListeners = new Set<(message: ServerMessage) => void>();

  constructor(readonly connection: LiveConnection) {
    connection.onStatus(() => {
      for (const listener of this.statusListeners) listener();
    });
    connection.onMessage((message) => {
      for (const listener of this.messageListeners) listener(message);
    });
  }

  /** Keeps the connection running until the returned release is called. */
  hold(): () => void {
    this.holders++;
    if (this.stopTimer !== null) clearTimeout(this.stopTimer);
    this.stopTimer = null;
    this.connection.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders--;
      if (this.holders > 0) return;
      this.stopTimer = setTimeout(() => {
        if (this.holders === 0) this.connection.stop();
      }, RELEASE_GRACE_MS);
    };
  }

  /** Stops at once (the user changed or signed out). */
  close(): void {
    if (this.stopTimer !== null) clearTimeout(this.stopTimer);
    this.connection.stop();
  }

  onMessage(listener: (message: ServerMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  getStatus = (): LiveStatus => this.connection.getStatus();
}

const noStatus = () => () => {};

/** Holds the hub's connection while the component is mounted (no hub: nothing to hold). */
export function useHubHold(hub: LiveHub | null): void {
  useEffect(() => (hub ? hub.hold() : undefined), [hub]);
}

/** The connection status; "connecting" until the page has one (and on the server). */
export function useHubStatus(hub: LiveHub | null): LiveStatus {
  return useSyncExternalStore(
    hub?.subscribeStatus ?? noStatus,
    () => hub?.getStatus() ?? "connecting",
    () => "connecting",
  );
}

/**
 * Calls `onEvents` with the pushed events whose stream `match` accepts, coalesced: the events of a
 * burst within `debounceMs` (1 s by default, user spec §9) make one call; 0 calls at once.
 */
export function useHubEvents(
  hub: LiveHub | null,
  match: (stream: string, event: LiveEvent) => boolean,
  onEvents: (events: LiveEvent[]) => void,
  debounceMs: number = LIVE_REFRESH_DEBOUNCE_MS,
): void {
  const latest = useRef({ match, onEvents });
  latest.current = { match, onEvents };
  useEffect(() => {
    if (!hub) return;
    let pending: LiveEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const events = pending;
      pending = [];
      if (events.length > 0) latest.current.onEvents(events);
    };
    const off = hub.onMessage((message) => {
      if (message.type !== "notification" || !latest.current.match(message.stream, message.data)) return;
      pending.push(message.data);
      if (debounceMs <= 0) flush();
      else timer ??= setTimeout(flush, debounceMs);
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [hub, debounceMs]);
}
