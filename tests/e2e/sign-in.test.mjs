// Issue #4 journeys: sign in from the home page dialog with the code from the local outbox, land on the
// right page, edit the profile, log out; /login with its own rules; sign-in with a stored switch context.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { TEXTS } from "../support/texts.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { completeSignIn, uniquePhone } from "../support/sign-in.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const getBrowser = browserPerFile({ before, after });

async function freshPage(width, height) {
  await getBrowser().clearCookies();
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width, height });
  return page;
}

test("sign in from the home dialog, edit the profile, log out (mobile)", async () => {
  const page = await freshPage(360, 780);
  await page.goto(baseUrl + "/");
  await page.evaluate(() => localStorage.clear());
  await page.getByRole("link", { name: TEXTS.nav.account }).click();
  const dialog = page.getByRole("dialog", { name: "Autentificare" });
  await dialog.waitFor();

  // A malformed number is refused before anything is sent.
  await dialog.getByLabel("Număr de telefon").fill("12345");
  await dialog.getByRole("button", { name: TEXTS.auth.sendCode }).click();
  await page.locator(".toast").getByText(TEXTS.auth.invalidPhoneDialog.title).waitFor();

  const phone = uniquePhone();
  // The dialog accepts the national form and normalises it.
  await completeSignIn(page, dialog, baseUrl, `0${phone.slice(3)}`);
  await page.locator(".toast").getByText(TEXTS.auth.signedIn).waitFor();
  // No switch context: the page reloads and the signed-in navigation appears.
  const bar = page.getByRole("navigation", { name: "Navigare rapidă" });
  await bar.waitFor();
  assert.deepEqual(await bar.getByRole("link").allTextContents(), [TEXTS.search.submit, "Schimbare", "Documente", "Istoric", "Notificări"]);
  assert.equal(await page.getByRole("link", { name: TEXTS.nav.account }).count(), 0);
  await page.screenshot({ path: `${shots}/home-signed-in-mobile.png` });

  await page.getByRole("link", { name: "Profilul meu" }).click();
  await page.getByRole("heading", { name: "Profilul meu" }).waitFor();
  assert.equal(await page.getByLabel("Număr de telefon").inputValue(), phone);
  assert.equal(await page.getByLabel("Număr de telefon").getAttribute("readonly"), "");
  await page.getByLabel(TEXTS.profile.email).fill("nu-e-email");
  await page.getByRole("button", { name: TEXTS.profile.save }).click();
  await page.getByText(TEXTS.profile.invalidEmail).waitFor();
  await page.getByLabel(TEXTS.profile.firstName).fill("Ștefan");
  await page.getByLabel("Nume", { exact: true }).fill("Țurcanu");
  await page.getByLabel(TEXTS.profile.email).fill("stefan@example.ro");
  await page.getByRole("button", { name: TEXTS.profile.save }).click();
  await page.locator(".toast").getByText(TEXTS.profile.updated).waitFor();
  await page.reload();
  assert.equal(await page.getByLabel(TEXTS.profile.firstName).inputValue(), "Ștefan");
  assert.equal(await page.locator(".header-profile").textContent(), "ȘȚ");
  await page.screenshot({ path: `${shots}/profile-mobile.png`, fullPage: true });

  await page.locator(".account-card").getByRole("button", { name: TEXTS.nav.logout }).click();
  await page.waitForURL(/\/login$/);
  assert.equal(await page.evaluate(() => localStorage.getItem("userPhone")), null);
  await page.goto(baseUrl + "/profil");
  await page.waitForURL(/\/login\?redirectTo=%2Fprofil$/);
  await page.close();
});

test("/login uses its own phone rule and returns to the page that asked (desktop)", async () => {
  const page = await freshPage(1280, 900);
  await page.goto(baseUrl + "/profil");
  await page.waitForURL(/\/login\?redirectTo=/);
  await page.getByLabel("Număr de telefon").fill("0712345678");
  await page.getByRole("button", { name: TEXTS.auth.sendCode }).click();
  await page.locator(".toast").getByText(TEXTS.auth.invalidPhoneLogin.title).waitFor();
  await page.screenshot({ path: `${shots}/login-desktop.png` });
  await completeSignIn(page, page.locator(".auth-card"), baseUrl, uniquePhone());
  await page.waitForURL(/\/profil$/);
  const nav = page.getByRole("navigation", { name: "Meniu principal" });
  assert.deepEqual(await nav.locator(".header-links a").allTextContents(), [
    TEXTS.nav.switchSupplier,
    "Documente",
    "Istoric Schimbări",
    "Notificări",
  ]);
  await page.screenshot({ path: `${shots}/profile-desktop.png`, fullPage: true });
  await page.close();
});

test("signing in with a stored switch context goes to /schimba-furnizor", async () => {
  const page = await freshPage(1280, 900);
  await page.goto(baseUrl + "/");
  await page.evaluate(() =>
    localStorage.setItem(
      "pendingSwitchContext",
      JSON.stringify({ selectedOfferId: "o", selectedSupplierId: "hidroelectrica", searchDate: "2099-01-01" }),
    ),
  );
  await page.getByRole("link", { name: TEXTS.nav.account }).click();
  await completeSignIn(page, page.getByRole("dialog", { name: "Autentificare" }), baseUrl, uniquePhone());
  await page.waitForURL(/\/schimba-furnizor$/);
  await page.close();
});
