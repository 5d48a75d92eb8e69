// Issue #13 item 4 in Chromium: the super admin opens /admin/switch-requests, sees the supplier queue
// cards, stops every queue (the three controls disabled while the call runs) and sees them stopped,
// sees a queue's counts freeze (a real request waits in it through the page's refreshes), lists the
// switch requests, finds a real one (made through the public API while the queues stand still, so it
// never reaches the simulated supplier portal other files count on) by phone, cancels it after the
// browser's confirmation, starts the queues again and sees the frozen queue's counts move. Screenshots
// at 1280 and 360 px.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { ADMIN_TEXTS, TEXTS } from "../support/texts.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { createdRequest } from "../support/switch-request.mjs";

// The queue watched while stopped: neither the supplier whose portal effects the signing journey counts
// (Premier Energy) nor the one the high-error alert journey fails (Tinmar Energy), nor the watched
// customer's own (Electrica Furnizare).
const WATCHED_SUPPLIER = "Hidroelectrica";
const COUNTED = ["total", "queued", "running", "completed", "failed", "retrying"];

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const getBrowser = browserPerFile({ before, after });
const vars = parseDevVars(readFileSync(existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example", "utf8"));

async function noHorizontalScroll(page, label) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${label}: no horizontal scroll (overflow ${overflow}px)`);
}

/** A queue card's counts as shown. */
async function shownCounts(card) {
  const entries = [];
  for (const key of COUNTED) entries.push([key, Number((await card.locator(`[data-count="${key}"] dd`).textContent()).replace(/\D/g, ""))]);
  return Object.fromEntries(entries);
}

/** The status of one request as the back office lists it. */
async function listedStatus(page, request) {
  return page.evaluate(async ({ phone, id }) => {
    const res = await fetch(`/api/admin/switch-requests?search=${encodeURIComponent(phone)}`);
    return (await res.json()).data.requests.find((r) => r.id === id)?.status;
  }, { phone: request.phone.slice(-9), id: request.requestId });
}

async function queueStates(page) {
  return page.locator(".queue-card .queue-state").evaluateAll((els) => els.map((el) => el.getAttribute("data-state")));
}

/** Clicks a queue control with its call held back until the three controls are seen disabled. */
async function control(page, label) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const pattern = (url) => url.pathname.startsWith("/api/admin/system/queue-manager/");
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: label, exact: true }).click();
  for (const name of [ADMIN_TEXTS.switchRequestsPage.start, ADMIN_TEXTS.switchRequestsPage.stop, ADMIN_TEXTS.switchRequestsPage.restart]) {
    assert.equal(await page.getByRole("button", { name, exact: true }).isDisabled(), true, `${name} is disabled while ${label} runs`);
  }
  release();
  await page.locator(".toast", { hasText: "Succes" }).last().waitFor();
  await page.unroute(pattern);
}

test("an admin stops the supplier queues, finds a request, cancels it and starts the queues", { timeout: 300_000 }, async () => {
  const browser = getBrowser();
  await browser.clearCookies();
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await page.goto(`${baseUrl}/admin/switch-requests`);
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(vars.ADMIN_EMAIL);
  await page.getByLabel("Parolă").fill(vars.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Autentificare" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/switch-requests");
  await page.getByRole("heading", { name: ADMIN_TEXTS.switchRequestsPage.title, level: 1 }).waitFor();
  const nav = page.getByRole("navigation", { name: ADMIN_TEXTS.shell.navLabel });
  assert.equal(await nav.locator('[aria-current="page"]').textContent(), ADMIN_TEXTS.nav.switchRequests);

  // Tab 'Cozi și Statistici' is the default: the summary and one card per active supplier.
  assert.equal(await page.getByRole("tab", { name: ADMIN_TEXTS.switchRequestsPage.tabQueues }).getAttribute("aria-selected"), "true");
  await page.locator(".queue-card").first().waitFor();
  const cards = await page.locator(".queue-card").count();
  assert.ok(cards >= 1, "at least one supplier queue");
  for (const title of [ADMIN_TEXTS.switchRequestsPage.totalRequests, ADMIN_TEXTS.switchRequestsPage.activeNow, "În așteptare", ADMIN_TEXTS.switchRequestsPage.activeQueues]) await page.locator(".admin-stat", { hasText: title }).waitFor();
  const badge = await page.locator(".queue-card .queue-badge").first().textContent();
  const [active, max] = badge.split(" ")[0].split("/").map(Number);
  assert.equal(badge, ADMIN_TEXTS.switchRequestsPage.activeOfMax(active, max));
  assert.equal(await page.locator(".queue-card").first().getByRole("progressbar", { name: ADMIN_TEXTS.switchRequestsPage.successRate }).count(), 1);

  // Stop: every queue says it is stopped, and no queue counts as active. Whatever happens below, the
  // queues run again at the end and no request of this file stays open: the files after this one need them.
  const opened = [];
  try {
    await stopFindCancelStart(page, cards, opened);
  } finally {
    await page.evaluate(() => fetch("/api/admin/system/queue-manager/start", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }));
    for (const request of opened) {
      await page.evaluate(
        (id) => fetch(`/api/admin/switch-requests/${id}/cancel`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ reason: "e2e" }) }),
        request.requestId,
      );
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

async function stopFindCancelStart(page, cards, opened) {
  await control(page, ADMIN_TEXTS.switchRequestsPage.stop);
  await page.waitForFunction(() => [...document.querySelectorAll(".queue-card .queue-state")].every((el) => el.getAttribute("data-state") === "stopped"));
  assert.equal(await page.locator('.admin-stat[data-summary="queues"] .admin-stat-value').textContent(), "0");
  assert.deepEqual(await queueStates(page), Array(cards).fill("stopped"));
  await page.screenshot({ path: `${shots}/admin-switch-queues-stopped-desktop.png`, fullPage: true });

  // Two requests made through the API while the queues stand still: one waits in the watched queue,
  // the other is found and cancelled in tab 'Toate cererile'.
  // (another person: a place of consumption takes one open request at a time; the test's end cancels
  // this one, so the switch journey can use the same person's place again)
  const waiting = await createdRequest(baseUrl, { supplierName: WATCHED_SUPPLIER, person: "popescu" });
  opened.push(waiting);
  assert.equal(waiting.supplier, WATCHED_SUPPLIER);
  const r = await createdRequest(baseUrl);
  await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.refresh }).click();
  await page.waitForFunction(() => Number(document.querySelector('.admin-stat[data-summary="waiting"] .admin-stat-value')?.textContent) >= 2);
  const watched = page.locator(`.queue-card[data-queue="${WATCHED_SUPPLIER}"]`);
  const queuedOn = (name) => Number(document.querySelector(`.queue-card[data-queue="${name}"] [data-count="queued"] dd`)?.textContent);
  await page.waitForFunction(queuedOn, WATCHED_SUPPLIER);
  const frozen = await shownCounts(watched);
  assert.ok(frozen.queued >= 1, "the request waits in the watched queue");
  // Counts freeze: through two of the page's own 10 s refreshes the stopped queue keeps its request
  // queued (a running queue hands it to the portal within a second) and the request stays 'created'.
  for (let refresh = 0; refresh < 2; refresh++) {
    const answer = await page.waitForResponse((res) => new URL(res.url()).pathname === "/api/admin/queue/stats", { timeout: 30_000 });
    const queue = (await answer.json()).data.queues[WATCHED_SUPPLIER];
    assert.deepEqual(Object.fromEntries(COUNTED.map((key) => [key, queue[key]])), frozen, `refresh ${refresh + 1} while stopped`);
    assert.equal(queue.isRunning, false);
  }
  assert.deepEqual(await shownCounts(watched), frozen);
  assert.equal(await listedStatus(page, waiting), "created");
  await page.screenshot({ path: `${shots}/admin-switch-queues-frozen-desktop.png`, fullPage: true });

  // Tab 'Toate cererile': the other request, found by phone.
  await page.getByRole("tab", { name: ADMIN_TEXTS.switchRequestsPage.tabRequests }).click();
  await page.locator(".request-card").first().waitFor();
  await page.getByText(/^Pagina 1 din \d+$/).waitFor();
  assert.equal(await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.previous }).isDisabled(), true);
  await page.getByLabel(ADMIN_TEXTS.switchRequestsPage.searchLabel).fill(r.phone.slice(-9));
  await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.search, exact: true }).click();
  const card = page.locator(`.request-card[data-request="${r.requestId}"]`);
  await card.waitFor();
  await page.waitForFunction(() => document.querySelectorAll(".request-card").length === 1);
  await card.getByRole("heading", { name: `Cererea #${r.requestId.slice(-8)}` }).waitFor();
  await card.getByText(r.supplier, { exact: true }).waitFor();
  await card.getByText(/RON\/kWh/).waitFor();
  const details = card.getByRole("link", { name: "Vezi detalii" });
  assert.equal(await details.getAttribute("href"), `/switch-requests/${r.requestId}`);
  assert.equal(await details.getAttribute("target"), "_blank");
  await page.screenshot({ path: `${shots}/admin-switch-requests-desktop.png`, fullPage: true });

  // Cancel: the browser asks first (a dismissed confirmation changes nothing), then the request is cancelled.
  page.once("dialog", (dialog) => {
    assert.equal(dialog.message(), `Sigur doriți să anulați cererea de schimbare la ${r.supplier}?`);
    void dialog.dismiss();
  });
  await card.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.cancel }).click();
  assert.notEqual(await card.getAttribute("data-status"), "cancelled");
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.cancel }).click();
  await page.locator(".toast", { hasText: "Cerere anulată" }).waitFor();
  await page.locator(`.request-card[data-request="${r.requestId}"][data-status="cancelled"]`).waitFor();
  assert.equal(await card.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.cancel }).count(), 0, "a cancelled request offers no cancel");
  await card.getByText("Anulată", { exact: true }).waitFor();

  // Filtering by a status with nothing of this customer's shows the empty state; reset clears it all.
  await page.getByLabel("Status").selectOption("completed");
  await page.getByText("Nicio cerere găsită").waitFor();
  await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.reset }).click();
  assert.equal(await page.getByLabel(ADMIN_TEXTS.switchRequestsPage.searchLabel).inputValue(), "");
  await page.locator(".request-card").first().waitFor();

  // Start: every queue runs again.
  await page.getByRole("tab", { name: ADMIN_TEXTS.switchRequestsPage.tabQueues }).click();
  await page.locator(".queue-card").first().waitFor();
  await control(page, ADMIN_TEXTS.switchRequestsPage.start);
  await page.waitForFunction(() => [...document.querySelectorAll(".queue-card .queue-state")].every((el) => el.getAttribute("data-state") === "running"));
  assert.equal(await page.locator('.admin-stat[data-summary="queues"] .admin-stat-value').textContent(), String(cards));
  // The counts move again: the waiting request leaves the watched queue's 'În coadă' for the portal.
  await page.waitForFunction(({ name, before }) => Number(document.querySelector(`.queue-card[data-queue="${name}"] [data-count="queued"] dd`)?.textContent) < before, { name: WATCHED_SUPPLIER, before: frozen.queued }, { timeout: 60_000 });
  assert.notDeepEqual(await shownCounts(watched), frozen);
  assert.notEqual(await listedStatus(page, waiting), "created");
  await page.screenshot({ path: `${shots}/admin-switch-queues-desktop.png`, fullPage: true });
}

