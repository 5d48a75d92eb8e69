// Runs the Chromium journeys against a freshly seeded local Worker (node:test reports the results).
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { startFakeComparatorServer } from "../support/fake-comparator.mjs";
import { billMaxAgeDaysForFixtures } from "../support/fixture-clock.mjs";
import { startLocalServer } from "../support/local-server.mjs";
import { seedE2eAdmins } from "../support/e2e-admins.mjs";
import { startSupplierPortalServer } from "../../scripts/supplier-portal-simulator.mjs";

// Offers come from the D1 catalog and a (slow) comparator, so the searching state is really shown;
// polling is sped up and geolocation answers from the same local fake.
const fakes = await startFakeComparatorServer();
// The suppliers' portals: real HTTP with latency and a later confirmation, no random failures (the
// workerd tests cover those), so a journey's duration is predictable.
const portals = await startSupplierPortalServer({ port: 0, latencyMs: 40, jitterMs: 40, failureRate: 0, lostResponseRate: 0, confirmDelayMs: 1500 });
const server = await startLocalServer({
  // Back-office accounts besides the bootstrap super admin (a document moderator, issue #12).
  beforeStart: seedE2eAdmins,
  vars: {
    OFFER_SOURCES: "catalog,comparator",
    OFFER_COMPARATOR_URL: `${fakes.url}/e2e`,
    OFFER_POLL_FIRST_MS: "300",
    OFFER_POLL_INTERVAL_MS: "300",
    GEOCODE_URL: `${fakes.url}/geocode`,
    BILL_MAX_AGE_DAYS: billMaxAgeDaysForFixtures(),
    SUPPLIER_PORTAL_URL: `${portals.url}/{supplierId}`,
    SWITCH_CONFIRMATION_POLL_MS: "500",
    // A queue gives up on a failing portal within seconds, not minutes (the high-error alert journey).
    SWITCH_BACKOFF_BASE_MS: "250",
    SWITCH_BACKOFF_MAX_MS: "1000",
    // Every browser and script of the run signs in from 127.0.0.1: one address, many people.
    SMS_IP_CODES_PER_10_MIN: "500",
    SMS_IP_CODES_PER_HOUR: "1000",
    UPLOAD_IP_PER_10_MIN: "1000",
    ADMIN_LOGIN_IP_PER_15_MIN: "500",
  },
});
let status = 1;
try {
  // E2E_ONLY=name,name runs just those files (while working on them); CI runs them all.
  const only = process.env.E2E_ONLY?.split(",").filter(Boolean);
  const files = readdirSync("tests/e2e")
    .filter((f) => f.endsWith(".test.mjs") && (!only || only.some((name) => f.startsWith(name))))
    .map((f) => `tests/e2e/${f}`);
  // Asynchronous on purpose: the fakes are served from this process, so its event loop must keep running.
  const child = spawn(process.execPath, ["--test", "--test-concurrency=1", ...files], {
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_SUPPLIER_PORTAL_URL: portals.url, E2E_STATE_DIR: server.stateDir },
  });
  status = await new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
} finally {
  server.stop();
  fakes.stop();
  portals.server.close();
}
process.exit(status);
