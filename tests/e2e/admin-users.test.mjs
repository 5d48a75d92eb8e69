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
    await page.getByLabel("Număr de telefon").fill(phone);
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/auth/register-phone"));
    await page.getByRole("button", { name: "Trimite codul" }).click();
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
  await row.getByRole("button", { name: /^Acțiuni pentru / }).click();
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
  await user.getByRole("heading", { name: "Profilul meu" }).waitFor();
  await user.getByLabel("Prenume").fill("Elena");
  await user.getByLabel("Nume", { exact: true }).fill("Suspendescu");
  await user.getByRole("button", { name: "Salvează modificările" }).click();
  await user.locator(".toast").getByText("Profilul a fost actualizat cu succes.").waitFor();

  // The admin signs in and lands on the users page.
  const admin = await browser.newPage();
  admin.on("pageerror", (e) => errors.push(`admin: ${e.message}`));
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.goto(`${baseUrl}/admin/users`);
  await admin.waitForURL((url) => url.pathname === "/admin/login");
  await admin.getByLabel("Email").fill(vars.ADMIN_EMAIL);
  await admin.getByLabel("Parolă").fill(vars.ADMIN_PASSWORD);
  await admin.getByRole("button", { name: "Autentificare" }).click();
  await admin.waitForURL((url) => url.pathname === "/admin/users");
  await admin.getByRole("heading", { name: "Gestionare Utilizatori", level: 1 }).waitFor();
  const nav = admin.getByRole("navigation", { name: "Navigare administrare" });
  assert.equal(await nav.locator('[aria-current="page"]').textContent(), "Utilizatori");
  await admin.locator("tr[data-user]").first().waitFor();
  for (const column of ["Utilizator", "Telefon", "Status", "Înregistrat", "Progres Documente", "Acțiuni"]) {
    await admin.getByRole("columnheader", { name: column, exact: true }).waitFor();
  }

  // Search by phone (national form), then the status filter: one row, active, no documents.
  await admin.getByLabel("Caută după telefon").fill(`${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`);
  await admin.getByRole("button", { name: "Caută", exact: true }).click();
  await admin.waitForFunction(() => document.querySelectorAll("tr[data-user]").length === 1);
  const row = await userRow(admin, phone);
  assert.equal(await row.getAttribute("data-status"), "active");
  await row.getByText("Elena Suspendescu").waitFor();
  await row.getByText("Fără progres").waitFor();
  await row.getByText("Activ", { exact: true }).waitFor();
  await admin.getByLabel("Status").selectOption("suspended");
  await admin.getByText("Niciun utilizator nu corespunde filtrelor.").waitFor();
  await admin.getByLabel("Status").selectOption("active");
  await userRow(admin, phone);
  await noHorizontalScroll(admin, "admin 1280");
  await admin.screenshot({ path: `${shots}/admin-users-desktop.png`, fullPage: true });

  // The detail dialog: four tabs, each with real data or its empty state.
  await chooseAction(admin, phone, "Vezi detalii");
  const dialog = admin.getByRole("dialog", { name: "Utilizator: Elena Suspendescu" });
  await dialog.getByRole("tab", { name: "Prezentare" }).waitFor();
  assert.deepEqual(await dialog.getByRole("tab").allTextContents(), ["Prezentare", "Activitate", "Documente", "Schimbări"]);
  await dialog.getByText(phone, { exact: true }).waitFor();
  await dialog.getByText("Acte de identitate").waitFor();
  await dialog.getByRole("tab", { name: "Activitate" }).click();
  await dialog.locator('.user-timeline li[data-action="auth.login"]').first().waitFor();
  await dialog.getByRole("tab", { name: "Documente" }).click();
  await dialog.getByText("Niciun document încărcat.").waitFor();
  await dialog.locator('[data-table="auth-logs"] tbody tr').first().waitFor();
  assert.ok((await dialog.locator('[data-table="auth-logs"] tbody tr').count()) <= 10, "at most 10 auth logs");
  await admin.screenshot({ path: `${shots}/admin-users-detail-desktop.png` });
  await dialog.getByRole("tab", { name: "Schimbări" }).click();
  await dialog.getByText("Nicio schimbare de furnizor.").waitFor();
  await dialog.getByRole("button", { name: "Închide" }).click();
  await dialog.waitFor({ state: "hidden" });

  // Suspend after the browser's confirmation: the list (every status, same search) reloads with the new status.
  await admin.getByLabel("Status").selectOption("");
  await admin.waitForFunction(() => document.querySelectorAll("tr[data-user]").length === 1);
  admin.once("dialog", (confirm) => void confirm.accept());
  await chooseAction(admin, phone, "Suspendă");
  await admin.locator(".toast", { hasText: "Statusul utilizatorului a fost actualizat." }).waitFor();
  await admin.waitForFunction(() => document.querySelector("tr[data-user]")?.getAttribute("data-status") === "suspended");
  await (await userRow(admin, phone)).getByText("Suspendat", { exact: true }).waitFor();

  // The user's open page: the socket is closed, the page re-reads its session and goes to /login.
  await user.waitForURL((url) => url.pathname === "/login", { timeout: 60_000 });
  await user.goto(`${baseUrl}/profil`);
  await user.waitForURL((url) => url.pathname === "/login");

  // Signing in again is refused with the Romanian message.
  await requestCodeOnLogin(user, phone);
  await user.getByLabel("Codul primit prin SMS").fill(await readLatestCode(baseUrl, phone));
  await user.getByRole("button", { name: "Verifică și intră în cont" }).click();
  const refused = user.locator(".toast", { hasText: "Cont indisponibil" });
  await refused.getByText("Contul dumneavoastră este suspendat. Contactați echipa de suport pentru detalii.").waitFor();
  await noHorizontalScroll(user, "user 360");
  await user.screenshot({ path: `${shots}/admin-users-suspended-user-mobile.png` });

  // The admin page at 360 px: the table becomes cards, nothing scrolls sideways.
  const narrow = await browser.newPage();
  narrow.on("pageerror", (e) => errors.push(`admin 360: ${e.message}`));
  await narrow.setViewportSize({ width: 360, height: 780 });
  await narrow.goto(`${baseUrl}/admin/users`);
  await narrow.getByLabel("Caută după telefon").fill(national);
  await narrow.getByRole("button", { name: "Caută", exact: true }).click();
  await narrow.waitForFunction(() => document.querySelectorAll("tr[data-user]").length === 1);
  await (await userRow(narrow, phone)).getByText("Suspendat", { exact: true }).waitFor();
  await noHorizontalScroll(narrow, "admin 360");
  await narrow.screenshot({ path: `${shots}/admin-users-mobile.png`, fullPage: true });
  await chooseAction(narrow, phone, "Vezi detalii");
  await narrow.getByRole("dialog").getByRole("tab", { name: "Prezentare" }).waitFor();
  await noHorizontalScroll(narrow, "admin 360 dialog");
  await narrow.screenshot({ path: `${shots}/admin-users-detail-mobile.png` });
  await narrow.close();

  // Reactivated, the user signs in again.
  await chooseAction(admin, phone, "Activează");
  await admin.waitForFunction(() => document.querySelector("tr[data-user]")?.getAttribute("data-status") === "active");
  await requestCodeOnLogin(user, phone);
  await user.getByLabel("Codul primit prin SMS").fill(await readLatestCode(baseUrl, phone));
  await user.getByRole("button", { name: "Verifică și intră în cont" }).click();
  await user.waitForURL((url) => url.pathname === "/profil");
  await user.getByRole("heading", { name: "Profilul meu" }).waitFor();

  assert.deepEqual(errors, []);
  await user.close();
  await admin.close();
});
