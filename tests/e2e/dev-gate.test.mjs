// The development gate in a real browser, on its own server started with DEV_GATE_* configured.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { TEXTS } from "../support/texts.mjs";
import { closeBrowser, launchBrowser } from "../support/browser.mjs";
import { startLocalServer } from "../support/local-server.mjs";

let server;
let browser;
before(async () => {
  server = await startLocalServer({ vars: { DEV_GATE_USER: "echipa", DEV_GATE_PASSWORD: "parola-e2e" } });
  browser = await launchBrowser();
});
after(async () => {
  await closeBrowser(browser);
  server?.stop();
});

test("the gate stops the public site until the right credentials are given; /admin is not gated", async () => {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 360, height: 700 });
  await page.goto(`${server.baseUrl}/profil`);
  assert.match(page.url(), /\/acces-dezvoltare\?next=%2Fprofil$/);
  await page.getByRole("heading", { name: TEXTS.devGate.title }).waitFor();
  assert.equal((await fetch(`${server.baseUrl}/api/counties`)).status, 401);

  await page.getByRole("button", { name: TEXTS.devGate.submit }).click();
  await page.getByText(TEXTS.devGate.required).first().waitFor();
  await page.getByLabel(TEXTS.devGate.username).fill("echipa");
  await page.getByLabel("Parolă").fill("gresit");
  await page.getByRole("button", { name: TEXTS.devGate.submit }).click();
  await page.getByText(TEXTS.devGate.deniedTitle).waitFor();
  await page.getByText(TEXTS.devGate.deniedMessage).waitFor();

  await page.getByLabel("Parolă").fill("parola-e2e");
  await page.getByRole("button", { name: TEXTS.devGate.submit }).click();
  await page.getByText(TEXTS.devGate.grantedTitle).waitFor();
  // /profil needs a signed-in user, so the way back ends on /login with the redirect kept.
  await page.waitForURL(/\/login\?redirectTo=%2Fprofil$/);

  const admin = await fetch(`${server.baseUrl}/admin/login`);
  assert.equal(admin.status, 200);
  await page.close();
});
