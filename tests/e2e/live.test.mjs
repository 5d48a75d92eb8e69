// Issue #11 journeys over the real live channels: an upload in one tab moves its status and another
// tab's list and badges without a reload (and marking read there moves the first tab's badge); a
// dropped socket reconnects and pushes flow again; an admin's bell and dashboard count rise when a
// user registers and uploads. Screenshots at 360 and 1280 px.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { ADMIN_TEXTS, LIVE_TEXTS, TEXTS } from "../support/texts.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { completeSignIn, readLatestCode, uniquePhone } from "../support/sign-in.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const getBrowser = browserPerFile({ before, after });
const BILL_PDF = "tests/fixtures/generated/bill-electrica-popescu.pdf";
const ID_IMAGE = "tests/fixtures/generated/id-popescu-scan.png";
const vars = parseDevVars(readFileSync(existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example", "utf8"));

async function newPage(width, height) {
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width, height });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // Hydration mismatches (the lazily loaded dot and badge are server-rendered too) are console errors;
  // a 404 answer (the admin pages not built yet) is not a script error.
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  return { page, errors };
}

async function signInAt(page, path) {
  await page.goto(`${baseUrl}/login?redirectTo=${encodeURIComponent(path)}`);
  await completeSignIn(page, page.locator(".auth-card"), baseUrl, uniquePhone());
  await page.waitForURL((url) => url.pathname === path);
}

const liveDot = (page) => page.locator(".header-links .nav-live-dot");
const headerBadge = (page) => page.locator(".header-links .nav-badge");
const mobileBadge = (page) => page.locator(".mobile-bar .nav-badge");

async function waitConnected(page) {
  await page.locator('.header-links .nav-live-dot[data-live="connected"]').waitFor({ state: "attached" });
}

