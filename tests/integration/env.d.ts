import type { EnvBeyondWranglerToml } from "../../app/server/env.server";

declare global {
  namespace Cloudflare {
    interface Env extends EnvBeyondWranglerToml {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      /** tests/support/fake-sms-gateway.mjs */
      SMS_GATEWAY_FAKE: Fetcher;
    }
  }
}
