// Issue #14 item 4 in Chromium: a user uploads a bill PDF whose printed total is not the amount without
// VAT plus the VAT; the automatic reading sends it to review. A moderator opens the review dialog and
// sees at once which fields need attention (first, highlighted, counted), each with its status, the
// reason (tied to the input with aria-describedby) and where the value was read; corrects the total and
// verifies. Screenshots at 1280 and 360 px.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { DOCUMENT_MODERATOR } from "../support/e2e-admins.mjs";
import { completeSignIn, uniquePhone } from "../support/sign-in.mjs";
import { ADMIN_TEXTS, ISSUE_MESSAGES, TEXTS } from "../support/texts.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const getBrowser = browserPerFile({ before, after });
const T = ADMIN_TEXTS.documentsPage;
const R = T.fieldReview;
const FILE_NAME = `factura-totaluri-${Date.now()}.pdf`;

const day = (offsetDays) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, "0")}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${d.getUTCFullYear()}`;
};

/** A recent bill with a text layer whose total is 10 lei more than 213,45 + 44,82. */
async function badTotalsBill() {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(readFileSync("tests/fixtures/fonts/DejaVuSans.ttf"), { subset: true });
  const lines = [
    "Electrica Furnizare S.A.",
    "Factură seria EFT nr. 20481736",
    `Data emiterii: ${day(-6)}`,
    `Data scadenței: ${day(9)}`,
    `Perioada de facturare: ${day(-40)} - ${day(-10)}`,
    "Nume client: DUMITRESCU ELENA",
    "Cod client: 5200100777",
    "Adresa de facturare: Mun. Cluj-Napoca Str. Horea nr. 7",
    "Cod loc de consum (POD): RO005E123456789",
    "Consum facturat: 182 kWh",
    "Total fără TVA: 213,45 lei",
    "TVA 21%: 44,82 lei",
    "Total de plată: 268,27 lei",
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 790 - i * 18, size: 11, font }));
  const path = join(tmpdir(), FILE_NAME);
  writeFileSync(path, await pdf.save());
  return path;
}

/** The accessible description of an input: the texts of the elements its aria-describedby names. */
const description = (input) =>
  input.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

test("the review dialog shows why each field is not trusted and where it was read", { timeout: 300_000 }, async () => {
  const browser = getBrowser();
  const errors = [];
  const phone = uniquePhone();
  const billPath = await badTotalsBill();

  // 1. The user uploads the bill; the automatic reading leaves it for an operator.
  await browser.clearCookies();
  const userPage = await browser.newPage();
  userPage.on("pageerror", (e) => errors.push(e.message));
  await userPage.goto(`${baseUrl}/documente`);
  await userPage.waitForURL(/\/login\?redirectTo=%2Fdocumente$/);
  await completeSignIn(userPage, userPage.locator(".auth-card"), baseUrl, phone);
  await userPage.waitForURL(/\/documente$/);
  await userPage
    .getByLabel(`${TEXTS.documents.areas.ultima_factura.title}: ${TEXTS.documents.chooseFile}`)
    .setInputFiles(billPath);
  const item = userPage
    .locator(".document-item")
    .filter({ has: userPage.locator(".document-name", { hasText: FILE_NAME }) });
  await item.getByText(TEXTS.documents.awaitingReview).waitFor({ timeout: 150_000 });
  await userPage.close();

  // 2. The moderator opens its review dialog.
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
  await page.goto(`${baseUrl}/admin/documents?status=pending&user_id=${encodeURIComponent(`0${phone.slice(3)}`)}`);
  const row = page.locator("tr[data-document]").filter({ hasText: FILE_NAME });
  // The full details give each field's status and reason as well.
  await row.getByRole("button", { name: T.details }).click();
  const details = page.getByRole("dialog", { name: T.detailsTitle(FILE_NAME) });
  const detailsTotal = details.locator('[data-field="totalWithVat"]');
  await detailsTotal.getByText(ISSUE_MESSAGES.bill_totals_inconsistent, { exact: true }).waitFor();
  assert.equal(await detailsTotal.getAttribute("data-status"), "failed");
  await detailsTotal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/admin-document-field-review-details-desktop.png` });
  await details.getByRole("button", { name: TEXTS.ui.close }).click();
  await details.waitFor({ state: "hidden" });
  await row.getByRole("button", { name: T.review, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: T.reviewTitle(FILE_NAME) });
  const total = dialog.locator('.doc-field[data-field="totalWithVat"]');
  await total.waitFor();

  // 3. What needs attention comes first and is counted: the three amounts that do not add up.
  const attention = Number(await dialog.locator(".doc-fields-summary").getAttribute("data-attention"));
  assert.equal(await dialog.locator(".doc-fields-summary").textContent(), R.attention(attention));
  const firstFields = await dialog
    .locator(".doc-field")
    .evaluateAll((els, n) => els.slice(0, n).map((el) => el.getAttribute("data-field")), attention);
  assert.ok(firstFields.includes("totalWithVat"), `the failed total is among the first fields (${firstFields})`);
  assert.ok(await total.evaluate((el) => el.classList.contains("needs-attention")), "the failed total is highlighted");

  // 4. Beside the total: the marker, the reason (visible, and the input's description), the source.
  assert.equal(await total.getAttribute("data-status"), "failed");
  await total.locator(".doc-field-status", { hasText: R.status.failed }).waitFor();
  const reason = total.getByText(ISSUE_MESSAGES.bill_totals_inconsistent, { exact: true });
  await reason.waitFor();
  assert.ok(await reason.isVisible(), "the reason is shown, not only in a tooltip");
  await total.getByText(R.source(R.sources.label), { exact: true }).waitFor();
  const input = dialog.getByLabel(T.fieldLabels.totalWithVat, { exact: true });
  const described = await description(input);
  assert.ok(
    described.includes(ISSUE_MESSAGES.bill_totals_inconsistent),
    `aria-describedby carries the reason (${described})`,
  );
  assert.ok(described.includes(R.status.failed), "and the status");
  // A field that passed: marked OK, no reason.
  const billDate = dialog.locator('.doc-field[data-field="billDate"]');
  assert.equal(await billDate.getAttribute("data-status"), "ok");
  assert.equal(await billDate.locator(".doc-field-reason").count(), 0);
  await total.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/admin-document-field-review-desktop.png` });

  await page.setViewportSize({ width: 360, height: 780 });
  await total.scrollIntoViewIfNeeded();
  const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(overflow <= 0, `360 px: the dialog does not scroll sideways (${overflow}px)`);
  const [reasonBox, inputBox] = [await total.locator(".doc-field-reason").boundingBox(), await input.boundingBox()];
  assert.ok(reasonBox.y >= inputBox.y + inputBox.height - 1, "360 px: the reason sits under its input");
  await page.screenshot({ path: `${SCREENSHOTS}/admin-document-field-review-mobile.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // 5. Corrections work as before: the reviewer types the right total and verifies.
  await input.fill("258,27");
  await total.getByText(T.machineValue("268.27")).waitFor();
  await dialog.getByRole("button", { name: T.verify }).click();
  await page.locator(".toast", { hasText: T.success }).waitFor();
  await dialog.waitFor({ state: "hidden" });
  await page.close();

  assert.deepEqual(errors, []);
});
