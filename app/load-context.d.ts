import type { AppContext } from "./server/context.server";
import type { Env } from "./server/env.server";

declare module "@remix-run/cloudflare" {
  /** The request's AppContext (env, config, db), built once in workers/app.ts. */
  interface AppLoadContext extends AppContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** also sent as X-Request-Id; names the request in the server log */
    requestId: string;
  }
}
