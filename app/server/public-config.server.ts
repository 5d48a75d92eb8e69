// Builds the browser's PublicConfig from the Worker's vars; bad values fall back to the spec's defaults.
import { z } from "zod";
import { SPEC_POLL_TIMINGS } from "../lib/offer-collection";
import type { PublicConfig } from "../lib/public-config";
import type { Env } from "./env.server";

const ms = (fallback: number) => z.coerce.number().int().min(10).max(600_000).catch(fallback);

export function publicConfigFromEnv(env: Env): PublicConfig {
  const geocode = z.url().safeParse(env.GEOCODE_URL);
  return {
    offerPolling: {
      attempts: SPEC_POLL_TIMINGS.attempts,
      firstDelayMs: ms(SPEC_POLL_TIMINGS.firstDelayMs).parse(env.OFFER_POLL_FIRST_MS),
      intervalMs: ms(SPEC_POLL_TIMINGS.intervalMs).parse(env.OFFER_POLL_INTERVAL_MS),
    },
    geocodeUrl: geocode.success ? geocode.data : null,
  };
}
