// Lighthouse (npm `lighthouse`, mobile emulation and throttling by default) on the home page with
// Debian's Chromium: performance and accessibility scores plus the core timings.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS } from "../../tests/support/browser.mjs";

const TARGET = 95;
const RUNS = 3;

async function run({ baseUrl, log }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_ARGS,
  });
  const runs = [];
  try {
    // A first visit warms the Worker (bundle load, D1 file open) so the scores describe the page.
    await fetch(`${baseUrl}/`);
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${baseUrl}/`, {
        port: chrome.port,
        output: "json",
        onlyCategories: ["performance", "accessibility"],
        logLevel: "error",
      });
      const { categories, audits } = result.lhr;
      runs.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        fcp: audits["first-contentful-paint"].numericValue,
        lcp: audits["largest-contentful-paint"].numericValue,
        tbt: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
      });
      log(`lighthouse run ${i + 1}: performance ${runs.at(-1).performance}, accessibility ${runs.at(-1).accessibility}`);
    }
  } finally {
    await chrome.kill();
  }
  const median = (key) => [...runs.map((r) => r[key])].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  const perf = median("performance");
  const a11y = median("accessibility");
  return {
    title: `Lighthouse, home page, mobile (median of ${RUNS} runs)`,
    headers: ["Performance", "Accessibility", "FCP ms", "LCP ms", "TBT ms", "CLS"],
    align: ["right", "right", "right", "right", "right", "right"],
    rows: [[String(perf), String(a11y), median("fcp").toFixed(0), median("lcp").toFixed(0), median("tbt").toFixed(0), median("cls").toFixed(3)]],
    notes: [
      `Target ≥ ${TARGET} on both: ${perf >= TARGET && a11y >= TARGET ? "met" : "NOT met"}. Lighthouse's simulated slow-4G mobile throttling; local wrangler dev server.`,
      `All runs: ${runs.map((r) => `${r.performance}/${r.accessibility}`).join(", ")}.`,
    ],
    data: { runs },
  };
}

export default { id: "lighthouse", needsServer: true, run };
