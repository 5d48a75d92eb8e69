// Issue #5 journeys: sign in through /login, upload an ID image and a bill PDF of the same person,
// watch both reach "Verificat" through the queue, view and download, delete one with confirmation,
// the upload errors, a meter reading with a photo and the index rules; screenshots at 360 and 1280 px.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { TEXTS } from "../support/texts.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { completeSignIn, uniquePhone } from "../support/sign-in.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const fixtures = "tests/fixtures/generated";
const getBrowser = browserPerFile({ before, after });

const ID_IMAGE = `${fixtures}/id-popescu-scan.png`;
const BILL_PDF = `${fixtures}/bill-electrica-popescu.pdf`;

async function freshPage(width, height) {
  await getBrowser().clearCookies();
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width, height });
  return page;
}

const item = (page, fileName) => page.locator(".document-item").filter({ has: page.locator(".document-name", { hasText: fileName }) });

async function waitForStatus(page, fileName, label, timeout = 90_000) {
  await item(page, fileName).locator(".status-badge", { hasText: label }).waitFor({ timeout });
}

test("documents: upload ID + bill, both verified, view, download, delete, meter reading (mobile + desktop)", { timeout: 240_000 }, async () => {
  const page = await freshPage(360, 780);

  // The page is for signed-in users: /documente sends to /login and back.
  await page.goto(baseUrl + "/documente");
  await page.waitForURL(/\/login\?redirectTo=%2Fdocumente$/);
  await completeSignIn(page, page.locator(".auth-card"), baseUrl, uniquePhone());
  await page.waitForURL(/\/documente$/);

  await page.getByRole("heading", { name: "Documente", level: 1 }).waitFor();
  assert.deepEqual(await page.getByRole("tab").allTextContents(), [TEXTS.documents.tabMine, TEXTS.documents.tabSuppliers]);
  assert.equal(await page.getByRole("tab", { name: TEXTS.documents.tabMine }).getAttribute("aria-selected"), "true");
  assert.equal(await page.locator(".upload-area").getByText(TEXTS.documents.maxSize).count(), 2);
  await page.getByText(TEXTS.documents.empty).waitFor();
  await page.getByText(TEXTS.meter.empty).waitFor();
  await page.screenshot({ path: `${shots}/documents-empty-mobile.png`, fullPage: true });

  const idInput = page.getByLabel("Act de identitate: Alege fișierul");
  const billInput = page.getByLabel("Ultima factură de energie electrică: Alege fișierul");
  assert.equal(await idInput.getAttribute("accept"), "image/jpeg,image/png,.jpg,.jpeg,.png");

  // The browser refuses a PDF for the identity card before sending it.
  await idInput.setInputFiles(BILL_PDF);
  await page.locator(".toast").getByText(TEXTS.documents.unsupportedType).waitFor();

  await idInput.setInputFiles(ID_IMAGE);
  await page.locator(".toast").getByText(TEXTS.documents.uploadSucceeded).first().waitFor();
  await billInput.setInputFiles(BILL_PDF);
  await item(page, "bill-electrica-popescu.pdf").waitFor();
  assert.equal(await page.locator(".document-item").count(), 2);

  // Pending/processing first, then "Verificat" for both, without reloading (polling).
  await waitForStatus(page, "id-popescu-scan.png", TEXTS.documents.statusLabels.verified);
  await waitForStatus(page, "bill-electrica-popescu.pdf", TEXTS.documents.statusLabels.verified);
  const billFacts = await item(page, "bill-electrica-popescu.pdf").locator(".document-facts dd").allTextContents();
  assert.match(billFacts[1], /^\d{1,3}%$/);
  assert.ok(Number(billFacts[1].replace("%", "")) <= 100);
  assert.equal(billFacts[2], TEXTS.documents.processingMethods.pdf_text);
  assert.equal((await item(page, "id-popescu-scan.png").locator(".document-facts dd").allTextContents())[2], TEXTS.documents.processingMethods.ocr_image);
  await page.screenshot({ path: `${shots}/documents-verified-mobile.png`, fullPage: true });

  // The same file again: the server's duplicate message.
  await billInput.setInputFiles(BILL_PDF);
  await page.locator(".toast").filter({ hasText: TEXTS.documents.uploadFailed }).getByText(TEXTS.documents.duplicate).waitFor();

  // View opens the file in a new tab, served with its type and nosniff.
  const viewLink = item(page, "bill-electrica-popescu.pdf").getByRole("link", { name: TEXTS.documents.view });
  assert.equal(await viewLink.getAttribute("target"), "_blank");
  const viewed = await page.request.get(baseUrl + (await viewLink.getAttribute("href")));
  assert.equal(viewed.status(), 200);
  assert.equal(viewed.headers()["content-type"], "application/pdf");
  assert.equal(viewed.headers()["x-content-type-options"], "nosniff");
  assert.match(viewed.headers()["content-disposition"], /^inline; filename="bill-electrica-popescu\.pdf"/);
  const [popup] = await Promise.all([page.waitForEvent("popup"), item(page, "id-popescu-scan.png").getByRole("link", { name: TEXTS.documents.view }).click()]);
  await popup.waitForLoadState();
  assert.match(popup.url(), /\/api\/documents\/view\//);
  await popup.close();

  // Download takes its name from Content-Disposition.
  const [download] = await Promise.all([page.waitForEvent("download"), item(page, "bill-electrica-popescu.pdf").getByRole("button", { name: TEXTS.documents.download }).click()]);
  assert.equal(download.suggestedFilename(), "bill-electrica-popescu.pdf");
  const saved = readFileSync(await download.path());
  assert.deepEqual(saved, readFileSync(BILL_PDF));

  // Delete asks first; cancelling keeps the document.
  await item(page, "id-popescu-scan.png").getByRole("button", { name: "Șterge" }).click();
  const dialog = page.getByRole("dialog", { name: TEXTS.documents.deleteTitle });
  await dialog.getByText("Documentul „id-popescu-scan.png” va fi șters definitiv.").waitFor();
  await page.screenshot({ path: `${shots}/documents-delete-mobile.png` });
  await dialog.getByRole("button", { name: TEXTS.documents.cancel }).click();
  assert.equal(await page.locator(".document-item").count(), 2);
  await item(page, "id-popescu-scan.png").getByRole("button", { name: "Șterge" }).click();
  await dialog.getByRole("button", { name: TEXTS.documents.deleteConfirmButton }).click();
  await page.locator(".toast").getByText(TEXTS.documents.deleted).waitFor();
  await item(page, "id-popescu-scan.png").waitFor({ state: "detached" });
  assert.equal(await page.locator(".document-item").count(), 1);

  // Meter index: forbidden characters vanish while typing; the spec's messages; then a reading with a photo.
  const index = page.getByLabel("Index contor");
  await index.pressSequentially("12 345abc!");
  assert.equal(await index.inputValue(), "12345abc");
  await index.fill("");
  await page.getByRole("button", { name: TEXTS.meter.submit }).click();
  await page.getByText(TEXTS.meter.required).waitFor();
  await index.fill("123456789012345678901");
  await page.getByText(TEXTS.meter.invalid).waitFor();
  await index.fill("A12345.6");
  await page.getByLabel(TEXTS.meter.photo).setInputFiles(`${fixtures}/id-popescu-photo.jpg`);
  await page.getByRole("button", { name: TEXTS.meter.submit }).click();
  await page.locator(".toast").getByText(TEXTS.meter.submitted).waitFor();
  const reading = page.locator(".meter-history li").first();
  await reading.getByText("A12345.6").waitFor();
  await reading.getByText(TEXTS.meter.withPhoto).waitFor();
  assert.equal(await index.inputValue(), "");
  // The photo is kept as a document of its own (sent to an operator).
  await item(page, "id-popescu-photo.jpg").waitFor();
  await page.screenshot({ path: `${shots}/documents-mobile.png`, fullPage: true });

  // The history survives a reload (server-rendered).
  await page.reload();
  await page.locator(".meter-history li").first().getByText("A12345.6").waitFor();

  // Desktop, same session.
  await page.setViewportSize({ width: 1280, height: 900 });
  await waitForStatus(page, "bill-electrica-popescu.pdf", TEXTS.documents.statusLabels.verified);
  await page.screenshot({ path: `${shots}/documents-desktop.png`, fullPage: true });
  await page.getByRole("tab", { name: TEXTS.documents.tabSuppliers }).click();
  await page.getByRole("link", { name: "Istoric Schimbări" }).last().waitFor();
  assert.equal(await page.getByText(TEXTS.documents.maxSize).first().isVisible(), false);
  await page.screenshot({ path: `${shots}/documents-suppliers-desktop.png` });
  await page.close();
});

test("/documents is the same page", async () => {
  const page = await freshPage(1280, 900);
  await page.goto(baseUrl + "/documents");
  await page.waitForURL(/\/login\?redirectTo=%2Fdocuments$/);
  await page.close();
});
