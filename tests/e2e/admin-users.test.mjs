// Issue #12 item 1 in Chromium: a user signs in on their phone (360 px); an admin opens
// /admin/users (1280 px), finds them by phone, opens the detail dialog and its four tabs, and suspends
// them. The user's open page is signed out by the live push (the socket is closed, the page re-reads
// its session and lands on /login) and cannot sign in again; after reactivation they can. Filters
// with no match show the empty state. Screenshots at 1280 and 360 px.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { completeSignIn, readLatestCode, uniquePhone } from "../support/sign-in.mjs";
import { ADMIN_TEXTS, TEXTS } from "../support/texts.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const getBrowser = browserPerFile({ before, after });
const vars = parseDevVars(readFileSync(existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example", "utf8"));

async function noHorizontalScroll(page, label) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${label}: no horizontal scroll (overflow ${overflow}px)`);
}

/** Asks for a code on /login; while the phone's 60 s resend cooldown runs, waits as long as the server says. */
async function requestCodeOnLogin(page, phone) {
  for (;;) {
    await page.goto(`${baseUrl}/login?redirectTo=%2Fprofil`);
    await page.getByLabel(TEXTS.auth.phoneLabel).fill(phone);
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/auth/register-phone"));
    await page.getByRole("button", { name: TEXTS.auth.sendCode }).click();
    const res = await answer;
    if (res.status() === 200) return;
    const retryAfter = Number(res.headers()["retry-after"]);
    assert.equal(res.status(), 429, "only the resend cooldown may refuse the code");
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 250));
  }
}

async function userRow(admin, phone) {
  const row = admin.locator("tr[data-user]", { hasText: phone });
  await row.waitFor();
  return row;
}

async function chooseAction(admin, phone, label) {
  const row = await userRow(admin, phone);
  await row.getByRole("button", { name: new RegExp(`^${ADMIN_TEXTS.users.actionsFor("")}`) }).click();
  await admin.getByRole("menuitem", { name: label, exact: true }).click();
}

test("an admin finds a user, reads the detail, suspends them: the user is signed out and cannot sign in", { timeout: 300_000 }, async () => {
  const browser = getBrowser();
  await browser.clearCookies();
  const errors = [];

  // The user signs in on a phone-sized screen and stays on their profile page.
  const user = await browser.newPage();
  user.on("pageerror", (e) => errors.push(`user: ${e.message}`));
  await user.setViewportSize({ width: 360, height: 780 });
  const phone = uniquePhone();
  const national = `0${phone.slice(3)}`;
  await user.goto(`${baseUrl}/login?redirectTo=%2Fprofil`);
  await completeSignIn(user, user.locator(".auth-card"), baseUrl, phone);
  await user.waitForURL((url) => url.pathname === "/profil");
  await user.getByRole("heading", { name: TEXTS.profile.title }).waitFor();
  await user.getByLabel(TEXTS.profile.firstName).fill("Elena");
  await user.getByLabel(TEXTS.profile.lastName, { exact: true }).fill("Suspendescu");
  await user.getByRole("button", { name: TEXTS.profile.save }).click();
  await user.locator(".toast").getByText(TEXTS.profile.updated).waitFor();

  // The admin signs in and lands on the users page.
  const admin = await browser.newPage();
  admin.on("pageerror", (e) => errors.push(`admin: ${e.message}`));
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.goto(`${baseUrl}/admin/users`);
  await admin.waitForURL((url) => url.pathname === "/admin/login");
  await admin.getByLabel(ADMIN_TEXTS.login.email).fill(vars.ADMIN_EMAIL);
  await admin.getByLabel(ADMIN_TEXTS.login.password).fill(vars.ADMIN_PASSWORD);
  await admin.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
  await admin.waitForURL((url) => url.pathname === "/admin/users");
  await admin.getByRole("heading", { name: ADMIN_TEXTS.users.title, level: 1 }).waitFor();
  const nav = admin.getByRole("navigation", { name: ADMIN_TEXTS.shell.navLabel });
  assert.equal(await nav.locator('[aria-current="page"]').textContent(), ADMIN_TEXTS.nav.users);
  await admin.locator("tr[data-user]").first().waitFor();
  for (const column of [
    ADMIN_TEXTS.users.columns.user, ADMIN_TEXTS.users.columns.phone, ADMIN_TEXTS.users.columns.status, ADMIN_TEXTS.users.columns.registered, ADMIN_TEXTS.users.columns.progress, ADMIN_TEXTS.users.columns.actions,
  ]) {
    await admin.getByRole("columnheader", { name: column, exact: true }).waitFor();
  }

  // Search by phone (national form), then the status filter: one row, active, no documents.
  await admin.getByLabel(ADMIN_TEXTS.users.searchLabel).fill(`${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`);
  await admin.getByRole("button", { name: ADMIN_TEXTS.users.search, exact: true }).click();
  await admin.waitForFunction(() => document.querySelectorAll("tr[data-user]").length === 1);
  const row = await userRow(admin, phone);
  assert.equal(await row.getAttribute("data-status"), "active");
  await row.getByText("Elena Suspendescu").waitFor();
  await row.getByText(ADMIN_TEXTS.users.noProgress).waitFor();
  await row.getByText(ADMIN_TEXTS.users.statusLabels.active, { exact: true }).waitFor();
  await admin.getByLabel(ADMIN_TEXTS.users.statusFilter).selectOption("suspended");
  await admin.getByText(ADMIN_TEXTS.users.empty).waitFor();
  await admin.getByLabel(ADMIN_TEXTS.users.statusFilter).selectOption("active");
  await userRow(admin, phone);
  await noHorizontalScroll(admin, "admin 1280");
  await admin.screenshot({ path: `${shots}/admin-users-desktop.png`, fullPage: true });

  // The detail dialog: four tabs, each with real data or its empty state.
  await chooseAction(admin, phone, ADMIN_TEXTS.users.details);
  const dialog = admin.getByRole("dialog", { name: ADMIN_TEXTS.users.detailTitle("Elena Suspendescu") });
  await dialog.getByRole("tab", { name: ADMIN_TEXTS.users.tabs.overview }).waitFor();
  assert.deepEqual(await dialog.getByRole("tab").allTextContents(), [ADMIN_TEXTS.users.tabs.overview, ADMIN_TEXTS.users.tabs.activity, ADMIN_TEXTS.users.tabs.documents, ADMIN_TEXTS.users.tabs.switches]);
  await dialog.getByText(phone, { exact: true }).waitFor();
  await dialog.getByText(ADMIN_TEXTS.users.progressKinds.identity).waitFor();
  await dialog.getByRole("tab", { name: ADMIN_TEXTS.users.tabs.activity }).click();
  await dialog.locator('.user-timeline li[data-action="auth.login"]').first().waitFor();
  await dialog.getByRole("tab", { name: ADMIN_TEXTS.users.tabs.documents }).click();
  await dialog.getByText(ADMIN_TEXTS.users.documentsEmpty).waitFor();
  await dialog.locator('[data-table="auth-logs"] tbody tr').first().waitFor();
  assert.ok((await dialog.locator('[data-table="auth-logs"] tbody tr').count()) <= 10, "at most 10 auth logs");
  await admin.screenshot({ path: `${shots}/admin-users-detail-desktop.png` });
  await dialog.getByRole("tab", { name: ADMIN_TEXTS.users.tabs.switches }).click();
  await dialog.getByText(ADMIN_TEXTS.users.switchesEmpty).waitFor();
  await dialog.getByRole("button", { name: TEXTS.ui.close }).click();
  await dialog.waitFor({ state: "hidden" });

  // Suspend after the browser's confirmation: the list (every status, same search) reloads with the new status.
  await admin.getByLabel(ADMIN_TEXTS.users.statusFilter).selectOption("");
  await admin.waitForFunction(() => document.querySelectorAll("tr[data-user]").length === 1);
  admin.once("dialog", (confirm) => void confirm.accept());
  await chooseAction(admin, phone, ADMIN_TEXTS.users.actions.suspended);
  await admin.locator(".toast", { hasText: ADMIN_TEXTS.users.statusUpdated }).waitFor();
  await admin.waitForFunction(() => document.querySelector("tr[data-user]")?.getAttribute("data-status") === "suspended");
  await (await userRow(admin, phone)).getByText(ADMIN_TEXTS.users.statusLabels.suspended, { exact: true }).waitFor();

  // The user's open page: the socket is closed, the page re-reads its session and goes to /login.
  await user.waitForURL((url) => url.pathname === "/login", { timeout: 60_000 });
  await user.goto(`${baseUrl}/profil`);
  await user.waitForURL((url) => url.pathname === "/login");

  // Signing in again is refused with the Romanian message.
  await requestCodeOnLogin(user, phone);
  await user.getByLabel(TEXTS.auth.codeLabel).fill(await readLatestCode(baseUrl, phone));
  await user.getByRole("button", { name: TEXTS.auth.verifyCode }).click();
  const refused = user.locator(".toast", { hasText: TEXTS.auth.accountUnavailable });
  await refused.getByText(TEXTS.auth.accountSuspended).waitFor();
  await noHorizontalScroll(user, "user 360");
  await user.screenshot({ path: `${shots}/admin-users-suspended-user-mobile.png` });

  // The admin page at 360 px: the table becomes cards, nothing scrolls sideways.
  const narrow = await browser.newPage();
  narrow.on("pageerror", (e) => errors.push(`admin 360: ${e.message}`));
  await narrow.setViewportSize({ width: 360, height: 780 });
  // A search sent before the page's script has run (held back here; a slow phone on mobile data) is
  // a plain GET of the page: the address carries it, and the list shows its one row once the script runs.
  const pageScript = (url) => url.pathname.startsWith("/build/entry.client");
  await narrow.route(pageScript, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue().catch(() => {});
  });
  await narrow.goto(`${baseUrl}/admin/users`, { waitUntil: "domcontentloaded" });
  await narrow.getByLabel(ADMIN_TEXTS.users.searchLabel).fill(national);
  await narrow.getByRole("button", { name: ADMIN_TEXTS.users.search, exact: true }).click();
  await narrow.waitForURL((url) => url.searchParams.get("search") === national);
  await narrow.unroute(pageScript);
  await narrow.waitForFunction(() => document.querySelectorAll("tr[data-user]").length === 1);
  assert.equal(await narrow.getByLabel(ADMIN_TEXTS.users.searchLabel).inputValue(), national);
  await (await userRow(narrow, phone)).getByText(ADMIN_TEXTS.users.statusLabels.suspended, { exact: true }).waitFor();
  await noHorizontalScroll(narrow, "admin 360");
  await narrow.screenshot({ path: `${shots}/admin-users-mobile.png`, fullPage: true });
  await chooseAction(narrow, phone, ADMIN_TEXTS.users.details);
  await narrow.getByRole("dialog").getByRole("tab", { name: ADMIN_TEXTS.users.tabs.overview }).waitFor();
  await noHorizontalScroll(narrow, "admin 360 dialog");
  await narrow.screenshot({ path: `${shots}/admin-users-detail-mobile.png` });
  await narrow.close();

  // Reactivated, the user signs in again.
  await chooseAction(admin, phone, ADMIN_TEXTS.users.actions.active);
  await admin.waitForFunction(() => document.querySelector("tr[data-user]")?.getAttribute("data-status") === "active");
  await requestCodeOnLogin(user, phone);
  await user.getByLabel(TEXTS.auth.codeLabel).fill(await readLatestCode(baseUrl, phone));
  await user.getByRole("button", { name: TEXTS.auth.verifyCode }).click();
  await user.waitForURL((url) => url.pathname === "/profil");
  await user.getByRole("heading", { name: TEXTS.profile.title }).waitFor();

  assert.deepEqual(errors, []);
  await user.close();
  await admin.close();
});
