// Issue #12 item 3 in Chromium: the super admin invites a moderator from /admin/admins (dialog with the
// spec's permission defaults, one box unticked), the invitee opens the link from the local mail outbox,
// is refused a weak password, sets a good one, lands signed in and sees only what the permissions
// allow; the super admin then revokes the access (browser confirmation) and the invitee's session ends.
// Screenshots at 1280 and 360 px.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { closeBrowser, launchBrowser } from "../support/browser.mjs";
import { ADMIN_TEXTS } from "../support/texts.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = "tests/e2e/screenshots";
mkdirSync(shots, { recursive: true });

const vars = parseDevVars(readFileSync(existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example", "utf8"));
const ADMIN_EMAIL = vars.ADMIN_EMAIL;
const ADMIN_PASSWORD = vars.ADMIN_PASSWORD;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await closeBrowser(browser);
});

async function noHorizontalScroll(page, label) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${label}: no horizontal scroll (overflow ${overflow}px)`);
}

async function signIn(page, email, password) {
  await page.goto(baseUrl + "/admin/login");
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(email);
  await page.getByLabel(ADMIN_TEXTS.login.password).fill(password);
  await page.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** The invitation link of the newest mail to `to`, read from the local outbox page, on this server. */
async function linkFromOutbox(page, to) {
  await page.goto(baseUrl + "/dev/mail-outbox");
  const row = page.locator(`tr[data-to="${to}"]`).first();
  await row.waitFor();
  const href = await row.locator("a").getAttribute("href");
  assert.match(href, /\/admin\/invitatie\/[A-Za-z0-9_-]{40,}$/);
  // The mail carries PUBLIC_BASE_URL; the test server listens on its own port.
  return baseUrl + new URL(href).pathname;
}

test("a super admin invites a moderator who accepts, signs in with only their permissions, and is revoked", async () => {
  const invitee = `moderator-${Date.now()}@firma.ro`;
  const password = "Contor-Verde-2026";
  await browser.clearCookies();
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });

  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole("navigation", { name: ADMIN_TEXTS.shell.navLabel }).getByRole("link", { name: ADMIN_TEXTS.nav.admins }).click();
  await page.getByRole("heading", { name: ADMIN_TEXTS.adminsPage.title, level: 1 }).waitFor();
  for (const header of [ADMIN_TEXTS.adminsPage.email, ADMIN_TEXTS.adminsPage.role, ADMIN_TEXTS.adminsPage.createdAt, ADMIN_TEXTS.adminsPage.lastLogin, ADMIN_TEXTS.adminsPage.actions]) {
    await page.getByRole("columnheader", { name: header }).waitFor();
  }
  const superRow = page.locator(`tr[data-admin-email="${ADMIN_EMAIL}"]`);
  assert.equal(await superRow.locator(".admin-badge.role-super_admin").textContent(), ADMIN_TEXTS.roles.super_admin);
  assert.equal(await superRow.getByRole("button", { name: ADMIN_TEXTS.adminsPage.revoke }).count(), 0, "no revoke on a super_admin row");

  // The invite dialog: admin and moderator only, the spec's defaults ticked.
  await page.getByRole("button", { name: ADMIN_TEXTS.adminsPage.invite }).click();
  const dialog = page.getByRole("dialog", { name: ADMIN_TEXTS.adminsPage.inviteTitle });
  await dialog.waitFor();
  assert.deepEqual(await dialog.getByLabel(ADMIN_TEXTS.adminsPage.role).locator("option").allTextContents(), [ADMIN_TEXTS.roles.admin, ADMIN_TEXTS.roles.moderator]);
  assert.equal(await dialog.getByLabel(ADMIN_TEXTS.permissions.user_management).isChecked(), true);
  assert.equal(await dialog.getByLabel(ADMIN_TEXTS.permissions.document_verification).isChecked(), true);
  assert.equal(await dialog.getByLabel(ADMIN_TEXTS.permissions.system_monitoring).isChecked(), false);
  await dialog.getByLabel(ADMIN_TEXTS.adminsPage.email).fill(invitee);
  await dialog.getByLabel(ADMIN_TEXTS.adminsPage.role).selectOption("moderator");
  await dialog.getByLabel(ADMIN_TEXTS.permissions.user_management).uncheck();
  await page.screenshot({ path: `${shots}/admin-invite-dialog-desktop.png` });
  await dialog.getByRole("button", { name: ADMIN_TEXTS.adminsPage.send }).click();
  await page.locator(".toast", { hasText: ADMIN_TEXTS.adminsPage.invited }).waitFor();
  await dialog.waitFor({ state: "hidden" });
  const row = page.locator(`tr[data-admin-email="${invitee}"]`);
  await row.waitFor();
  await row.getByText(ADMIN_TEXTS.adminsPage.statuses.invited).waitFor();
  assert.equal(await row.locator(".admin-badge.role-moderator").textContent(), ADMIN_TEXTS.roles.moderator);
  assert.equal((await row.locator(`td[data-label="${ADMIN_TEXTS.adminsPage.lastLogin}"]`).textContent()).trim(), ADMIN_TEXTS.adminsPage.never);
  await page.screenshot({ path: `${shots}/admin-admins-desktop.png`, fullPage: true });
  const bossCookies = await browser.cookies(); // every path: the admin cookie lives on /admin, /admin.data and /api/admin

  // The invitee, in a fresh session, opens the link from the outbox.
  await browser.clearCookies();
  const link = await linkFromOutbox(page, invitee);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(link);
  await page.getByRole("heading", { name: ADMIN_TEXTS.invitation.title }).waitFor();
  await page.getByText(invitee).waitFor();
  await page.getByText(ADMIN_TEXTS.roles.moderator, { exact: true }).waitFor();
  await page.getByText(/cel puțin 12 caractere/).first().waitFor();
  await noHorizontalScroll(page, "invitation");
  await page.screenshot({ path: `${shots}/admin-invitation-mobile.png`, fullPage: true });

  // A password under the policy is refused (the server says why), then a good one is taken.
  await page.getByLabel(ADMIN_TEXTS.invitation.newPassword).fill("doar-litere-mici-1");
  await page.getByLabel(ADMIN_TEXTS.invitation.confirmPassword).fill("doar-litere-mici-1");
  await page.getByRole("button", { name: ADMIN_TEXTS.invitation.submit }).click();
  await page.getByText(ADMIN_TEXTS.adminPassword.missingClasses).waitFor();
  await page.getByLabel(ADMIN_TEXTS.invitation.newPassword).fill(password);
  await page.getByLabel(ADMIN_TEXTS.invitation.confirmPassword).fill(password);
  await page.getByRole("button", { name: ADMIN_TEXTS.invitation.submit }).click();
  await page.waitForURL((url) => url.pathname === "/admin");

  // Signed in with only what the invitation granted: documents, not users, not administrators.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  const nav = page.getByRole("navigation", { name: ADMIN_TEXTS.shell.navLabel });
  assert.deepEqual((await nav.getByRole("link").allTextContents()).map((t) => t.trim()), [ADMIN_TEXTS.nav.dashboard, ADMIN_TEXTS.nav.documents, ADMIN_TEXTS.nav.settings]);
  await page.screenshot({ path: `${shots}/admin-invitee-desktop.png` });
  await page.goto(baseUrl + "/admin/admins");
  await page.getByText(ADMIN_TEXTS.superAdminOnly).waitFor();
  await page.goto(baseUrl + "/admin/users");
  await page.getByText(ADMIN_TEXTS.forbidden).waitFor();

  // The link is spent.
  await page.goto(link);
  await page.getByRole("heading", { name: ADMIN_TEXTS.invitation.invalidTitle }).waitFor();

  // A fresh sign-in with the chosen password works.
  await browser.clearCookies();
  await signIn(page, invitee, password);
  const inviteeCookies = await browser.cookies();

  // The super admin revokes after the browser's confirmation; the invitee's session ends at once.
  await browser.clearCookies();
  await browser.addCookies(bossCookies);
  await page.goto(baseUrl + "/admin/admins");
  let confirmText = null;
  page.once("dialog", async (d) => {
    confirmText = d.message();
    await d.accept();
  });
  await page.locator(`tr[data-admin-email="${invitee}"]`).getByRole("button", { name: ADMIN_TEXTS.adminsPage.revoke }).click();
  await page.locator(".toast", { hasText: ADMIN_TEXTS.adminsPage.revoked }).waitFor();
  assert.equal(confirmText, ADMIN_TEXTS.adminsPage.revokeConfirm);
  await page.locator(`tr[data-admin-email="${invitee}"][data-status="revoked"]`).waitFor();

  // 360 px: the table becomes labelled cards, no horizontal scroll.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await page.getByRole("heading", { name: ADMIN_TEXTS.adminsPage.title, level: 1 }).waitFor();
  await noHorizontalScroll(page, "administrators");
  await page.screenshot({ path: `${shots}/admin-admins-mobile.png`, fullPage: true });

  await browser.clearCookies();
  await browser.addCookies(inviteeCookies);
  await page.goto(baseUrl + "/admin");
  await page.waitForURL((url) => url.pathname === "/admin/login");
  assert.deepEqual(errors, []);
  await page.close();
});
