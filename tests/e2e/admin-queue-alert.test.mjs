// Issue 13 journey: the high-error alert appears when the supplier portal fails. Nothing is faked in the
// browser: the run's portal simulator is told to fail every call, a real switch request goes through the
// real pipeline (documents verified, request sent, its SupplierQueue calls the portal, retries with
// backoff and gives up), and the page's own 10 s refresh shows that supplier's card past 10 % errors:
// the alert 'Rată înaltă de erori' and the red band (orange between 10 % and 20 %). The simulator's
// failure rate is put back afterwards. Screenshots at 1280 and 360 px.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { portalControl, portalStats } from "../support/supplier-portal.mjs";
import { createdRequest } from "../support/switch-request.mjs";
import { ADMIN_TEXTS } from "../support/texts.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const getBrowser = browserPerFile({ before, after });
const vars = parseDevVars(readFileSync(existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example", "utf8"));
const T = ADMIN_TEXTS.switchRequestsPage;
// Not the supplier the signing journey counts portal effects of (switch-signing.test.mjs).
const SUPPLIER = "Tinmar Energy";
const count = (text) => Number(text.replace(/\D/g, ""));

async function cardCounts(card) {
  const read = async (key) => count(await card.locator(`[data-count="${key}"] dd`).textContent());
  return { total: await read("total"), failed: await read("failed"), completed: await read("completed") };
}

/** Every other supplier's failed count, by name. */
async function otherCardsFailed(page) {
  return page
    .locator(`.queue-card:not([data-queue="${SUPPLIER}"])`)
    .evaluateAll((cards) =>
      Object.fromEntries(
        cards.map((c) => [c.getAttribute("data-queue"), c.querySelector('[data-count="failed"] dd').textContent]),
      ),
    );
}

test(
  "the high-error alert appears on a supplier's queue card when its portal fails",
  { timeout: 300_000 },
  async () => {
    const browser = getBrowser();
    await browser.clearCookies();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));

    const previous = await portalControl();
    try {
      await page.goto(`${baseUrl}/admin/login`);
      await page.getByLabel(ADMIN_TEXTS.login.email).fill(vars.ADMIN_EMAIL);
      await page.getByLabel(ADMIN_TEXTS.login.password).fill(vars.ADMIN_PASSWORD);
      await page.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await page.goto(`${baseUrl}/admin/switch-requests`);
      const card = page.locator(`.queue-card[data-queue="${SUPPLIER}"]`);
      await card.waitFor();
      // Before: this supplier's queue has nothing failed, so no alert and the green band.
      const start = await cardCounts(card);
      assert.equal(start.failed, 0);
      const failedElsewhere = await otherCardsFailed(page);
      assert.equal(await card.getAttribute("data-band"), "green");
      assert.equal(await card.getByText(T.highErrorRate).count(), 0);

      // Every portal call now fails with a 503 (transient: the queue retries, then gives up on the request).
      assert.equal((await portalControl({ failureRate: 1 })).failureRate, 1);
      const r = await createdRequest(baseUrl, { supplierName: SUPPLIER });
      assert.equal(r.supplier, SUPPLIER, "the request goes to the supplier whose card is watched");

      // The page refreshes itself every 10 s: no click, no reload.
      await card.getByRole("alert").getByText(T.highErrorRate, { exact: true }).waitFor({ timeout: 180_000 });
      const end = await cardCounts(card);
      assert.ok(end.failed >= 1, "the request failed in the queue");
      assert.ok(end.failed / end.total > 0.1, `error rate above 10 % (${end.failed}/${end.total})`);
      assert.equal(await card.getAttribute("data-band"), end.failed / end.total > 0.2 ? "red" : "orange");
      const bar = card.getByRole("progressbar", { name: T.successRate });
      assert.equal(
        Number(await bar.getAttribute("aria-valuenow")),
        Math.round((end.completed / end.total) * 1000) / 10,
      );
      // The failures are this supplier's alone: no other queue failed anything meanwhile.
      assert.deepEqual(await otherCardsFailed(page), failedElsewhere);

      // The failure is real: the portal refused the calls and never created an application, and the
      // request itself is failed in the back office's list.
      const stats = await portalStats(r.supplierId);
      assert.ok(
        (stats.calls.create ?? 0) >= 2,
        `the queue called the portal and retried (${JSON.stringify(stats.calls)})`,
      );
      assert.equal(stats.effects.applicationsCreated ?? 0, 0);
      const listed = await page.evaluate(async (phone) => {
        const res = await fetch(`/api/admin/switch-requests?search=${encodeURIComponent(phone)}`);
        return (await res.json()).data.requests.map((req) => ({ id: req.id, status: req.status }));
      }, r.phone.slice(-9));
      assert.deepEqual(listed, [{ id: r.requestId, status: "failed" }]);

      // The viewport, not the full page: the fixed side navigation is drawn cut in a full-page capture.
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/admin-queue-alert-desktop.png` });

      // At 360 px (a fresh page, as a phone opens it): the alerting card fits without horizontal scroll.
      const phone = await browser.newPage();
      await phone.setViewportSize({ width: 360, height: 780 });
      phone.on("pageerror", (e) => errors.push(e.message));
      await phone.goto(`${baseUrl}/admin/switch-requests`);
      const phoneCard = phone.locator(`.queue-card[data-queue="${SUPPLIER}"]`);
      await phoneCard.getByRole("alert").getByText(T.highErrorRate, { exact: true }).waitFor();
      await phoneCard.scrollIntoViewIfNeeded();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no horizontal scroll at 360 px (overflow ${overflow}px)`);
      await phone.screenshot({ path: `${SCREENSHOTS}/admin-queue-alert-mobile.png` });
      await phone.close();
    } finally {
      await portalControl({ failureRate: previous.failureRate });
    }
    assert.deepEqual(errors, []);
    await page.close();
  },
);
