// The switching pipeline's knobs, from the Worker's vars (wrangler.toml), parsed once with their limits.
import { z } from "zod";

const intFromEnv = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).catch(fallback);

const pipelineConfigSchema = z.object({
  SWITCH_MAX_RETRIES: intFromEnv(5, 0, 20),
  SWITCH_BACKOFF_BASE_MS: intFromEnv(5_000, 10, 600_000),
  SWITCH_BACKOFF_MAX_MS: intFromEnv(10 * 60_000, 100, 3_600_000),
  SWITCH_STEP_LEASE_MS: intFromEnv(2 * 60_000, 1_000, 15 * 60_000),
  SWITCH_CONFIRMATION_POLL_MS: intFromEnv(60_000, 10, 3_600_000),
  SWITCH_SIGNATURE_TTL_HOURS: intFromEnv(72, 1, 24 * 14),
  SWITCH_SIGNATURE_MAX_ATTEMPTS: intFromEnv(5, 1, 10),
});

export interface PipelineConfig {
  maxRetries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  stepLeaseMs: number;
  confirmationPollMs: number;
  signatureTtlMs: number;
  maxSignatureAttempts: number;
}

export function pipelineConfigFromEnv(env: Record<string, unknown>): PipelineConfig {
  const c = pipelineConfigSchema.parse({
    SWITCH_MAX_RETRIES: env.SWITCH_MAX_RETRIES,
    SWITCH_BACKOFF_BASE_MS: env.SWITCH_BACKOFF_BASE_MS,
    SWITCH_BACKOFF_MAX_MS: env.SWITCH_BACKOFF_MAX_MS,
    SWITCH_STEP_LEASE_MS: env.SWITCH_STEP_LEASE_MS,
    SWITCH_CONFIRMATION_POLL_MS: env.SWITCH_CONFIRMATION_POLL_MS,
    SWITCH_SIGNATURE_TTL_HOURS: env.SWITCH_SIGNATURE_TTL_HOURS,
    SWITCH_SIGNATURE_MAX_ATTEMPTS: env.SWITCH_SIGNATURE_MAX_ATTEMPTS,
  });
  return {
    maxRetries: c.SWITCH_MAX_RETRIES,
    backoffBaseMs: c.SWITCH_BACKOFF_BASE_MS,
    backoffMaxMs: c.SWITCH_BACKOFF_MAX_MS,
    stepLeaseMs: c.SWITCH_STEP_LEASE_MS,
    confirmationPollMs: c.SWITCH_CONFIRMATION_POLL_MS,
    signatureTtlMs: c.SWITCH_SIGNATURE_TTL_HOURS * 3_600_000,
    maxSignatureAttempts: c.SWITCH_SIGNATURE_MAX_ATTEMPTS,
  };
}
