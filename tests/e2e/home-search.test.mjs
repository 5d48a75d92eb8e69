import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { TEXTS } from "../support/texts.mjs";
import { SCREENSHOTS, browserPerFile } from "../support/browser.mjs";
import { pickSelectableDay } from "../support/calendar.mjs";

const baseUrl = process.env.E2E_BASE_URL;
const shots = SCREENSHOTS;
const getBrowser = browserPerFile({ before, after });

async function openHome(width, height) {
  const page = await getBrowser().newPage();
  await page.setViewportSize({ width, height });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(baseUrl + "/");
  // Hydrated and counties loaded: the select is enabled and has the placeholder.
  await page.waitForSelector("select:not([disabled]) >> text=Alege județul", { state: "attached" });
  return { page, errors };
}

for (const [label, width, height] of [
  ["mobile", 360, 780],
  ["desktop", 1280, 900],
]) {
  test(`search on the home page shows sorted offers (${label})`, async () => {
    const { page, errors } = await openHome(width, height);
    const submit = page.getByRole("button", { name: TEXTS.search.submit });
    assert.equal(await submit.isDisabled(), true, "Compara is disabled without a county");
    await page.screenshot({ path: `${shots}/home-${label}.png`, fullPage: true });

    await page.selectOption("select", { label: "Cluj" });
    // Pick a day from the Romanian calendar: the day after the default (tomorrow).
    await page.locator("button.date-trigger").click();
    const calendar = page.getByRole("dialog", { name: "Alege data" });
    await calendar.waitFor();
    assert.deepEqual(
      (await calendar.locator(".calendar-weekday").allTextContents()).slice(0, 2),
      ["Lu", "Ma"],
      "the week starts on Monday",
    );
    await page.screenshot({ path: `${shots}/calendar-${label}.png` });
    await pickSelectableDay(page, 1);

    await submit.click();
    await page.waitForSelector("ol.offer-list li");
    const header = await page.locator("#rezultate").textContent();
    assert.match(header, /^Rezultate pentru Cluj • \d{2}\.\d{2}\.\d{4}$/);
    const prices = (await page.locator(".offer-price").evaluateAll((els) => els.map((e) => e.dataset.price))).map(Number);
    assert.ok(prices.length > 5, `expected offers, got ${prices.length}`);
    assert.deepEqual(prices, [...prices].sort((a, b) => a - b), "offers are sorted cheapest first");
    assert.equal(await page.locator("ol.offer-list li").first().locator(".badge.best").textContent(), TEXTS.search.bestPrice);
    const best = await page.locator(".best-supplier").textContent();
    assert.ok(await page.getByRole("button", { name: `Schimbă-mă la ${best}` }).isVisible());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scroll at ${width}px (overflow ${overflow}px)`);
    await page.screenshot({ path: `${shots}/results-${label}.png`, fullPage: true });

    await page.getByRole("button", { name: TEXTS.search.searchAgain }).click();
    await page.getByRole("button", { name: TEXTS.search.submit }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("unknown paths show the not-found page with its four links", async () => {
  const page = await getBrowser().newPage();
  const res = await page.goto(baseUrl + "/pagina-care-nu-exista");
  assert.equal(res.status(), 404);
  for (const href of ["/", "/profil", "/schimba-furnizor", "/documente"]) {
    assert.equal(await page.locator(`.not-found-links a[href="${href}"]`).count(), 1, href);
  }
  await page.setViewportSize({ width: 360, height: 700 });
  await page.screenshot({ path: `${shots}/not-found-mobile.png` });
  await page.close();
});
