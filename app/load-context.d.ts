import type { Env } from "./server/env.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** also sent as X-Request-Id; names the request in the server log */
    requestId: string;
  }
}
