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

const violations = new WeakMap();

export async function launchBrowser() {
  const userDataDir = mkdtempSync(join(tmpdir(), "cmic-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    locale: "ro-RO",
    timezoneId: "Europe/Bucharest",
  });
  // Whatever the Content-Security-Policy blocks is reported on the console: collected per browser.
  const seen = [];
  violations.set(context, seen);
  const watch = (page) =>
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) seen.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on("page", watch);
  return context;
}

/** Closes the browser; fails if any page of it hit the Content-Security-Policy. */
export async function closeBrowser(context) {
  if (!context) return;
  const seen = violations.get(context) ?? [];
  await context.close();
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join("\n")}`);
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
    await closeBrowser(browser);
  });
  return () => browser;
}
