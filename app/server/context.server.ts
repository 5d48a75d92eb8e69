// The one per-request context: the Worker's bindings, its validated configuration and the database
// handle. Built once per request in the Worker's fetch handler (handed to Remix as the load context),
// once per queue batch and cron run, and once per Durable Object instance.
import { appConfig, type AppConfig } from "./config.server";
import { createDb, type Database } from "./db/client.server";
import type { Env } from "./env.server";

export interface AppContext {
  env: Env;
  config: AppConfig;
  db: Database;
}

/** Throws ConfigError (naming the variable) when the configuration is invalid. */
export function createAppContext(env: Env): AppContext {
  return { env, config: appConfig(env), db: createDb(env.DB) };
}
