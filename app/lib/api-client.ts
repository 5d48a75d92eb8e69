// The browser's JSON calls to our API (user spec §7 "Retry wrapper" and "Caching", §9):
// - retries: never on 401/403; on 429, 500, 502, 503, 504 and network failures up to 3 times, waiting
//   1 s, 2 s, 4 s plus random jitter;
// - cache of GET answers: 30 s by default, documents 15 s, notifications 20 s; a change (PUT, POST,
//   DELETE) drops the cached answers of its area; identical GETs in flight share one request for up
//   to 5 s; expired entries are swept every 5 minutes.
// Answers are the API's envelope: {success: true, ...} or {success: false, error, message}.
// `exchange` is the same call once, without retries or cache, for callers that act on the status
// themselves (the sign-in steps, the switch submit, an upload that must not be sent twice).

export const RETRY_STATUSES = [429, 500, 502, 503, 504] as const;
export const MAX_RETRIES = 3;
export const RETRY_BASE_MS = 1_000;
export const DEFAULT_CACHE_MS = 30_000;
export const IN_FLIGHT_SHARE_MS = 5_000;
export const CACHE_SWEEP_MS = 300_000;

/** How long a GET answer of this path stays fresh (user spec §9 "Caching"). */
export function cacheTtlMs(path: string): number {
  if (path.startsWith("/api/documents")) return 15_000;
  if (path.startsWith("/api/notifications")) return 20_000;
  return DEFAULT_CACHE_MS;
}

/** The area a path belongs to (/api/notifications/x/read → /api/notifications): a change drops its cache. */
export function cacheArea(path: string): string {
  return path.split("?")[0]!.split("/").slice(0, 3).join("/");
}

export function isRetryable(status: number): boolean {
  return (RETRY_STATUSES as readonly number[]).includes(status);
}

/** Wait before retry number `attempt` (0-based): 1 s doubling, plus up to 1 s of jitter. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return RETRY_BASE_MS * 2 ** attempt + Math.floor(random() * RETRY_BASE_MS);
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface CacheEntry {
  value: Record<string, unknown>;
  expiresAt: number;
}

interface InFlight {
  promise: Promise<Record<string, unknown>>;
  startedAt: number;
  waiting: number;
  /** every caller gave up: the request is aborted and no later caller joins it */
  abandon: () => void;
}

const abortError = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException("The operation was aborted.", "AbortError");

/**
 * One caller's wait on a shared request. A caller's abort rejects that caller only: the others (a
 * component mounted again, a second widget asking the same path) still get the answer, and the
 * request itself is aborted only when nobody waits for it any more (and then a caller coming later,
 * the same component mounted again, starts a request of its own).
 */
function waitFor(entry: InFlight, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  entry.waiting++;
  if (!signal) return entry.promise;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      entry.waiting--;
      if (entry.waiting === 0) entry.abandon();
      reject(abortError(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    entry.promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** sent as JSON, or as multipart when it is a FormData */
  body?: unknown;
  /** skip the cache and the shared in-flight request (e.g. after a live push said the data changed) */
  fresh?: boolean;
  signal?: AbortSignal;
}

async function readJson(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await res.json();
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The status and JSON body of one call; the body is null when it was not a JSON object. */
export interface ApiAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  body: Record<string, unknown> | null;
}

function requestInit(request: ApiRequest): RequestInit {
  const form = typeof FormData !== "undefined" && request.body instanceof FormData;
  return {
    method: request.method ?? "GET",
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(request.body === undefined || form ? {} : { "Content-Type": "application/json" }) },
    body: request.body === undefined ? undefined : form ? (request.body as FormData) : JSON.stringify(request.body),
    signal: request.signal,
  };
}

export function createApiClient(deps: ApiClientDeps) {
  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, InFlight>();
  let lastSweep = deps.now();

  function sweep(now: number) {
    if (now - lastSweep < CACHE_SWEEP_MS) return;
    lastSweep = now;
    for (const [key, entry] of cache) if (entry.expiresAt <= now) cache.delete(key);
  }

  function invalidate(area: string) {
    for (const key of cache.keys()) if (cacheArea(key) === area) cache.delete(key);
    for (const key of inFlight.keys()) if (cacheArea(key) === area) inFlight.delete(key);
  }

  async function send(path: string, request: ApiRequest): Promise<Record<string, unknown>> {
    const init = requestInit(request);
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await deps.fetch(path, init);
      } catch (error) {
        // A dropped connection is worth another try, an abort is not.
        if (error instanceof TypeError && attempt < MAX_RETRIES) {
          await deps.sleep(retryDelayMs(attempt, deps.random));
          continue;
        }
        throw error;
      }
      if (isRetryable(res.status) && attempt < MAX_RETRIES) {
        await deps.sleep(retryDelayMs(attempt, deps.random));
        continue;
      }
      const body = await readJson(res);
      if (!res.ok || !body || body.success === false) {
        const message = typeof body?.message === "string" ? body.message : `HTTP ${res.status}: ${res.statusText}`;
        throw new ApiError(message, res.status, typeof body?.error === "string" ? body.error : null, body);
      }
      return body;
    }
  }

  return {
    async request<T extends Record<string, unknown>>(path: string, request: ApiRequest = {}): Promise<T> {
      const now = deps.now();
      sweep(now);
      const method = request.method ?? "GET";
      if (method !== "GET") {
        try {
          return (await send(path, request)) as T;
        } finally {
          invalidate(cacheArea(path));
        }
      }
      if (!request.fresh) {
        const cached = cache.get(path);
        if (cached && cached.expiresAt > now) return cached.value as T;
        const shared = inFlight.get(path);
        if (shared && now - shared.startedAt < IN_FLIGHT_SHARE_MS) return (await waitFor(shared, request.signal)) as T;
      }
      const controller = new AbortController();
      const promise = send(path, { ...request, signal: controller.signal });
      const entry: InFlight = {
        promise,
        startedAt: now,
        waiting: 0,
        abandon: () => {
          if (inFlight.get(path) === entry) inFlight.delete(path);
          controller.abort();
        },
      };
      inFlight.set(path, entry);
      promise
        .then((value) => cache.set(path, { value, expiresAt: deps.now() + cacheTtlMs(path) }))
        .catch(() => undefined)
        .finally(() => {
          if (inFlight.get(path) === entry) inFlight.delete(path);
        });
      return (await waitFor(entry, request.signal)) as T;
    },
    /** One call, no retry, no cache; a change still drops its area's cached answers. Network errors throw. */
    async exchange(path: string, request: Omit<ApiRequest, "fresh"> = {}): Promise<ApiAnswer> {
      try {
        const res = await deps.fetch(path, requestInit(request));
        return { ok: res.ok, status: res.status, statusText: res.statusText, body: await readJson(res) };
      } finally {
        if ((request.method ?? "GET") !== "GET") invalidate(cacheArea(path));
      }
    },
    invalidate,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let browserClient: ApiClient | null = null;

/** The page's one client (one cache for every component). */
export function apiClient(): ApiClient {
  browserClient ??= createApiClient({
    fetch: (input, init) => fetch(input, init),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    random: Math.random,
  });
  return browserClient;
}
