import { appConfig } from "../config.server";
import type { Env } from "../env.server";

const SECRETS = { SESSION_SECRET: "sessionSecret", OTP_HASH_KEY: "otpHashKey" } as const;
type SecretName = keyof typeof SECRETS;

/** A required secret; a missing or short one is a deployment mistake, never a reason to run unkeyed. */
export function requireSecret(env: Env, name: SecretName): string {
  const value = appConfig(env).secrets[SECRETS[name]];
  if (!value || value.length < 32) {
    throw new Error(`${name} must be set to at least 32 characters (wrangler secret put ${name}, or .dev.vars locally)`);
  }
  return value;
}
