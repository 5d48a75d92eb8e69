// The browser's side of a live channel (user spec §4 "Live connection", §7, §9), one class for the user
// and the admin channel:
//   start → wait 500 ms → get a token → open the socket → on `connected` send `authenticate` → on
//   `authenticated` send what was queued (the subscriptions first), then a heartbeat every 30 s.
//   A close other than 1000 reconnects up to 5 times, waiting 1 s doubling to at most 30 s; after
//   that (or when no token can be had) it falls back to polling every 5 minutes. Close 1000 stays closed.
//   No token because the session is gone (the token call answered 401) stops everything.
// Status: disconnected → connecting → connected, or error once it has fallen back to polling.
import {
  HEARTBEAT_FRAME,
  LIVE_BACKOFF_BASE_MS,
  LIVE_BACKOFF_MAX_MS,
  LIVE_FALLBACK_POLL_MS,
  LIVE_HEARTBEAT_MS,
  LIVE_MAX_RECONNECTS,
  LIVE_START_DELAY_MS,
  type ClientMessage,
  type ServerMessage,
} from "./protocol";

export type LiveStatus = "disconnected" | "connecting" | "connected" | "error";

/** Wait before reconnect number `attempt` (0-based): 1 s, 2 s, 4 s, … capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(LIVE_BACKOFF_BASE_MS * 2 ** attempt, LIVE_BACKOFF_MAX_MS);
}

/** What the token call can answer: a token, "signed out" (stop for good), or a failure (try again). */
export type TokenResult = { token: string } | { signedOut: true };

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveConnectionOptions {
  url: () => string;
  fetchToken: () => Promise<TokenResult>;
  /** called when polling replaces the socket: at once, then every 5 minutes */
  onPoll?: () => void;
  /** called when the session turned out to be gone */
  onSignedOut?: () => void;
  openSocket?: (url: string) => SocketLike;
  timers?: Pick<typeof globalThis, "setTimeout" | "clearTimeout" | "setInterval" | "clearInterval">;
}

const OPEN = 1;

export class LiveConnection {
  private status: LiveStatus = "disconnected";
  private socket: SocketLike | null = null;
  private token: string | null = null;
  private authenticated = false;
  private running = false;
  private reconnects = 0;
  private streams: string[] = [];
  private queue: string[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private polling: ReturnType<typeof setInterval> | null = null;
  private readonly messageListeners = new Set<(message: ServerMessage) => void>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly timers: NonNullable<LiveConnectionOptions["timers"]>;

  constructor(private readonly options: LiveConnectionOptions) {
    this.timers = options.timers ?? globalThis;
  }

  getStatus(): LiveStatus {
    return this.status;
  }

  onMessage(listener: (message: ServerMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.reconnects = 0;
    this.setStatus("connecting");
    this.later(() => void this.connect(), LIVE_START_DELAY_MS);
  }

  /** Closes with 1000 and stops every timer; start() begins again. */
  stop(): void {
    this.running = false;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.authenticated = false;
    if (socket && socket.readyState <= OPEN) socket.close(1000, "stop");
    this.setStatus("disconnected");
  }

  /** Adds streams; they are subscribed on every (re)connection, right after authentication. */
  subscribe(streams: string[]): void {
    const added = streams.filter((s) => !this.streams.includes(s));
    if (added.length === 0) return;
    this.streams.push(...added);
    if (this.authenticated && this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ type: "subscribe", streams: added }));
  }

  /** Sends now if authenticated, otherwise after the next authentication. */
  send(message: ClientMessage): void {
    const frame = JSON.stringify(message);
    if (this.authenticated && this.socket?.readyState === OPEN) this.socket.send(frame);
    else this.queue.push(frame);
  }

  private setStatus(status: LiveStatus) {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private later(run: () => void, ms: number) {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      run();
    }, ms);
  }

  private clearTimers() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    if (this.heartbeat !== null) this.timers.clearInterval(this.heartbeat);
    if (this.polling !== null) this.timers.clearInterval(this.polling);
    this.timer = this.heartbeat = this.polling = null;
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    this.setStatus("connecting");
    let result: TokenResult;
    try {
      result = await this.options.fetchToken();
    } catch (error) {
      console.warn("live: no token", error instanceof Error ? error.message : String(error));
      return this.retryOrFallBack();
    }
    if (!this.running) return;
    if ("signedOut" in result) {
      this.stop();
      this.options.onSignedOut?.();
      return;
    }
    this.token = result.token;
    const socket = (this.options.openSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike))(this.options.url());
    this.socket = socket;
    socket.onmessage = (event) => this.receive(socket, event.data);
    socket.onclose = (event) => this.closed(socket, event.code);
    socket.onerror = () => {
      // A close event follows every error: the reconnect decision is made there.
    };
  }

  private receive(socket: SocketLike, data: unknown) {
    if (socket !== this.socket || typeof data !== "string") return;
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch (error) {
      if (error instanceof SyntaxError) return;
      throw error;
    }
    if (message.type === "connected" && this.token) {
      socket.send(JSON.stringify({ type: "authenticate", token: this.token } satisfies ClientMessage));
    } else if (message.type === "authenticated") {
      this.authenticated = true;
      this.reconnects = 0;
      if (this.polling !== null) this.timers.clearInterval(this.polling);
      this.polling = null;
      if (this.streams.length > 0) socket.send(JSON.stringify({ type: "subscribe", streams: this.streams } satisfies ClientMessage));
      for (const frame of this.queue.splice(0)) socket.send(frame);
      if (this.heartbeat !== null) this.timers.clearInterval(this.heartbeat);
      this.heartbeat = this.timers.setInterval(() => {
        if (socket.readyState === OPEN) socket.send(HEARTBEAT_FRAME);
      }, LIVE_HEARTBEAT_MS);
      this.setStatus("connected");
    }
    for (const listener of this.messageListeners) listener(message);
  }

  private closed(socket: SocketLike, code: number) {
    if (socket !== this.socket) return;
    this.socket = null;
    this.authenticated = false;
    if (this.heartbeat !== null) this.timers.clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (!this.running) return;
    if (code === 1000) {
      this.running = false;
      this.setStatus("disconnected");
      return;
    }
    this.retryOrFallBack();
  }

  private retryOrFallBack() {
    if (!this.running) return;
    if (this.reconnects < LIVE_MAX_RECONNECTS) {
      const delay = reconnectDelayMs(this.reconnects);
      this.reconnects++;
      this.setStatus("connecting");
      this.later(() => void this.connect(), delay);
      return;
    }
    this.setStatus("error");
    if (this.polling !== null) return;
    this.options.onPoll?.();
    this.polling = this.timers.setInterval(() => this.options.onPoll?.(), LIVE_FALLBACK_POLL_MS);
  }
}
