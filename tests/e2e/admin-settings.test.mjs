// Issue #12 item 4 in Chromium: an administrator with system_admin turns maintenance mode on from
// /admin/settings › Sistem, the public home then shows the maintenance page while /admin keeps working,
// turns it off again; then changes their own password on Profil and signs in with it. A second
// administrator is made for this in D1 (no page can invite one on this branch), so the seeded super
// admin's password, which the other files use, never changes. Screenshots at 1280 and 360 px.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { executeSql } from "../support/d1.mjs";
import { ADMIN_TEXTS, TEXTS } from "../support/texts.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const getBrowser = browserPerFile({ before, after });
const vars = parseDevVars(readFileSync(existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example", "utf8"));

const EMAIL = `setari-e2e-${Date.now().toString(36)}@test.ro`;
const NEW_PASSWORD = "Setari-Noi-Parola-2027";

async function noHorizontalScroll(page, label) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${label}: no horizontal scroll (overflow ${overflow}px)`);
}

async function signIn(page, password) {
  await page.goto(`${baseUrl}/admin/settings`);
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(EMAIL);
  await page.getByLabel(ADMIN_TEXTS.login.password).fill(password);
  await page.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
  await page.waitForURL((url) => url.pathname === "/admin/settings");
  await page.getByRole("heading", { name: ADMIN_TEXTS.settings.title, level: 1 }).waitFor();
}

async function setMaintenance(page, on) {
  await page.getByRole("tab", { name: ADMIN_TEXTS.settings.tabs.sistem }).click();
  const toggle = page.getByRole("switch", { name: ADMIN_TEXTS.settings.fields.maintenance_mode });
  await toggle.setChecked(on);
  // The save itself, not a toast: the toast of an earlier save may still be on screen.
  const saved = page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/admin/settings"));
  await page.getByRole("tabpanel", { name: ADMIN_TEXTS.settings.tabs.sistem }).getByRole("button", { name: ADMIN_TEXTS.settings.save }).click();
  await saved;
  await page.locator(".toast", { hasText: ADMIN_TEXTS.settings.systemSaved }).last().waitFor();
}

before(() => {
  // The same password hash as the seeded super admin: this admin signs in with ADMIN_PASSWORD.
  executeSql(
    `INSERT INTO admins (id, email, password_hash, first_name, last_name, role, permissions_json, status)
     SELECT '${crypto.randomUUID()}', '${EMAIL}', password_hash, 'Setări', 'E2E', 'admin', '{"system_admin":true,"user_management":true}', 'active'
     FROM admins WHERE email = '${vars.ADMIN_EMAIL}'`,
  );
});

test("an admin turns maintenance on and off, and changes their own password", { timeout: 300_000 }, async () => {
  const browser = getBrowser();
  await browser.clearCookies();
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));

  await signIn(page, vars.ADMIN_PASSWORD);
  const nav = page.getByRole("navigation", { name: ADMIN_TEXTS.shell.navLabel });
  assert.equal(await nav.locator('[aria-current="page"]').textContent(), ADMIN_TEXTS.nav.settings);
  assert.equal(await page.getByRole("tab", { name: ADMIN_TEXTS.settings.tabs.profil }).getAttribute("aria-selected"), "true");
  assert.equal(await page.getByLabel(ADMIN_TEXTS.settings.profile.email, { exact: true }).inputValue(), EMAIL);
  assert.equal(await page.getByLabel(ADMIN_TEXTS.settings.profile.role, { exact: true }).inputValue(), ADMIN_TEXTS.roles.admin);
  await page.screenshot({ path: `${shots}/admin-settings-profile-desktop.png` });

  try {
    // Maintenance on: the public home answers the maintenance page, the back-office still works.
    await setMaintenance(page, true);
    await page.screenshot({ path: `${shots}/admin-settings-system-desktop.png` });
    const visitor = await browser.newPage();
    await visitor.setViewportSize({ width: 1280, height: 900 });
    const home = await visitor.goto(`${baseUrl}/`);
    assert.equal(home.status(), 503);
    await visitor.getByRole("heading", { name: TEXTS.adminSettings.maintenanceTitle }).waitFor();
    await visitor.screenshot({ path: `${shots}/maintenance-desktop.png` });
    await visitor.setViewportSize({ width: 360, height: 740 });
    await visitor.reload();
    await visitor.getByRole("heading", { name: TEXTS.adminSettings.maintenanceTitle }).waitFor();
    await noHorizontalScroll(visitor, "maintenance page at 360 px");
    await visitor.screenshot({ path: `${shots}/maintenance-mobile.png` });
    const api = await visitor.request.get(`${baseUrl}/api/suppliers`);
    assert.equal(api.status(), 503);
    assert.equal((await api.json()).error, "maintenance");
    await visitor.close();

    const dashboard = await page.goto(`${baseUrl}/admin`);
    assert.equal(dashboard.status(), 200);
    await page.getByRole("heading", { name: ADMIN_TEXTS.dashboard.title, exact: true }).waitFor();
    await page.goto(`${baseUrl}/admin/settings?tab=sistem`);
    assert.equal(await page.getByRole("switch", { name: ADMIN_TEXTS.settings.fields.maintenance_mode }).isChecked(), true);
  } finally {
    // Whatever happened above, the site is open again for the files after this one.
    await page.evaluate(() =>
      fetch("/api/admin/settings", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ maintenance_mode: false }) }),
    );
  }
  await page.goto(`${baseUrl}/admin/settings?tab=sistem`);
  assert.equal(await page.getByRole("switch", { name: ADMIN_TEXTS.settings.fields.maintenance_mode }).isChecked(), false);
  await setMaintenance(page, true);
  await setMaintenance(page, false);
  const reopened = await page.request.get(`${baseUrl}/`);
  assert.equal(reopened.status(), 200);

  // Own password: a wrong current one is a field error, then the change, then a sign-in with it.
  await page.getByRole("tab", { name: ADMIN_TEXTS.settings.tabs.profil }).click();
  await page.getByLabel(ADMIN_TEXTS.settings.profile.currentPassword, { exact: true }).fill("nu-este-parola");
  await page.getByLabel(ADMIN_TEXTS.settings.profile.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(ADMIN_TEXTS.settings.profile.confirmPassword).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: ADMIN_TEXTS.settings.profile.changePassword }).click();
  await page.getByText(ADMIN_TEXTS.settings.profile.currentWrong).waitFor();
  await page.getByLabel(ADMIN_TEXTS.settings.profile.currentPassword, { exact: true }).fill(vars.ADMIN_PASSWORD);
  await page.getByLabel(ADMIN_TEXTS.settings.profile.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(ADMIN_TEXTS.settings.profile.confirmPassword).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: ADMIN_TEXTS.settings.profile.changePassword }).click();
  await page.locator(".toast", { hasText: ADMIN_TEXTS.settings.profileSaved }).last().waitFor();
  assert.equal(await page.getByLabel(ADMIN_TEXTS.settings.profile.currentPassword, { exact: true }).inputValue(), "", "the form is emptied");

  await browser.clearCookies();
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(EMAIL);
  await page.getByLabel(ADMIN_TEXTS.login.password).fill(vars.ADMIN_PASSWORD);
  await page.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
  await page.getByRole("alert").getByText(ADMIN_TEXTS.loginFailed).waitFor();
  await browser.clearCookies();
  await signIn(page, NEW_PASSWORD);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole("tab", { name: ADMIN_TEXTS.settings.tabs.securitate }).click();
  await page.getByRole("link", { name: ADMIN_TEXTS.settings.twoFactorManage }).waitFor();
  await noHorizontalScroll(page, "settings at 360 px");
  await page.screenshot({ path: `${shots}/admin-settings-security-mobile.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
