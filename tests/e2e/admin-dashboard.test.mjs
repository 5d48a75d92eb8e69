// Issue 13 journeys: the dashboard's document counts move live when a user uploads a document (no
// reload), and the system page renders the probed health and the document stats. Screenshots at 1280
// and 360 px.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { parseDevVars } from "../../scripts/dev-vars.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { readLatestCode, uniquePhone } from "../support/sign-in.mjs";
import { ADMIN_TEXTS } from "../support/texts.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const getBrowser = browserPerFile({ before, after });
// A bill with a text layer: processed without OCR, so the local Worker is not held for long.
const BILL_PDF = "tests/fixtures/generated/bill-electrica-popescu.pdf";
const vars = parseDevVars(readFileSync(existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example", "utf8"));
const number = (text) => Number(text.replace(/\D/g, ""));

async function newPage(width, height) {
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width, height });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && errors.push(m.text()));
  return { page, errors };
}

async function signInAdmin(page) {
  await page.goto(baseUrl + "/admin/login");
  await page.getByLabel(ADMIN_TEXTS.login.email).fill(vars.ADMIN_EMAIL);
  await page.getByLabel(ADMIN_TEXTS.login.password).fill(vars.ADMIN_PASSWORD);
  await page.getByRole("button", { name: ADMIN_TEXTS.login.submit }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}

/** A user made through the public API (Bearer token), as a phone would. */
async function apiUser() {
  const phone = uniquePhone();
  const post = (path, body) => fetch(baseUrl + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  assert.equal((await post("/api/auth/register-phone", { phoneNumber: phone })).status, 200);
  const verified = await post("/api/auth/verify-sms", { phoneNumber: phone, verificationCode: await readLatestCode(baseUrl, phone) });
  assert.equal(verified.status, 200);
  return { phone, token: (await verified.json()).accessToken };
}

async function waitProcessed(token, documentId) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/documents/processing-status/${documentId}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = await res.json();
    if (["verified", "rejected", "failed"].includes(body.status) || body.awaitingReview === true) return;
    if (Date.now() > deadline) throw new Error(`document ${documentId} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test("admin dashboard: the eight sections load and the document counts rise live on an upload", { timeout: 180_000 }, async () => {
  await getBrowser().clearCookies();
  const { page, errors } = await newPage(1280, 900);
  // What reaches the page after the upload: pushes on the admin WebSocket and HTTP requests.
  const pushes = [];
  page.on("websocket", (ws) => {
    if (new URL(ws.url()).pathname === "/api/admin/ws") ws.on("framereceived", ({ payload }) => pushes.push(String(payload)));
  });
  const requested = [];
  page.on("request", (req) => requested.push(new URL(req.url())));
  await signInAdmin(page);
  await page.locator('.admin-live-badge[data-live="connected"]').waitFor();
  for (const id of ["dashboard-header", "dashboard-users", "dashboard-user-advanced", "dashboard-system", "dashboard-documents", "dashboard-document-advanced", "dashboard-queues", "dashboard-performance"]) {
    await page.locator(`[data-section="${id}"]`).waitFor();
  }
  // Every block finished loading (no spinner left) and none failed.
  await page.waitForFunction(() => document.querySelectorAll('.dashboard-block [role="status"]').length === 0);
  assert.equal(await page.locator(".dashboard-block-error").count(), 0);
  assert.equal(await page.locator('[data-section="dashboard-system"] [data-metric="database"] [data-health="connected"]').count(), 1);

  const bills = page.locator('[data-section="dashboard-documents"] [data-metric="type-bills"] dd');
  const before = number(await bills.textContent());
  const user = await apiUser();
  pushes.length = 0;
  requested.length = 0;
  const form = new FormData();
  form.append("documents", new Blob([readFileSync(BILL_PDF)], { type: "application/pdf" }), "factura-dashboard.pdf");
  const uploaded = await fetch(baseUrl + "/api/documents/upload/ultima_factura", { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: form });
  assert.equal(uploaded.status, 201);
  const documentId = (await uploaded.json()).documents[0].id;
  await page.locator('[data-section="dashboard-documents"] [data-metric="type-bills"] dd', { hasText: new Intl.NumberFormat("ro-RO").format(before + 1) }).waitFor();
  // Live, not fetched: the new counts came as a dashboard_stats push, and the page did not load the
  // dashboard's data again in the meantime (no reload, no revalidation, no stats call).
  assert.ok(pushes.some((frame) => frame.includes("dashboard_stats")), "a dashboard_stats push arrived");
  const dataLoads = requested.filter((url) => url.pathname.startsWith("/admin") || (url.pathname.startsWith("/api/admin/") && url.pathname.endsWith("/stats")));
  assert.deepEqual(dataLoads.map((url) => url.pathname + url.search), []);
  // Processing runs in the same local Worker: let it finish before the next test.
  await waitProcessed(user.token, documentId);
  assert.equal(page.url(), `${baseUrl}/admin`, "no navigation happened");
  await page.screenshot({ path: `${SCREENSHOTS}/admin-dashboard-desktop.png`, fullPage: true });

  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SCREENSHOTS}/admin-dashboard-mobile.png` });
  await page.locator('[data-section="dashboard-system"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/admin-dashboard-mobile-system.png` });
  assert.deepEqual(errors, []);
  await page.close();
});

test("admin system page: probed health, document processing and the latest uploads", { timeout: 120_000 }, async () => {
  await getBrowser().clearCookies();
  const { page, errors } = await newPage(1280, 900);
  await signInAdmin(page);
  await page.goto(baseUrl + "/admin/system");
  for (const card of ["database", "api", "storage", "overall"]) await page.locator(`[data-card="${card}"]`).waitFor();
  assert.equal(await page.locator('[data-card="database"] [data-health="connected"]').count(), 1);
  assert.match(await page.locator('[data-card="database"] .response-time').textContent(), /\d+ ms/);
  await page.locator('[data-section="document-processing"]').waitFor();
  assert.ok(number(await page.locator('[data-section="document-processing"] [data-count="total"] dd').textContent()) >= 1);
  assert.ok((await page.locator('[data-section="recent-uploads"] tbody tr').count()) >= 1);
  assert.ok((await page.locator('[data-section="recent-uploads"] tbody tr').count()) <= 10);
  assert.equal(await page.locator('[data-service="metrics_rollup"]').count(), 1);
  await page.screenshot({ path: `${SCREENSHOTS}/admin-system-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SCREENSHOTS}/admin-system-mobile.png` });
  assert.deepEqual(errors, []);
  await page.close();
});
