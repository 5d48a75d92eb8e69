// Bench settings from the environment, validated once so a typo fails loudly instead of benchmarking nothing.

export const DEFAULTS = { seconds: 10, rounds: 5, warmupSeconds: 3, concurrency: 64, timeoutSeconds: 30 };

/**
 * BENCH_SECONDS (measured seconds per target), BENCH_ROUNDS (slices those seconds are cut into, so
 * targets measured together take turns and share any background noise), BENCH_WARMUP_SECONDS,
 * BENCH_CONCURRENCY (clients),
 * BENCH_TIMEOUT_SECONDS (per request), BENCH_ONLY (comma-separated section ids). The sign-in-load,
 * journeys and documents sections also read BENCH_DIRECT=1 and BENCH_FRESH_CONNECTIONS=1 (lib/direct.mjs).
 */
export function readConfig(env) {
  return {
    seconds: positive(env, "BENCH_SECONDS", DEFAULTS.seconds),
    rounds: positive(env, "BENCH_ROUNDS", DEFAULTS.rounds, { integer: true }),
    warmupSeconds: positive(env, "BENCH_WARMUP_SECONDS", DEFAULTS.warmupSeconds, { allowZero: true }),
    concurrency: positive(env, "BENCH_CONCURRENCY", DEFAULTS.concurrency, { integer: true }),
    timeoutSeconds: positive(env, "BENCH_TIMEOUT_SECONDS", DEFAULTS.timeoutSeconds),
    only: env.BENCH_ONLY
      ? env.BENCH_ONLY.split(",")
          .map((id) => id.trim())
          .filter(Boolean)
      : null,
  };
}

function positive(env, name, fallback, { integer = false, allowZero = false } = {}) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  const valid = Number.isFinite(value) && (allowZero ? value >= 0 : value > 0) && (!integer || Number.isInteger(value));
  if (!valid)
    throw new Error(`${name} must be a ${integer ? "whole " : ""}number ${allowZero ? ">=" : ">"} 0, got "${raw}"`);
  return value;
}
