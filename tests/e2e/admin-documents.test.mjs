// Issue #12 item 2 in Chromium: a user uploads, as their bill, a photo the automatic reading cannot
// trust (an ID card photographed in low contrast: OCR reads text, none of a bill's fields), so it lands
// in review; a moderator who may only verify documents finds it on /admin/documents, opens the review
// dialog — the image beside the extracted fields and the issues — and rejects it with a reason; the
// user sees it rejected with that reason. Screenshots at 1280 and 360 px.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { DOCUMENT_MODERATOR } from "../support/e2e-admins.mjs";
import { completeSignIn, uniquePhone } from "../support/sign-in.mjs";
import { ADMIN_TEXTS, TEXTS } from "../support/texts.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const getBrowser = browserPerFile({ before, after });
const LOW_CONFIDENCE = "tests/fixtures/generated/id-tanase-lowContrast.jpg";
const FILE_NAME = "id-tanase-lowContrast.jpg";
// The user's text for the reason 'poor_quality'.
const REASON_TEXT = ADMIN_TEXTS.documentsPage.rejectionMessages.poor_quality;

async function noHorizontalScroll(page, label) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${label}: no horizontal scroll (overflow ${overflow}px)`);
}

async function signInUser(page, phone) {
  await page.goto(`${baseUrl}/documente`);
  await page.waitForURL(/\/login\?redirectTo=%2Fdocumente$/);
  await completeSignIn(page, page.locator(".auth-card"), baseUrl, phone);
  await page.waitForURL(/\/documente$/);
}

const userItem = (page) => page.locator(".document-item").filter({ has: page.locator(".document-name", { hasText: FILE_NAME }) });

test("a moderator rejects a low-confidence document beside its image; the user sees why", { timeout: 300_000 }, async () => {
  const browser = getBrowser();
  const errors = [];
  const phone = uniquePhone();

  // 1. The user uploads the photo as their bill and waits for the automatic reading to give up on it.
  await browser.clearCookies();
  const userPage = await browser.newPage();
  userPage.on("pageerror", (e) => errors.push(e.message));
  await userPage.setViewportSize({ width: 1280, height: 900 });
  await signInUser(userPage, phone);
  await userPage.getByLabel(`${TEXTS.documents.areas.ultima_factura.title}: ${TEXTS.documents.chooseFile}`).setInputFiles(LOW_CONFIDENCE);
  await userItem(userPage).waitFor();
  await userItem(userPage).getByText(TEXTS.documents.awaitingReview).waitFor({ timeout: 150_000 });
  // The user's session, for coming back after the moderator (a second SMS code so soon would be refused).
  const userCookies = await browser.cookies();
  await userPage.close();

  // 2. The moderator signs in, finds the user's documents by phone, waiting for review.
  await browser.clearCookies();
  const page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}/admin/documents`);
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(DOCUMENT_MODERATOR.email);
  await page.getByLabel(ADMIN_TEXTS.login.password).fill(DOCUMENT_MODERATOR.password);
  await page.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
  await page.waitForURL((url) => url.pathname === "/admin/documents");
  await page.getByRole("heading", { name: ADMIN_TEXTS.documentsPage.title, level: 1 }).waitFor();
  const nav = page.getByRole("navigation", { name: ADMIN_TEXTS.shell.navLabel });
  assert.equal(await nav.locator('[aria-current="page"]').textContent(), ADMIN_TEXTS.nav.documents);
  // A moderator with document_verification only: no users, switch requests, administrators or system.
  for (const hidden of [ADMIN_TEXTS.nav.users, ADMIN_TEXTS.nav.switchRequests, ADMIN_TEXTS.nav.admins, ADMIN_TEXTS.nav.system]) {
    assert.equal(await nav.getByRole("link", { name: hidden, exact: true }).count(), 0, `${hidden} is hidden`);
  }
  for (const column of [
    ADMIN_TEXTS.documentsPage.columns.user, ADMIN_TEXTS.documentsPage.columns.type, ADMIN_TEXTS.documentsPage.columns.fileName, ADMIN_TEXTS.documentsPage.columns.status, ADMIN_TEXTS.documentsPage.columns.uploadedAt, ADMIN_TEXTS.documentsPage.columns.size, ADMIN_TEXTS.documentsPage.columns.confidence, ADMIN_TEXTS.documentsPage.columns.actions,
  ]) {
    await page.getByRole("columnheader", { name: column, exact: true }).waitFor();
  }

  await page.getByLabel(ADMIN_TEXTS.documentsPage.searchLabel).fill(`0${phone.slice(3)}`);
  await page.getByRole("button", { name: ADMIN_TEXTS.documentsPage.search, exact: true }).click();
  await page.getByLabel(ADMIN_TEXTS.documentsPage.statusLabel).selectOption("pending");
  const row = page.locator("tr[data-document]").filter({ hasText: FILE_NAME });
  await row.waitFor();
  // The status filter applies after the phone search: wait for its list, not the search's.
  await page.waitForFunction(() => document.querySelectorAll("tr[data-document]").length === 1);
  assert.equal(await page.locator("tr[data-document]").count(), 1);
  assert.equal(await row.locator(".admin-badge").textContent(), ADMIN_TEXTS.documentsPage.statusLabels.pending);
  assert.match(await row.locator(`td[data-label="${ADMIN_TEXTS.documentsPage.columns.size}"]`).textContent(), /^\d+(,\d)? (B|KB|MB)$/);
  const confidence = row.locator(".doc-confidence");
  assert.match(await confidence.textContent(), /^\d+%$/);
  assert.match(await confidence.getAttribute("class"), /tone-(red|grey)/, "a low confidence shows in red");
  await noHorizontalScroll(page, "list 1280");
  await page.screenshot({ path: `${shots}/admin-documents-list-desktop.png`, fullPage: true });

  // 3. The review dialog: the image itself, beside the fields and the issues.
  await row.getByRole("button", { name: ADMIN_TEXTS.documentsPage.review, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: ADMIN_TEXTS.documentsPage.reviewTitle(FILE_NAME) });
  await dialog.waitFor();
  const image = dialog.getByRole("img", { name: ADMIN_TEXTS.documentsPage.fileLabel });
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector(".doc-review-file img");
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  });
  const fields = dialog.locator(".doc-review-data");
  await fields.getByLabel(ADMIN_TEXTS.documentsPage.fieldLabels.pod).waitFor();
  assert.ok((await dialog.locator(".doc-issues li").count()) >= 1, "the issues of the automatic check are listed");
  const [imageBox, fieldsBox] = [await image.boundingBox(), await fields.boundingBox()];
  assert.ok(imageBox.x + imageBox.width <= fieldsBox.x + 1, "1280 px: the file is left of the fields");
  assert.ok(Math.abs(imageBox.y - fieldsBox.y) < 80, "1280 px: side by side");
  await page.screenshot({ path: `${shots}/admin-documents-review-desktop.png` });

  // 360 px: the same dialog stacks the file above the fields.
  await page.setViewportSize({ width: 360, height: 780 });
  const [smallImage, smallFields] = [await image.boundingBox(), await fields.boundingBox()];
  assert.ok(smallImage.y + smallImage.height <= smallFields.y + 1, "360 px: the file is above the fields");
  await page.screenshot({ path: `${shots}/admin-documents-review-mobile.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // 4. Reject: the reason is required, then sent.
  await dialog.getByRole("button", { name: ADMIN_TEXTS.documentsPage.reject }).click();
  await dialog.getByText(ADMIN_TEXTS.documentsPage.rejectionReasonRequired).waitFor();
  await dialog.getByLabel(ADMIN_TEXTS.documentsPage.rejectionReason).selectOption("poor_quality");
  await dialog.getByLabel(ADMIN_TEXTS.documentsPage.notes).last().fill("Poza este prea întunecată.");
  await dialog.getByRole("button", { name: ADMIN_TEXTS.documentsPage.reject }).click();
  await page.locator(".toast", { hasText: ADMIN_TEXTS.documentsPage.success }).waitFor();
  await dialog.waitFor({ state: "hidden" });
  // The list reloads: under 'pending' the document is gone; under 'rejected' it shows.
  await page.getByText(ADMIN_TEXTS.documentsPage.empty).waitFor();
  await page.getByLabel(ADMIN_TEXTS.documentsPage.statusLabel).selectOption("rejected");
  await row.locator(".admin-badge", { hasText: ADMIN_TEXTS.documentsPage.statusLabels.rejected }).waitFor();

  // The full details: the history names the moderator, the audit log the rejection.
  await row.getByRole("button", { name: ADMIN_TEXTS.documentsPage.details }).click();
  const details = page.getByRole("dialog", { name: ADMIN_TEXTS.documentsPage.detailsTitle(FILE_NAME) });
  await details.locator('[data-list="history"] li', { hasText: DOCUMENT_MODERATOR.email }).first().waitFor();
  await details.locator('[data-list="audit"] li', { hasText: "document.reject" }).waitFor();
  await details.getByRole("button", { name: TEXTS.ui.close }).click();

  // 360 px list (opened filtered, as a link would): rows become cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${baseUrl}/admin/documents?status=rejected&user_id=${encodeURIComponent(`0${phone.slice(3)}`)}`);
  await row.locator(".admin-badge", { hasText: ADMIN_TEXTS.documentsPage.statusLabels.rejected }).waitFor();
  await noHorizontalScroll(page, "list 360");
  await page.screenshot({ path: `${shots}/admin-documents-list-mobile.png`, fullPage: true });
  await page.close();

  // 5. The user sees it rejected, with the reason, on /documente and in the notifications.
  await browser.clearCookies();
  await browser.addCookies(userCookies);
  const back = await browser.newPage();
  back.on("pageerror", (e) => errors.push(e.message));
  await back.setViewportSize({ width: 360, height: 780 });
  await back.goto(`${baseUrl}/documente`);
  await userItem(back).locator(".status-badge", { hasText: TEXTS.documents.statusLabels.rejected }).waitFor();
  await userItem(back).getByText(REASON_TEXT).waitFor();
  await back.screenshot({ path: `${shots}/admin-documents-user-rejected-mobile.png`, fullPage: true });
  await back.goto(`${baseUrl}/notificari`);
  await back.getByText(ADMIN_TEXTS.documentsPage.userRejected.message(FILE_NAME, REASON_TEXT)).waitFor();
  await back.close();

  assert.deepEqual(errors, []);
});
