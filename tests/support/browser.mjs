// Debian's Chromium driven by playwright-core (no browser download is possible here).
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export async function launchBrowser() {
  const userDataDir = mkdtempSync(join(tmpdir(), "cmic-chromium-"));
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    locale: "ro-RO",
    timezoneId: "Europe/Bucharest",
  });
}

export const SCREENSHOTS = "tests/e2e/screenshots";

/**
 * One browser per test file: registers node:test's before/after hooks and returns a getter, plus the
 * screenshot folder made ready.
 */
export function browserPerFile({ before, after }) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}
