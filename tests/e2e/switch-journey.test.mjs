// Issue #9 journeys in Chromium, at 360 px and 1280 px: search → choose an offer signed out → sign in
// → the wizard opens with that offer → upload ID and bill in place, wait for "verified" → meter index
// → the summary with the extracted data → submit → the history shows the request → detail → cancel.
// Also: the 'Ofertă invalidă' page, the sign-in redirect, the page aliases and 'Cerere negăsită'.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { TEXTS } from "../support/texts.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { completeSignIn, uniquePhone } from "../support/sign-in.mjs";
import { pickSelectableDay } from "../support/calendar.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const fixtures = "tests/fixtures/generated";
const getBrowser = browserPerFile({ before, after });
const VERIFY_TIMEOUT = 120_000;

async function freshPage(width, height) {
  await getBrowser().clearCookies();
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width, height });
  return page;
}

/** Search a county for the n-th selectable day and wait for the results. */
async function searchOffers(page, county, dayIndex) {
  await page.goto(baseUrl + "/");
  await page.waitForSelector("#offer-search select:not([disabled])");
  await page.evaluate(() => localStorage.clear());
  await page.selectOption("#offer-search select", { label: county });
  await page.locator("button.date-trigger").click();
  await pickSelectableDay(page, dayIndex);
  await page.getByRole("button", { name: TEXTS.search.submit }).click();
  await page.waitForSelector("ol.offer-list li", { timeout: 30_000 });
}

const choice = (page, fileName) => page.locator("label.choice").filter({ hasText: fileName });

/**
 * The whole journey for one person at one screen size. Returns the created request's id.
 * `person`: fixtures of one holder (ID image + bill PDF); `supplier`: the offer to choose.
 */
