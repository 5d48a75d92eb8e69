// Issue #10 journey in Chromium: a switch request made through the API travels through the supplier
// queue to the (simulated) supplier portal; the SMS with the signing link lands in the local outbox; the
// person opens it, asks for the code, signs with a typed name; the signed PDF carries the audit page;
// the supplier confirms and the request page shows it completed. Screenshots at 360 and 1280 px.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { extractText, getDocumentProxy } from "unpdf";
import { PIPELINE_TEXTS, SIGNING_TEXTS, TEXTS } from "../support/texts.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { api as apiAt, createdRequest as createdRequestAt, until } from "../support/switch-request.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const portalUrl = process.env.E2E_SUPPLIER_PORTAL_URL;
const shots = SCREENSHOTS;
const getBrowser = browserPerFile({ before, after });
const api = (path, options) => apiAt(baseUrl, path, options);
const createdRequest = () => createdRequestAt(baseUrl);

async function outbox(phone) {
  const res = await fetch(`${baseUrl}/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
  return (await res.json()).data;
}

test("a created request reaches the supplier, is signed in the browser and completes", { timeout: 420_000 }, async () => {
  const r = await createdRequest();

  // The queue runs the steps against the simulated portal until the contract waits for the signature.
  const waiting = await until(() => api(`/api/users/switch-requests/${r.requestId}`, { token: r.token }), (x) => x.body.request?.status === "awaiting_signature", "awaiting_signature");
  assert.equal(waiting.body.request.current_step, "signature_required");
  assert.ok(waiting.body.request.signatureLink.expiresAt);
  assert.equal(waiting.body.request.signatureLink.attemptsRemaining, 5);
  const portal = await (await fetch(`${portalUrl}/__stats`)).json();
  assert.equal(portal[r.supplierId].effects.applicationsCreated, 1);

  const sms = (await outbox(r.phone)).find((m) => m.body.includes("/semnare/"));
  assert.ok(sms, "the signing link came by SMS");
  const link = /(http:\/\/\S+\/semnare\/[A-Za-z0-9_-]+)/.exec(sms.body)[1];

  // Desktop, signed in: the request page, waiting for the signature, stays open.
  await getBrowser().clearCookies();
  await getBrowser().addCookies([{ name: r.cookie.split("=")[0], value: r.cookie.split("=").slice(1).join("="), url: baseUrl }]);
  const desk = await getBrowser().newPage();
  await desk.setViewportSize({ width: 1280, height: 900 });
  await desk.goto(`${baseUrl}/cereri-schimbare/${r.requestId}`);
  await desk.locator(".request-head .status-badge", { hasText: "Așteaptă semnătura" }).waitFor();
  await desk.getByRole("link", { name: TEXTS.switching.signatureOpen }).waitFor();
  const loadedAt = await desk.evaluate(() => (window.__loadedAt = String(performance.timeOrigin)));
  await desk.screenshot({ path: `${shots}/signing-0-awaiting-desktop.png`, fullPage: true });

  // Mobile: open the SMS link, ask for the code, sign with the typed name.
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(link.replace(/^http:\/\/[^/]+/, baseUrl));
  await page.getByRole("heading", { name: "Semnează contractul", level: 1 }).waitFor();
  await page.getByText(`Contractul tău cu ${r.supplier} este gata.`, { exact: false }).waitFor();
  await page.getByText("Încercări rămase: 5 din 5.").waitFor();
  await page.screenshot({ path: `${shots}/signing-1-page-mobile.png`, fullPage: true });
  const contractHref = await page.getByRole("link", { name: SIGNING_TEXTS.openContract }).getAttribute("href");
  const unsigned = await page.request.get(baseUrl + contractHref);
  assert.equal(unsigned.headers()["content-type"], "application/pdf");

  await page.getByRole("button", { name: SIGNING_TEXTS.sendCode }).click();
  await page.getByText(SIGNING_TEXTS.codeSent).waitFor();
  const code = await until(async () => (await outbox(r.phone)).find((m) => m.body.includes("semnarea contractului")), Boolean, "signing code");
  await page.getByLabel(SIGNING_TEXTS.codeLabel).fill(/este (\d{6})/.exec(code.body)[1]);
  await page.getByLabel(SIGNING_TEXTS.typedNameLabel).fill("Constantin Andrei");
  await page.getByLabel(SIGNING_TEXTS.consent).check();
  await page.screenshot({ path: `${shots}/signing-2-filled-mobile.png`, fullPage: true });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no horizontal scrolling at 360 px");
  await page.getByRole("button", { name: "Semnează contractul" }).click();
  await page.getByRole("heading", { name: "Contract semnat" }).waitFor();
  await page.getByText("Te poți retrage din contract fără motiv și fără costuri până la", { exact: false }).waitFor();
  await page.screenshot({ path: `${shots}/signing-3-signed-mobile.png`, fullPage: true });

  // The signed PDF: the unsigned contract's pages, the signature, and the audit page.
  const signed = await page.request.get(baseUrl + contractHref);
  const pdf = await getDocumentProxy(new Uint8Array(await signed.body()));
  // Long values wrap onto the next line in the PDF: compare with the line breaks taken out.
  const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s*\n\s*/g, " ");
  assert.match(text, /Pagina de audit a semnăturii electronice/);
  assert.match(text, /Semnatar: Constantin Andrei/);
  assert.match(text, new RegExp(`Telefon \\(cod SMS verificat\\): \\${r.phone}`));
  assert.match(text, /SHA-256 al contractului nesemnat: [0-9a-f]{64}/);
  assert.match(text, /Metoda: semnătură tastată/);
  await page.close();

  // The desktop page, opened before the signature, follows the request to its end without a reload.
  await desk.locator(".request-head .status-badge", { hasText: "Finalizată" }).waitFor({ timeout: 60_000 });
  assert.equal(await desk.evaluate(() => window.__loadedAt), loadedAt, "the page was not reloaded");
  const log = await desk.locator(".request-log li > span").allTextContents();
  for (const line of [
    `Procesarea automată a început la ${r.supplier}.`,
    PIPELINE_TEXTS.log.documentsSent,
    PIPELINE_TEXTS.log.signed,
    PIPELINE_TEXTS.log.signatureSent,
    PIPELINE_TEXTS.log.completed,
  ]) {
    assert.ok(log.includes(line), `the log has: ${line}`);
  }
  await desk.getByRole("link", { name: PIPELINE_TEXTS.detail.openSignedContract }).waitFor();
  await desk.getByText("Furnizorul a confirmat: furnizarea începe la", { exact: false }).waitFor();
  await desk.screenshot({ path: `${shots}/signing-4-completed-desktop.png`, fullPage: true });

  // The signed contract is also among the documents from suppliers.
  await desk.goto(`${baseUrl}/documente`);
  await desk.getByRole("tab", { name: TEXTS.documents.tabSuppliers }).click();
  const fromSuppliers = desk.locator(".supplier-documents li", { hasText: r.supplier });
  await fromSuppliers.getByText(/^Contract nr\. CF-/).waitFor();
  await fromSuppliers.getByText("semnat la", { exact: false }).waitFor();
  await fromSuppliers.getByRole("link", { name: PIPELINE_TEXTS.supplierDocuments.download }).waitFor();
  await desk.screenshot({ path: `${shots}/signing-5-from-suppliers-desktop.png`, fullPage: true });
  await desk.close();
});
