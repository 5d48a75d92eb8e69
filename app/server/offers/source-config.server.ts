// Offer-collection configuration from the Worker's vars: which sources, their limits, cache and timings.
import { z } from "zod";
import type { Env } from "../env.server";

const SOURCE_NAMES = ["catalog", "comparator"] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

const intFromEnv = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).catch(fallback);

const collectionConfigSchema = z
  .object({
    OFFER_SOURCES: z
      .string()
      .default("catalog")
      .transform((list) => [...new Set(list.split(",").map((s) => s.trim()).filter(Boolean))])
      .pipe(z.array(z.enum(SOURCE_NAMES)).min(1)),
    OFFER_COMPARATOR_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
    OFFER_SOURCE_TIMEOUT_MS: intFromEnv(8_000, 50, 60_000),
    OFFER_SOURCE_RETRIES: intFromEnv(2, 0, 5),
    OFFER_JOB_TIMEOUT_MS: intFromEnv(60_000, 100, 600_000),
    OFFER_CACHE_TTL_SECONDS: intFromEnv(900, 0, 86_400),
    OFFER_INSTANT_WAIT_MS: intFromEnv(800, 0, 10_000),
  })
  .refine((c) => !c.OFFER_SOURCES.includes("comparator") || c.OFFER_COMPARATOR_URL, {
    message: "OFFER_COMPARATOR_URL is required when OFFER_SOURCES includes comparator",
  })
  .transform((c) => ({
    sources: c.OFFER_SOURCES,
    comparatorUrl: c.OFFER_COMPARATOR_URL ?? null,
    sourceTimeoutMs: c.OFFER_SOURCE_TIMEOUT_MS,
    sourceRetries: c.OFFER_SOURCE_RETRIES,
    jobTimeoutMs: c.OFFER_JOB_TIMEOUT_MS,
    cacheTtlMs: c.OFFER_CACHE_TTL_SECONDS * 1000,
    instantWaitMs: c.OFFER_INSTANT_WAIT_MS,
  }));

export type CollectionConfig = z.infer<typeof collectionConfigSchema>;

/** Throws on a misconfigured deployment (unknown source name, comparator without URL). */
export function collectionConfigFromEnv(env: Partial<Record<keyof Env, unknown>>): CollectionConfig {
  return collectionConfigSchema.parse({
    OFFER_SOURCES: env.OFFER_SOURCES,
    OFFER_COMPARATOR_URL: env.OFFER_COMPARATOR_URL,
    OFFER_SOURCE_TIMEOUT_MS: env.OFFER_SOURCE_TIMEOUT_MS,
    OFFER_SOURCE_RETRIES: env.OFFER_SOURCE_RETRIES,
    OFFER_JOB_TIMEOUT_MS: env.OFFER_JOB_TIMEOUT_MS,
    OFFER_CACHE_TTL_SECONDS: env.OFFER_CACHE_TTL_SECONDS,
    OFFER_INSTANT_WAIT_MS: env.OFFER_INSTANT_WAIT_MS,
  });
}