/** A user made through the public API (Bearer token), as another device would. */
async function apiUser() {
  const phone = uniquePhone();
  const post = (path, body) => fetch(baseUrl + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  assert.equal((await post("/api/auth/register-phone", { phoneNumber: phone })).status, 200);
  const verified = await post("/api/auth/verify-sms", { phoneNumber: phone, verificationCode: await readLatestCode(baseUrl, phone) });
  assert.equal(verified.status, 200);
  const body = await verified.json();
  return { phone, token: body.accessToken };
}

test("live: an upload in one tab updates its status, another tab's list and both tabs' badges, without reloads", { timeout: 180_000 }, async () => {
  await getBrowser().clearCookies();
  const { page: docs, errors } = await newPage(1280, 900);
  const statusCalls = [];
  const documentFrames = [];
  docs.on("request", (r) => r.url().includes("/api/documents/status/all") && statusCalls.push(r.url()));
  docs.on("websocket", (ws) =>
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload === "string" && payload.includes('"stream":"document_processing_')) documentFrames.push(payload);
    }),
  );
  await signInAt(docs, "/documente");
  await waitConnected(docs);
  assert.equal(await liveDot(docs).getAttribute("title"), "Conectat în timp real");
  assert.equal(await headerBadge(docs).count(), 0, "a new account has nothing unread");

  // The second tab: same session, the notifications page, phone-sized (the mobile bar's badge).
  const { page: inbox } = await newPage(360, 780);
  await inbox.goto(baseUrl + "/notificari");
  await inbox.getByRole("heading", { name: "Notificări", level: 1 }).waitFor();
  await inbox.getByText(LIVE_TEXTS.notifications.emptyTitle).waitFor();
  assert.equal(await mobileBadge(inbox).count(), 0);
  await inbox.locator('.header-links .nav-live-dot[data-live="connected"]').waitFor({ state: "attached" });
  await inbox.screenshot({ path: `${shots}/notifications-empty-mobile.png`, fullPage: true });

  await docs.getByLabel("Ultima factură de energie electrică: Alege fișierul").setInputFiles(BILL_PDF);
  const item = docs.locator(".document-item").filter({ hasText: "bill-electrica-popescu.pdf" });
  await item.locator(".status-badge", { hasText: TEXTS.documents.statusLabels.verified }).waitFor({ timeout: 90_000 });

  // The other tab got both notifications pushed, newest first, with the unread badge.
  const items = inbox.locator(".notification-item");
  await inbox.locator(".notification-item", { hasText: TEXTS.documentNotifications.verified.title }).waitFor();
  await inbox.locator(".notification-item", { hasText: TEXTS.documentNotifications.processing.title }).waitFor();
  assert.equal((await items.first().locator(".notification-title").textContent()).startsWith(TEXTS.documentNotifications.verified.title), true);
  assert.equal(await items.first().locator("time").textContent(), "Acum");
  assert.equal(await items.first().locator('[role="img"]').getAttribute("aria-label"), "Succes");
  await inbox.locator('.mobile-bar .nav-badge[data-unread="2"]').waitFor();
  assert.equal((await mobileBadge(inbox).textContent()).trim(), "2");
  assert.equal(await mobileBadge(inbox).getAttribute("aria-label"), "2 notificări necitite");
  await docs.locator('.header-links .nav-badge[data-unread="2"]').waitFor();
  await inbox.screenshot({ path: `${shots}/notifications-mobile.png`, fullPage: true });

  // While connected the documents tab did not poll: each list refresh answered pushes (coalesced).
  assert.ok(statusCalls.length >= 1, "the list was refreshed");
  assert.ok(statusCalls.length <= documentFrames.length, `${statusCalls.length} refreshes for ${documentFrames.length} pushes`);

  // Marking one read in the phone tab moves the desktop tab's badge too; then all.
  await inbox.locator(".notification-item", { hasText: TEXTS.documentNotifications.processing.title }).getByRole("button", { name: LIVE_TEXTS.notifications.markRead }).click();
  await inbox.locator('.mobile-bar .nav-badge[data-unread="1"]').waitFor();
  await docs.locator('.header-links .nav-badge[data-unread="1"]').waitFor();
  await inbox.getByText("O notificare necitită.").waitFor();
  await inbox.getByRole("button", { name: LIVE_TEXTS.notifications.markAll }).click();
  await inbox.getByText(LIVE_TEXTS.notifications.allRead).waitFor();
  await mobileBadge(inbox).waitFor({ state: "detached" });
  await headerBadge(docs).waitFor({ state: "detached" });
  assert.equal(await inbox.locator(".notification-item.unread").count(), 0);
  assert.equal(await inbox.getByRole("button", { name: LIVE_TEXTS.notifications.markAll }).isDisabled(), true);

  // The list survives a reload (server-rendered), read state included; /notifications is the same page.
  await inbox.goto(baseUrl + "/notifications");
  assert.equal(await inbox.locator(".notification-item").count(), 2);
  assert.equal(await inbox.locator(".notification-item.unread").count(), 0);
  await docs.setViewportSize({ width: 1280, height: 900 });
  await docs.goto(baseUrl + "/notificari");
  await docs.screenshot({ path: `${shots}/notifications-desktop.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await docs.close();
  await inbox.close();
});

test("live: a dropped connection comes back on its own and pushes flow again", { timeout: 120_000 }, async () => {
  await getBrowser().clearCookies();
  const { page, errors } = await newPage(1280, 900);
  // Every socket goes through a pass-through proxy the test can cut, like a network drop.
  const routes = [];
  await page.routeWebSocket(/\/api\/auth\/ws/, (ws) => {
    ws.connectToServer();
    routes.push(ws);
  });
  await signInAt(page, "/profil");
  await waitConnected(page);
  const first = routes.length;

  await routes.at(-1).close({ code: 4000, reason: "network drop" });
  await page.locator(`.header-links .nav-live-dot[data-live="connecting"][title="${LIVE_TEXTS.connecting}"]`).waitFor({ state: "attached" });
  await page.screenshot({ path: `${shots}/live-reconnecting-desktop.png` });
  await waitConnected(page);
  assert.equal(routes.length, first + 1, "one new socket after the drop");

  // A meter reading made now is announced over the new socket.
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest" }).format(new Date());
  const sent = await page.request.post(baseUrl + "/api/documents/meter-reading", { data: { readingValue: "12345", readingDate: day } });
  assert.equal(sent.status(), 201);
  await page.locator('.header-links .nav-badge[data-unread="1"]').waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test("admin: the bell and the dashboard count rise live when a user registers and uploads", { timeout: 180_000 }, async () => {
  await getBrowser().clearCookies();
  const { page, errors } = await newPage(1280, 900);
  await page.goto(baseUrl + "/admin/login");
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(vars.ADMIN_EMAIL);
  await page.getByLabel("Parolă").fill(vars.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Autentificare" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.locator('.admin-live-badge[data-live="connected"]').waitFor();
  assert.equal((await page.locator(".admin-live-badge").textContent()).trim(), "Conectat în timp real");

  const bellCount = async () => ((await page.locator(".admin-bell-badge").count()) === 0 ? 0 : Number(await page.locator(".admin-bell-badge").getAttribute("data-count")));
  // Start from an empty bell so the count is this test's own.
  await page.getByRole("button", { name: /^Notificări/ }).click();
  const menu = page.getByRole("region", { name: "Notificări" });
  await menu.waitFor();
  if ((await menu.getByRole("button", { name: ADMIN_TEXTS.bell.clearAll }).count()) > 0) await menu.getByRole("button", { name: ADMIN_TEXTS.bell.clearAll }).click();
  await menu.getByText(ADMIN_TEXTS.bell.empty).waitFor();
  await page.keyboard.press("Escape");
  assert.equal(await bellCount(), 0);

  const totalUsers = page.locator(".admin-stat", { hasText: ADMIN_TEXTS.overview.totalUsers }).locator(".admin-stat-value");
  const usersBefore = Number((await totalUsers.textContent()).replace(/\D/g, ""));
  const user = await apiUser();
  // user_registered: the bell shows 1 and the dashboard recount arrives over dashboard_stats.
  await page.locator('.admin-bell-badge[data-count="1"]').waitFor();
  await page.locator(".admin-stat", { hasText: ADMIN_TEXTS.overview.totalUsers }).locator(".admin-stat-value", { hasText: new Intl.NumberFormat("ro-RO").format(usersBefore + 1) }).waitFor();

  const form = new FormData();
  form.append("documents", new Blob([readFileSync(ID_IMAGE)], { type: "image/png" }), "ci-live.png");
  const uploaded = await fetch(baseUrl + "/api/documents/upload/document_identitate", { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: form });
  assert.equal(uploaded.status, 201);
  await page.waitForFunction(() => Number(document.querySelector(".admin-bell-badge")?.getAttribute("data-count") ?? 0) >= 2);

  await page.getByRole("button", { name: /^Notificări/ }).click();
  await menu.waitFor();
  const entry = menu.locator(".admin-bell-entry", { hasText: ADMIN_TEXTS.notifications.documentUploaded.title });
  await entry.waitFor();
  assert.match(await entry.textContent(), /ci-live\.png/);
  assert.equal(await entry.locator("time").textContent(), "Acum");
  await menu.locator(".admin-bell-entry", { hasText: ADMIN_TEXTS.notifications.userRegistered.title }).waitFor();
  await page.screenshot({ path: `${shots}/admin-bell-desktop.png` });
  await entry.click();
  await page.waitForURL((url) => url.pathname === "/admin/documents");
  await menu.waitFor({ state: "detached" });

  await page.getByRole("button", { name: /^Notificări/ }).click();
  await menu.getByRole("button", { name: ADMIN_TEXTS.bell.clearAll }).click();
  await menu.getByText(ADMIN_TEXTS.bell.empty).waitFor();
  await page.locator(".admin-bell-badge").waitFor({ state: "detached" });
  assert.deepEqual(errors, []);
  await page.close();
});