test("the page at 360 px: both tabs without horizontal scroll", { timeout: 120_000 }, async () => {
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width: 360, height: 780 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${baseUrl}/admin/switch-requests`);
  await page.locator(".queue-card").first().waitFor();
  await noHorizontalScroll(page, "queues");
  await page.screenshot({ path: `${shots}/admin-switch-queues-mobile.png`, fullPage: true });
  await page.getByRole("tab", { name: ADMIN_TEXTS.switchRequestsPage.tabRequests }).click();
  await page.locator(".request-card").first().waitFor();
  await noHorizontalScroll(page, "requests");
  await page.screenshot({ path: `${shots}/admin-switch-requests-mobile.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

const queue = (partial) => ({ supplierId: "x", total: 0, queued: 0, running: 0, completed: 0, failed: 0, retrying: 0, waiting: 0, activeProcesses: 0, maxConcurrent: 2, isRunning: true, ...partial });
const statsBody = (queues) => ({ success: true, data: { overview: {}, queues } });
const json = (status, body) => ({ status, contentType: "application/json", body: JSON.stringify(body) });

test("colour bands, the high-error alert, the 10 s refresh and the error states (answers faked in the browser)", { timeout: 120_000 }, async () => {
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.clock.install();

  // Failure ratio 5 % green, 15 % orange with the alert, 30 % red with the alert (spec §9).
  const answers = [
    json(200, statsBody({
      Verde: queue({ total: 100, completed: 90, failed: 5, activeProcesses: 1 }),
      Portocaliu: queue({ total: 100, completed: 80, failed: 15 }),
      Rosu: queue({ total: 10, completed: 7, failed: 3, isRunning: false }),
    })),
    json(200, statsBody({ Verde: queue({ total: 101, completed: 91, failed: 5 }) })),
    json(403, { success: false, error: "forbidden", message: "Interzis" }),
    json(200, statsBody({ Verde: queue({ total: 102, completed: 92, failed: 5 }) })),
  ];
  let served = 0;
  await page.route((url) => url.pathname === "/api/admin/queue/stats", (route) => route.fulfill(answers[Math.min(served++, answers.length - 1)]));
  await page.goto(`${baseUrl}/admin/switch-requests`);
  await page.locator('.queue-card[data-queue="Rosu"]').waitFor();
  assert.equal(await page.locator('.queue-card[data-queue="Verde"]').getAttribute("data-band"), "green");
  assert.equal(await page.locator('.queue-card[data-queue="Portocaliu"]').getAttribute("data-band"), "orange");
  assert.equal(await page.locator('.queue-card[data-queue="Rosu"]').getAttribute("data-band"), "red");
  assert.equal(await page.locator('.queue-card[data-queue="Verde"]').getByText(ADMIN_TEXTS.switchRequestsPage.highErrorRate).count(), 0);
  await page.locator('.queue-card[data-queue="Portocaliu"]').getByText(ADMIN_TEXTS.switchRequestsPage.highErrorRate).waitFor();
  await page.locator('.queue-card[data-queue="Rosu"]').getByText(ADMIN_TEXTS.switchRequestsPage.highErrorRate).waitFor();
  assert.equal(await page.locator('.queue-card[data-queue="Verde"] .queue-badge').textContent(), ADMIN_TEXTS.switchRequestsPage.activeOfMax(1, 2));
  assert.equal(await page.locator('.queue-card[data-queue="Verde"] .queue-rate strong').textContent(), "90,0%");
  assert.equal(await page.locator('.admin-stat[data-summary="total"] .admin-stat-value').textContent(), "210");
  assert.equal(await page.locator('.admin-stat[data-summary="queues"] .admin-stat-value').textContent(), "2");
  await page.screenshot({ path: `${shots}/admin-switch-queues-bands-desktop.png`, fullPage: true });

  // Ten seconds later the page asks again by itself.
  await page.clock.runFor(10_000);
  await page.waitForFunction(() => document.querySelectorAll(".queue-card").length === 1);
  assert.equal(await page.locator('.admin-stat[data-summary="total"] .admin-stat-value').textContent(), "101");

  // A failed load: the spec's inline error with a reload button that recovers.
  await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.refresh }).click();
  await page.getByRole("alert").getByText(ADMIN_TEXTS.switchRequestsPage.queuesLoadFailed).waitFor();
  assert.equal(await page.locator(".queue-card").count(), 0);
  await page.getByRole("button", { name: "Reîncarcă" }).click();
  await page.waitForFunction(() => document.querySelector('.admin-stat[data-summary="total"] .admin-stat-value')?.textContent === "102");

  // A failed queue operation shows the API's message in an error toast.
  await page.route((url) => url.pathname === "/api/admin/system/queue-manager/restart", (route) => route.fulfill(json(403, { success: false, error: "forbidden", message: ADMIN_TEXTS.forbidden })));
  await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.restart }).click();
  await page.locator(".toast.destructive", { hasText: ADMIN_TEXTS.forbidden }).waitFor();
  assert.equal(await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.restart }).isDisabled(), false);

  // The requests tab: a failed load, then three pages of one open request each.
  const request = {
    id: "sw_fake000000000000abcdef12",
    short_id: "abcdef12",
    status: "processing",
    current_step: "form_submission",
    progress_percentage: 40,
    switch_type: "automatic",
    offer_name: "Oferta Test",
    offer_price_per_kwh: "0.8123",
    created_at: "2026-11-20T10:00:00.000Z",
    suppliers: { name: "Verde" },
    user_profiles: { first_name: "Ana", last_name: "Pop", phone_number: "+40712345678" },
  };
  const listed = [];
  let failList = true;
  await page.route((url) => url.pathname === "/api/admin/switch-requests", (route) => {
    const url = new URL(route.request().url());
    listed.push(url.searchParams.get("page"));
    if (failList) return route.fulfill(json(403, { success: false, error: "forbidden", message: "Interzis" }));
    const current = Number(url.searchParams.get("page"));
    return route.fulfill(json(200, { success: true, data: { requests: [request], pagination: { page: current, limit: 20, total: 41, pages: 3 } } }));
  });
  await page.getByRole("tab", { name: ADMIN_TEXTS.switchRequestsPage.tabRequests }).click();
  await page.getByRole("alert").getByText(ADMIN_TEXTS.switchRequestsPage.requestsLoadFailed).waitFor();
  failList = false;
  await page.getByRole("button", { name: "Reîncarcă" }).click();
  await page.getByText("Pagina 1 din 3").waitFor();
  const card = page.locator(".request-card");
  await card.getByText("Ana Pop · +40712345678").waitFor();
  await card.getByText("Oferta Test · 0,8123 RON/kWh").waitFor();
  await card.getByText(TEXTS.switching.stepLabelsByStep.form_submission).waitFor();
  assert.equal(await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.previous }).isDisabled(), true);
  await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.next }).click();
  await page.getByText("Pagina 2 din 3").waitFor();
  assert.equal(listed.at(-1), "2");
  await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.next }).click();
  await page.getByText("Pagina 3 din 3").waitFor();
  assert.equal(await page.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.next }).isDisabled(), true);

  // Changing the status filter goes back to page 1 (spec §5).
  await page.getByLabel("Status").selectOption("processing");
  await page.getByText("Pagina 1 din 3").waitFor();
  assert.equal(listed.at(-1), "1");

  // A cancel the server refuses without a message: the spec's text.
  await page.route((url) => url.pathname.endsWith("/cancel"), (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "nu" }));
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: ADMIN_TEXTS.switchRequestsPage.cancel }).click();
  await page.locator(".toast.destructive", { hasText: ADMIN_TEXTS.switchRequestsPage.cancelFailed }).waitFor();
  await page.screenshot({ path: `${shots}/admin-switch-requests-errors-desktop.png` });
  assert.deepEqual(errors, []);
  await page.close();
});
