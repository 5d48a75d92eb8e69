// The client side of the offer-collection protocol (user spec §4, §7): GET /api/offers, and when a
// job was started, poll its checkUrl (20 tries: first after 5 s, then every 30 s by default).
import type { OfferView } from "./offers";
import type { OfferSearch } from "./schemas/offer-search";
import { TEXTS } from "../texts/user";

export interface PollTimings {
  attempts: number;
  firstDelayMs: number;
  intervalMs: number;
}

export const SPEC_POLL_TIMINGS: PollTimings = { attempts: 20, firstDelayMs: 5_000, intervalMs: 30_000 };

export interface OfferSearchResult {
  offers: OfferView[];
  county: { code: string; name: string } | null;
  /** True when the answer came from an earlier collection (the switch context's isFromCache). */
  cached: boolean;
}

export class OfferSearchError extends Error {
  constructor(
    readonly kind: "invalid" | "failed" | "timeout" | "network",
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "OfferSearchError";
  }
}

interface Deps {
  fetch: typeof fetch;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  /** Called once when the server says a collection job is running (the UI shows the searching state). */
  onCollecting?: () => void;
}

export const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

interface OffersBody {
  success?: boolean;
  data?: OfferView[];
  county?: { code: string; name: string };
  cached?: boolean;
  message?: string;
  collection?: { status: string; checkUrl?: string; jobId?: string; message?: string };
}

async function getJson(deps: Deps, url: string): Promise<{ status: number; body: OffersBody }> {
  let res: Response;
  try {
    res = await deps.fetch(url, { headers: { accept: "application/json" }, signal: deps.signal });
  } catch (error) {
    if (deps.signal?.aborted) throw error;
    throw new OfferSearchError("network", TEXTS.search.loadFailed);
  }
  try {
    return { status: res.status, body: (await res.json()) as OffersBody };
  } catch {
    throw new OfferSearchError("network", TEXTS.search.loadFailed, "Invalid JSON response from server");
  }
}

export async function searchOffersWithPolling(
  search: OfferSearch,
  timings: PollTimings,
  deps: Deps,
): Promise<OfferSearchResult> {
  const query = new URLSearchParams({ county: search.county, date: search.date, consumptionType: search.consumptionType });
  const { status, body } = await getJson(deps, `/api/offers?${query}`);
  if (status === 400) throw new OfferSearchError("invalid", body.message ?? TEXTS.api.invalidQuery);
  if (body.collection?.status === "failed") {
    throw new OfferSearchError("failed", TEXTS.search.collectionFailed, body.collection.message);
  }
  if (status >= 400 || !body.success) throw new OfferSearchError("network", body.message ?? TEXTS.search.loadFailed);
  if (body.collection?.status !== "started" || !body.collection.checkUrl) {
    return { offers: body.data ?? [], county: body.county ?? null, cached: body.cached ?? false };
  }

  deps.onCollecting?.();
  const checkUrl = body.collection.checkUrl;
  for (let attempt = 0; attempt < timings.attempts; attempt++) {
    await deps.sleep(attempt === 0 ? timings.firstDelayMs : timings.intervalMs, deps.signal);
    let poll: { status: number; body: OffersBody };
    try {
      poll = await getJson(deps, checkUrl);
    } catch (error) {
      // One lost poll is not the end of the search; the next attempt may get through.
      if (error instanceof OfferSearchError && error.kind === "network") continue;
      throw error;
    }
    const state = poll.body.collection?.status;
    if (state === "failed") throw new OfferSearchError("failed", TEXTS.search.collectionFailed, poll.body.collection?.message);
    if (poll.status === 404) throw new OfferSearchError("failed", TEXTS.search.collectionFailed, poll.body.message);
    if (state === "completed") {
      return { offers: poll.body.data ?? [], county: poll.body.county ?? null, cached: false };
    }
  }
  throw new OfferSearchError("timeout", TEXTS.search.collectionTimeout);
}
