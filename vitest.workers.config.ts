// Integration tests run inside workerd with the real bindings of wrangler.toml (D1, R2, DOs, Queues).
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { fakeSmsGateway } from "./tests/support/fake-sms-gateway.mjs";
import { fakeComparator } from "./tests/support/fake-comparator.mjs";
import { createSupplierPortalSimulator } from "./scripts/supplier-portal-simulator.mjs";
import { billMaxAgeDaysForFixtures } from "./tests/support/fixture-clock.mjs";

// The suppliers' portals, fast and reliable by default; tests turn on failures through /__control.
const supplierPortal = createSupplierPortalSimulator({ latencyMs: 2, jitterMs: 3, failureRate: 0, lostResponseRate: 0, confirmDelayMs: 300 });

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // Outbound HTTP from the Worker never reaches the network in tests: it hits the local fakes.
        outboundService: (request: Request) =>
          new URL(request.url).hostname === "supplier-portal.test" ? supplierPortal.handle(request) : fakeComparator(request),
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          BILL_MAX_AGE_DAYS: billMaxAgeDaysForFixtures(),
          SESSION_SECRET: "test-session-secret-0123456789abcdef",
          OTP_HASH_KEY: "test-otp-hash-key-0123456789abcdef",
          PII_ENCRYPTION_KEY: "dGVzdC1waWktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
          ADMIN_EMAIL: "admin@test.ro",
          ADMIN_PASSWORD: "Test-Admin-Password-1",
          SUPPLIER_PORTAL_URL: "http://supplier-portal.test/{supplierId}",
          SUPPLIER_PORTAL_TOKEN: "local-supplier-portal-token",
          SWITCH_BACKOFF_BASE_MS: "20",
          SWITCH_BACKOFF_MAX_MS: "100",
          SWITCH_CONFIRMATION_POLL_MS: "100",
          SWITCH_MAX_RETRIES: "3",
        },
        serviceBindings: { SMS_GATEWAY_FAKE: fakeSmsGateway },
      },
    }),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    setupFiles: ["./tests/integration/setup.ts"],
    // A guard against a hung test, not a speed check (speed is benched): on the shared 2-core machines
    // a whole-journey test waits behind OCR and other files' isolates well past vitest's 5 s default.
    testTimeout: 30_000,
    // Worker logs go straight to workerd's output instead of through vitest's onUserConsoleLog RPC: a
    // line logged by the queue consumer (or a DO) from its own I/O context while a file makes its
    // last round trip could leave `vitest run` waiting forever (workers-sdk #15719 / #15498). The
    // cost is the "stdout | file > test" header above each line.
    disableConsoleIntercept: true,
    // Remix's CommonJS packages have require cycles that the module runner cannot load lazily:
    // pre-bundle them to ESM like the production build does.
    deps: {
      optimizer: {
        ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] },
      },
    },
  },
}));