async function switchJourney(page, { tag, county, dayIndex, supplier, idFile, billFile, oldSupplier, holderLastName }) {
  await searchOffers(page, county, dayIndex);
  const row = page.locator("li.offer-row", { hasText: supplier }).first();
  const offerName = (await row.locator(".offer-name").textContent()).trim();
  await page.screenshot({ path: `${shots}/switch-${tag}-1-results.png`, fullPage: true });
  await row.getByRole("button", { name: TEXTS.search.chooseOffer }).click();

  // Signed out: how-it-works, then the sign-in dialog; afterwards straight to the wizard.
  await page.getByRole("dialog", { name: TEXTS.switchDialog.title }).getByRole("button", { name: TEXTS.switchDialog.start }).click();
  const signIn = page.getByRole("dialog", { name: "Autentificare" });
  await signIn.getByLabel("Număr de telefon").waitFor();
  await completeSignIn(page, signIn, baseUrl, uniquePhone());
  await page.waitForURL(/\/schimba-furnizor$/);

  // The context now lives on the server: a reload keeps the wizard and its offer.
  await page.reload();
  await page.getByRole("heading", { name: "Schimbă furnizorul", level: 1 }).waitFor();
  assert.match(await page.locator(".switch-offer-line").textContent(), new RegExp(`${supplier}.*${offerName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  assert.deepEqual(await page.locator(".wizard-step-label").allTextContents(), ["ID", "Factură", "Index", "Confirmare"]);
  await page.getByRole("heading", { name: "Document de Identitate" }).waitFor();
  await page.getByText(TEXTS.switching.noIdentity).waitFor();
  const next = page.getByRole("button", { name: TEXTS.switching.next });
  assert.equal(await next.isDisabled(), true, "no verified identity document yet");
  await page.screenshot({ path: `${shots}/switch-${tag}-2-identity-empty.png`, fullPage: true });

  // Step 1: upload in place; the document waits 'în curs de aprobare', then is verified and chosen.
  await page.getByLabel("Act de identitate: Alege fișierul").setInputFiles(`${fixtures}/${idFile}`);
  await choice(page, idFile).waitFor();
  await choice(page, idFile).locator(".status-badge", { hasText: TEXTS.switching.awaitingApproval }).waitFor();
  assert.equal(await choice(page, idFile).locator("input").isDisabled(), true, "only verified documents can be chosen");
  await page.screenshot({ path: `${shots}/switch-${tag}-3-identity-pending.png`, fullPage: true });
  await choice(page, idFile).locator(".status-badge", { hasText: TEXTS.documents.statusLabels.verified }).waitFor({ timeout: VERIFY_TIMEOUT });
  assert.equal(await choice(page, idFile).locator("input").isChecked(), true, "the verified document is chosen");
  await page.screenshot({ path: `${shots}/switch-${tag}-4-identity-verified.png`, fullPage: true });
  await next.click();

  // Step 2: the bill, the same way.
  await page.getByRole("heading", { name: "Factură Energie Electrică" }).waitFor();
  assert.equal(await next.isDisabled(), true);
  await page.getByLabel("Ultima factură de energie electrică: Alege fișierul").setInputFiles(`${fixtures}/${billFile}`);
  await choice(page, billFile).waitFor();
  await choice(page, billFile).locator(".status-badge", { hasText: TEXTS.documents.statusLabels.verified }).waitFor({ timeout: VERIFY_TIMEOUT });
  await page.screenshot({ path: `${shots}/switch-${tag}-5-bill-verified.png`, fullPage: true });
  await next.click();

  // Step 3: the index; forbidden characters vanish while typing; it is sent when the step is left.
  await page.getByRole("heading", { name: "Indexul Contorului" }).waitFor();
  assert.equal(await next.isDisabled(), true, "an index is required");
  const index = page.getByLabel("Index contor");
  await index.pressSequentially("04 5678!");
  assert.equal(await index.inputValue(), "045678");
  await page.screenshot({ path: `${shots}/switch-${tag}-6-meter.png`, fullPage: true });
  const meterSent = page.waitForResponse((res) => res.url().endsWith("/api/documents/meter-reading") && res.request().method() === "POST");
  await next.click();
  assert.equal((await meterSent).status(), 201);

  // Step 4: old vs new supplier, the extracted data of both documents, the confirmation form.
  await page.getByRole("heading", { name: "Confirmă Schimbarea" }).waitFor();
  await page.locator(".supplier-card.old .supplier-card-name", { hasText: oldSupplier }).waitFor();
  assert.equal((await page.locator(".supplier-card.new .supplier-card-name").textContent()).trim(), supplier);
  const identityPart = page.locator(".summary-part").filter({ has: page.getByRole("heading", { name: "Act de identitate" }) });
  await identityPart.locator("dt", { hasText: TEXTS.switching.fields.cnp }).waitFor();
  // The printed name carries its diacritics ('ȘTEFĂNESCU'); the fixture's holder is spelled without.
  const withoutMarks = (text) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  assert.match(withoutMarks(await identityPart.textContent()), new RegExp(withoutMarks(holderLastName), "i"));
  const billPart = page.locator(".summary-part").filter({ has: page.getByRole("heading", { name: "Factură energie electrică" }) });
  await billPart.locator("dt", { hasText: "Cod loc de consum (POD)" }).waitFor();
  assert.match(await billPart.textContent(), /RO\d{3}E\d{9}/);
  await page.locator(".summary-part .meter-value", { hasText: "045678" }).waitFor();
  assert.equal(await page.getByLabel(TEXTS.switching.titleHolderQuality).inputValue(), "Proprietar");
  assert.equal(await page.locator("#" + (await page.getByLabel(TEXTS.switching.titleHolderQuality).getAttribute("id")) + " option").count(), 11);
  await page.getByText("Procesul poate dura până la 15 minute.", { exact: false }).waitFor();
  const submit = page.getByRole("button", { name: TEXTS.switching.submit });
  assert.equal(await submit.isDisabled(), true, "terms not accepted yet");

  // Prosumers are blocked.
  await page.getByLabel("Accept termenii și condițiile", { exact: false }).check();
  await page.getByLabel(TEXTS.switching.consumerTypes.prosumator).check();
  await page.getByText(TEXTS.switching.prosumerMessage).waitFor();
  assert.equal(await submit.isDisabled(), true, "prosumers cannot submit");
  await page.screenshot({ path: `${shots}/switch-${tag}-7-prosumer-blocked.png`, fullPage: true });
  await page.getByLabel(TEXTS.switching.consumerTypes.casnic).check();
  await page.getByLabel(TEXTS.switching.titleHolderQuality).selectOption("Chiriaș");
  await page.screenshot({ path: `${shots}/switch-${tag}-8-summary.png`, fullPage: true });

  const created = page.waitForResponse((res) => res.url().endsWith("/api/users/request-supplier-switch"));
  await submit.click();
  const answer = await created;
  assert.equal(answer.status(), 201);
  const requestId = (await answer.json()).id;
  await page.locator(".toast").getByText(TEXTS.switching.submitSucceeded).waitFor();
  await page.screenshot({ path: `${shots}/switch-${tag}-9-submitted.png` });
  assert.equal(await page.evaluate(() => localStorage.getItem("pendingSwitchContext")), null, "the local context is cleared");

  // About 2 s later: the history, with the new request on top.
  await page.waitForURL(/\/istoric-schimbari$/, { timeout: 10_000 });
  const item = page.locator(`li.request-item[data-request-id="${requestId}"]`);
  await item.getByRole("heading", { name: `Cererea #${requestId.slice(-8)}` }).waitFor();
  // The supplier's queue takes it at once (switch-signing.test.mjs follows it to the end): any status.
  await item.locator(".status-badge").waitFor();
  assert.match(await item.textContent(), new RegExp(supplier));
  await page.screenshot({ path: `${shots}/switch-${tag}-10-history.png`, fullPage: true });

  // Detail: every field, the log; then cancel with a reason.
  await item.getByRole("link", { name: "Vezi detalii" }).click();
  await page.waitForURL(new RegExp(`/cereri-schimbare/${requestId}$`));
  await page.getByRole("heading", { name: `Cererea #${requestId.slice(-8)}`, level: 1 }).waitFor();
  const facts = await page.locator(".facts").textContent();
  for (const expected of [supplier, offerName, "Chiriaș", TEXTS.switching.switchTypes.automatic, TEXTS.switching.reasons.cost_savings, "lei/kWh", oldSupplier]) assert.ok(facts.includes(expected), `detail shows ${expected}`);
  assert.deepEqual((await page.locator(".request-log li > span").allTextContents()).slice(0, 3), [
    TEXTS.switching.log.validated,
    TEXTS.switching.log.documentsVerified,
    `Cererea așteaptă în coada de procesare a furnizorului ${supplier}.`,
  ]);
  await page.screenshot({ path: `${shots}/switch-${tag}-11-detail.png`, fullPage: true });

  await page.getByLabel(TEXTS.switching.cancelReason).fill("Am găsit o ofertă mai bună");
  await page.getByRole("button", { name: "Anulează cererea" }).click();
  await page.locator(".toast").getByText(TEXTS.switching.cancelled).waitFor();
  await page.locator(".request-head .status-badge", { hasText: "Anulată" }).waitFor();
  await page.locator(".request-log li > span", { hasText: "Cererea a fost anulată de client: Am găsit o ofertă mai bună" }).waitFor();
  assert.equal(await page.getByRole("button", { name: "Anulează cererea" }).count(), 0, "a cancelled request cannot be cancelled again");
  await page.screenshot({ path: `${shots}/switch-${tag}-12-cancelled.png`, fullPage: true });
  return requestId;
}

test("switch journey at 360 px: search → sign in → wizard → request → history → detail → cancel", { timeout: 300_000 }, async () => {
  const page = await freshPage(360, 780);
  await switchJourney(page, {
    tag: "mobile",
    county: "Cluj",
    dayIndex: 2,
    supplier: "Hidroelectrica",
    idFile: "id-popescu-scan.png",
    billFile: "bill-electrica-popescu.pdf",
    oldSupplier: "Electrica Furnizare",
    holderLastName: "Popescu",
  });
  // Nothing on the page is wider than the screen.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no horizontal scrolling at 360 px");
  await page.close();
});

test("switch journey at 1280 px with another person and supplier", { timeout: 300_000 }, async () => {
  const page = await freshPage(1280, 900);
  await switchJourney(page, {
    tag: "desktop",
    county: "București",
    dayIndex: 4,
    supplier: "Nova Power & Gas",
    idFile: "id-stefanescu-scan.jpg",
    billFile: "bill-hidroelectrica-stefanescu.pdf",
    oldSupplier: "Hidroelectrica",
    holderLastName: "Stefanescu",
  });
  await page.close();
});

test("the wizard asks for sign-in, says 'Ofertă invalidă' without a valid context, and opens at once for a signed-in choice", { timeout: 120_000 }, async () => {
  const page = await freshPage(360, 780);
  await page.goto(baseUrl + "/schimba");
  await page.waitForURL(/\/login\?redirectTo=%2Fschimba$/);
  // The browser profile is shared by the file's tests: no offer chosen earlier may ride along.
  await page.evaluate(() => localStorage.clear());
  await completeSignIn(page, page.locator(".auth-card"), baseUrl, uniquePhone());
  await page.waitForURL(/\/schimba$/);
  await page.getByRole("heading", { name: TEXTS.switching.invalidOfferTitle }).waitFor();
  await page.getByText("Nu aveți o ofertă selectată", { exact: false }).waitFor();
  await page.screenshot({ path: `${shots}/switch-invalid-no-context-mobile.png` });

  // A context whose search day has come is stale.
  const today = await page.evaluate(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Bucharest" }).format(new Date()));
  const stored = await page.request.put(`${baseUrl}/api/users/switch-context`, {
    data: { selectedOfferId: "hidroelectrica-casnic-fix-12", selectedSupplierId: "hidroelectrica", searchDate: today, county: "CJ" },
  });
  assert.equal(stored.status(), 200);
  await page.goto(baseUrl + "/schimba-furnizor");
  await page.getByText(TEXTS.switching.staleDate).waitFor();
  await page.screenshot({ path: `${shots}/switch-invalid-stale-mobile.png` });
  await page.getByRole("link", { name: TEXTS.switching.goHome }).click();
  await page.waitForURL(`${baseUrl}/`);

  // Signed in, choosing an offer stores it on the server and opens the wizard with it at once.
  await searchOffers(page, "Timiș", 3);
  const row = page.locator("li.offer-row", { hasText: "Nova Power & Gas" }).first();
  const offerName = (await row.locator(".offer-name").textContent()).trim();
  await row.getByRole("button", { name: TEXTS.search.chooseOffer }).click();
  await page.waitForURL(/\/schimba-furnizor$/);
  await page.getByRole("heading", { name: "Document de Identitate" }).waitFor();
  assert.ok((await page.locator(".switch-offer-line").textContent()).includes(offerName));
  const serverContext = await (await page.request.get(`${baseUrl}/api/users/switch-context`)).json();
  assert.equal(serverContext.context.supplierName, "Nova Power & Gas");
  assert.equal(serverContext.context.county, "TM");
  assert.deepEqual(serverContext.validity, { valid: true });

  // The history and its aliases, empty; an unknown request is 'Cerere negăsită'.
  for (const path of ["/istoric-schimbari", "/cereri-schimbare", "/switch-requests"]) {
    await page.goto(baseUrl + path);
    await page.getByRole("heading", { name: "Istoric Schimbări", level: 1 }).waitFor();
    await page.getByText(TEXTS.switching.historyEmpty).waitFor();
  }
  await page.screenshot({ path: `${shots}/switch-history-empty-mobile.png`, fullPage: true });
  for (const path of ["/cereri-schimbare/00000000-0000-7000-8000-000000000000", "/switch-requests/nu-exista"]) {
    const res = await page.goto(baseUrl + path);
    assert.equal(res.status(), 404);
    await page.getByRole("heading", { name: "Cerere negăsită" }).waitFor();
  }
  await page.screenshot({ path: `${shots}/switch-request-not-found-mobile.png` });
  await page.close();
});
