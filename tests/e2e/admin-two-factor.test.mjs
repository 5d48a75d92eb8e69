// Two-factor for admins in Chromium (issue #12 item 4, TOTP part): an invited admin enrols on
// /admin/two-factor (QR code and the secret as text), confirms with a code computed here from the shown
// secret (RFC 6238, as an authenticator app would), sees the 10 recovery codes once; the next sign-in
// asks for the code as a second step, and a recovery code works once. Screenshots at 1280 and 360 px.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { closeBrowser, launchBrowser } from "../support/browser.mjs";
import { ADMIN_TEXTS } from "../support/texts.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = "tests/e2e/screenshots";
mkdirSync(shots, { recursive: true });
const vars = parseDevVars(readFileSync(existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example", "utf8"));

function base32Decode(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of text.replace(/\s/g, "")) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of the step `offset` steps from now. */
function totp(secret, offset = 0) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const at = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await closeBrowser(browser);
});

/** An active admin made the real way: invited by the super admin through the API, accepted through the link. */
async function invitedAdmin() {
  const email = `doi-pasi-${Date.now()}@firma.ro`;
  const password = "Cheie-Lunga-2026";
  const post = (path, body, headers = {}) =>
    fetch(baseUrl + path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
  const login = await (await post("/api/admin/auth/login", { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD })).json();
  assert.equal(login.success, true);
  const invited = await post("/api/admin/auth/invite", { email, role: "admin" }, { Authorization: `Bearer ${login.token}` });
  assert.equal(invited.status, 200);
  const outbox = await (await fetch(`${baseUrl}/api/dev/mail-outbox?to=${encodeURIComponent(email)}`)).json();
  const path = new URL(outbox.data[0].link).pathname;
  const accepted = await fetch(baseUrl + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ newPassword: password, confirmPassword: password }),
    redirect: "manual",
  });
  assert.equal(accepted.status, 302);
  return { email, password };
}

async function passwordStep(page, admin) {
  await page.goto(baseUrl + "/admin/login");
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(admin.email);
  await page.getByLabel(ADMIN_TEXTS.login.password).fill(admin.password);
  await page.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
  await page.getByRole("heading", { name: ADMIN_TEXTS.twoFactor.loginTitle }).waitFor();
}

test("an admin enrols in two-factor, then signs in with a code and once with a recovery code", async () => {
  const admin = await invitedAdmin();
  await browser.clearCookies();
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(baseUrl + "/admin/login");
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(admin.email);
  await page.getByLabel(ADMIN_TEXTS.login.password).fill(admin.password);
  await page.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
  await page.waitForURL((url) => url.pathname === "/admin");

  await page.goto(baseUrl + "/admin/two-factor");
  await page.getByText(ADMIN_TEXTS.twoFactor.disabled).waitFor();
  await page.getByRole("button", { name: ADMIN_TEXTS.twoFactor.start }).click();
  const qr = page.getByRole("img", { name: ADMIN_TEXTS.twoFactor.qrLabel });
  await qr.waitFor();
  const box = await qr.boundingBox();
  assert.ok(box.width >= 150, `the QR code is large enough to scan (${box.width}px)`);
  const secret = await page.locator("code[data-secret]").getAttribute("data-secret");
  assert.match(secret, /^[A-Z2-7]{32}$/);
  assert.equal((await page.locator("code[data-secret]").textContent()).replace(/\s/g, ""), secret);
  await page.screenshot({ path: `${shots}/admin-two-factor-enrol-desktop.png`, fullPage: true });

  // A wrong code is refused; the right one enables it and shows the recovery codes once.
  await page.getByLabel(ADMIN_TEXTS.twoFactor.code).fill(totp(secret) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: ADMIN_TEXTS.twoFactor.confirm }).click();
  await page.getByText(ADMIN_TEXTS.twoFactor.invalidCode).waitFor();
  await page.getByLabel(ADMIN_TEXTS.twoFactor.code).fill(totp(secret));
  await page.getByRole("button", { name: ADMIN_TEXTS.twoFactor.confirm }).click();
  await page.getByRole("heading", { name: ADMIN_TEXTS.twoFactor.recoveryTitle }).waitFor();
  const recovery = (await page.locator(".recovery-codes code").allTextContents()).map((t) => t.trim());
  assert.equal(recovery.length, 10);
  await page.setViewportSize({ width: 360, height: 780 });
  // the shell's drawer slides out of view when the width crosses its breakpoint: let it finish before the picture
  await page.waitForTimeout(400);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll at 360 px (${overflow}px)`);
  await page.screenshot({ path: `${shots}/admin-two-factor-recovery-mobile.png`, fullPage: true });
  await page.getByRole("link", { name: ADMIN_TEXTS.twoFactor.recoveryDone }).click();
  await page.getByText(ADMIN_TEXTS.twoFactor.enabled).waitFor();
  assert.equal(await page.locator(".recovery-codes").count(), 0, "the codes are not shown again");

  // The next sign-in asks for the code; the password alone opens nothing.
  await browser.clearCookies();
  await passwordStep(page, admin);
  await page.screenshot({ path: `${shots}/admin-two-factor-login-mobile.png` });
  await page.goto(baseUrl + "/admin");
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await passwordStep(page, admin);
  // the enrolment used the current step, so the next step's code is the next one accepted
  await page.getByLabel(ADMIN_TEXTS.twoFactor.code).fill(totp(secret, 1));
  await page.getByRole("button", { name: ADMIN_TEXTS.twoFactor.loginSubmit }).click();
  await page.waitForURL((url) => url.pathname === "/admin");

  // A recovery code works once.
  await browser.clearCookies();
  await page.setViewportSize({ width: 1280, height: 900 });
  await passwordStep(page, admin);
  await page.getByLabel(ADMIN_TEXTS.twoFactor.code).fill(recovery[0]);
  await page.getByRole("button", { name: ADMIN_TEXTS.twoFactor.loginSubmit }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await browser.clearCookies();
  await passwordStep(page, admin);
  await page.getByLabel(ADMIN_TEXTS.twoFactor.code).fill(recovery[0]);
  await page.getByRole("button", { name: ADMIN_TEXTS.twoFactor.loginSubmit }).click();
  await page.getByRole("alert").getByText(ADMIN_TEXTS.twoFactor.invalidCode).waitFor();
  await page.screenshot({ path: `${shots}/admin-two-factor-login-error-desktop.png` });
  assert.deepEqual(errors, []);
  await page.close();
});
