// The switch journey's pages rendered by the Worker: sign-in redirects, the wizard's context checks on
// the server ('Ofertă invalidă' with each reason), what the wizard lists (rejected documents hidden),
// the history with its filter and aliases, the detail (another user's request is 404 'Cerere
// negăsită') and cancelling from the detail page.
import { SELF, env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, bucharestDay } from "../../app/lib/dates";
import { TEXTS } from "../../app/texts/user";
import { BASE } from "./auth-helpers";
import { api, storeDocument } from "./documents-helpers";
import { createdRequest, putContext, switchUser, type SwitchUser } from "./switch-helpers";

import { holdSupplierQueues } from "./pipeline-helpers";
// The pages alone: the pipeline (switch-pipeline.test.ts) takes nothing while these run.
beforeAll(holdSupplierQueues);
beforeEach(holdSupplierQueues);

const t = TEXTS.switching;

async function page(user: SwitchUser | null, path: string, init: RequestInit = {}) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    redirect: "manual",
    ...init,
    headers: { ...(user ? { Cookie: user.cookie } : {}), ...(init.headers as Record<string, string> | undefined) },
  });
  return { res, html: await res.text() };
}

/** React escapes text in HTML; compare against the same escaping. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("sign-in is required", () => {
  it.each(["/schimba-furnizor", "/schimba", "/istoric-schimbari", "/cereri-schimbare", "/switch-requests", "/cereri-schimbare/x", "/switch-requests/x"])(
    "%s sends a signed-out visitor to /login and back",
    async (path) => {
      const { res } = await page(null, path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );
});

describe("the wizard's context checks on the server", () => {
  let user: SwitchUser;
  beforeAll(async () => {
    user = await switchUser();
  });

  it("says 'Ofertă invalidă' without a context, with the way home", async () => {
    await api(user.auth, "/api/users/switch-context", { method: "DELETE" });
    const { res, html: body } = await page(user, "/schimba-furnizor");
    expect(res.status).toBe(200);
    expect(body).toContain(html(t.invalidOfferTitle));
    expect(body).toContain(html(t.noContext));
    expect(body).toContain(html(t.goHome));
  });

  it.each([
    ["a search date that is today", { searchDate: bucharestDay() }, t.staleDate],
    ["a search date in the past", { searchDate: addDays(bucharestDay(), -3) }, t.staleDate],
    ["a missing supplier id", { selectedSupplierId: "" }, t.missingOfferData([t.missingSupplierId])],
    ["an offer that no longer exists", { selectedOfferId: "oferta-retrasa" }, t.offerUnavailable],
    ["an offer of another supplier", { selectedSupplierId: "nova-power-gas" }, t.offerUnavailable],
  ])("says 'Ofertă invalidă' for %s", async (_what, overrides, message) => {
    await putContext(user.auth, overrides);
    const { html: body } = await page(user, "/schimba");
    expect(body).toContain(html(t.invalidOfferTitle));
    expect(body).toContain(html(message));
  });

  it("opens the wizard with the offer read from the catalog, listing documents but not rejected ones", async () => {
    await storeDocument(user.userId, "document_identitate", null, { status: "rejected", fileName: "buletin-respins.png", mimeType: "image/png" });
    await storeDocument(user.userId, "document_identitate", null, { status: "processing", fileName: "buletin-nou.png", mimeType: "image/png" });
    await putContext(user.auth, { offerName: "Nume din browser" });
    const { res, html: body } = await page(user, "/schimba-furnizor");
    expect(res.status).toBe(200);
    expect(body).not.toContain(html(t.invalidOfferTitle));
    expect(body).toContain(html(t.stepTitles[0]!));
    for (const label of t.stepLabels) expect(body).toContain(`>${html(label)}<`);
    expect(body).toContain("Hidro Fix 12 luni");
    expect(body).not.toContain("Nume din browser");
    expect(body).toContain("ci.png");
    expect(body).toContain("buletin-nou.png");
    expect(body).toContain(html(t.awaitingApproval));
    expect(body).not.toContain("buletin-respins.png");
  });
});

describe("history and detail pages", () => {
  let alice: SwitchUser;
  let bob: SwitchUser;
  let open: string;
  let cancelled: string;
  beforeAll(async () => {
    alice = await switchUser();
    bob = await switchUser();
    cancelled = await createdRequest(alice);
    await api(alice.auth, `/api/users/switch-requests/${cancelled}/cancel`, { method: "POST" });
    open = await createdRequest(alice);
  });

  it.each(["/istoric-schimbari", "/cereri-schimbare", "/switch-requests"])("%s lists the user's own requests by short id", async (path) => {
    const { res, html: body } = await page(alice, path);
    expect(res.status).toBe(200);
    expect(body).toContain(html(t.requestNumber(open.slice(-8))));
    expect(body).toContain(html(t.requestNumber(cancelled.slice(-8))));
    const other = await page(bob, path);
    expect(other.html).not.toContain(open.slice(-8));
    expect(other.html).toContain(html(t.historyEmpty));
  });

  it("filters by status", async () => {
    const { html: body } = await page(alice, "/istoric-schimbari?status=cancelled");
    expect(body).toContain(cancelled.slice(-8));
    expect(body).not.toContain(html(t.requestNumber(open.slice(-8))));
    expect((await page(alice, "/istoric-schimbari?status=completed")).html).toContain(html(t.historyEmptyFiltered));
  });

  it("shows the detail to its owner, under both addresses", async () => {
    for (const path of [`/cereri-schimbare/${open}`, `/switch-requests/${open}`]) {
      const { res, html: body } = await page(alice, path);
      expect(res.status).toBe(200);
      expect(body).toContain(html(t.requestNumber(open.slice(-8))));
      expect(body).toContain(html(t.log.validated));
      expect(body).toContain(html(t.cancelTitle));
    }
  });

  it("answers 404 'Cerere negăsită' for another user's request or none", async () => {
    for (const path of [`/cereri-schimbare/${open}`, "/switch-requests/00000000-0000-7000-8000-000000000000"]) {
      const { res, html: body } = await page(bob, path);
      expect(res.status).toBe(404);
      expect(body).toContain(html(t.notFound));
      expect(body).not.toContain(open.slice(-8));
    }
  });

  it("cancels from the detail page with a reason; another user cannot", async () => {
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    const foreign = await page(bob, `/cereri-schimbare/${open}`, form({ intent: "cancel", reason: "nu e a mea" }));
    expect(foreign.res.status).toBe(404);
    const tooLong = await page(alice, `/cereri-schimbare/${open}`, form({ intent: "cancel", reason: "x".repeat(501) }));
    expect(tooLong.html).toContain(html(t.cancelReasonTooLong));
    let row = await env.DB.prepare("SELECT status FROM switch_requests WHERE id = ?").bind(open).first<{ status: string }>();
    expect(row!.status).toBe("created");

    const done = await page(alice, `/cereri-schimbare/${open}`, form({ intent: "cancel", reason: "Rămân la furnizorul actual" }));
    expect(done.res.status).toBe(200);
    row = await env.DB.prepare("SELECT status, cancel_reason FROM switch_requests WHERE id = ?").bind(open).first<{ status: string; cancel_reason: string }>();
    expect(row).toEqual({ status: "cancelled", cancel_reason: "Rămân la furnizorul actual" });
    expect(done.html).toContain(html(t.log.cancelled("Rămân la furnizorul actual")));
    expect(done.html).not.toContain(html(t.cancelReason));
  });
});
