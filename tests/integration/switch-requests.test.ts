// The switch-request API of user spec §7 inside workerd: the switch context on the server, creation
// with every final-submit rule of §5 alone and in the spec's order, the offer snapshot and savings,
// one open request per POD (also under concurrent submits), list/detail/automation-status, cancel
// and cancel-automation, ownership (another user's request is 404) and sign-in on every route.
import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, bucharestDay } from "../../app/lib/dates";
import { TEXTS } from "../../app/texts/user";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import idScan from "../fixtures/generated/id-popescu-scan.png";
import manifest from "../fixtures/generated/manifest.json";
import { signInThroughApi } from "./auth-helpers";
import { api, uniqueCopy, upload, type ApiBody } from "./documents-helpers";
import { holdSupplierQueues } from "./pipeline-helpers";
import {
  OFFER,
  createPayload,
  createdRequest,
  putContext,
  submitSwitch,
  switchUser,
  type SwitchUser,
} from "./switch-helpers";

// The journey alone: the pipeline (switch-pipeline.test.ts) takes nothing while these run.
beforeAll(holdSupplierQueues);
beforeEach(holdSupplierQueues);

const t = TEXTS.switching;
const today = bucharestDay();

async function requestRow(id: string) {
  return env.DB.prepare("SELECT * FROM switch_requests WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

async function userEvents(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT event FROM notifications WHERE user_id = ? ORDER BY rowid").bind(userId).all<{ event: string }>();
  return results.map((r) => r.event);
}

async function zonePrice(offerId: string, zoneId = "transilvania-nord"): Promise<number> {
  const row = await env.DB.prepare("SELECT total_micro_lei AS p FROM offer_prices WHERE offer_id = ? AND zone_id = ?").bind(offerId, zoneId).first<{ p: number }>();
  return row!.p;
}

/** A catalog offer of our own for the rules about offers (the seed is shared by the whole file). */
async function insertOffer(id: string, values: { active?: boolean; validUntil?: string | null; zone?: string } = {}) {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO offers (id, supplier_id, name, type, valid_from, valid_until, consumption_type, active) VALUES (?, 'hidroelectrica', ?, 'fix', '2026-01-01', ?, 'casnic', ?)",
    ).bind(id, `Test ${id}`, values.validUntil === undefined ? null : values.validUntil, values.active === false ? 0 : 1),
    env.DB.prepare(
      "INSERT INTO offer_prices (offer_id, zone_id, energy_micro_lei, distribution_micro_lei, regulated_micro_lei, vat_micro_lei, total_micro_lei) VALUES (?, ?, 500000, 250000, 100000, 178500, 1028500)",
    ).bind(id, values.zone ?? "transilvania-nord"),
  ]);
}

function expectFailure(result: { res: Response; body: ApiBody | null }, status: number, error: string, message?: string) {
  expect({ status: result.res.status, error: result.body?.error, success: result.body?.success }).toEqual({ status, error, success: false });
  if (message !== undefined) expect(result.body?.message).toBe(message);
}

describe("sign-in is required", () => {
  const routes: [string, string][] = [
    ["GET", "/api/users/switch-context"],
    ["PUT", "/api/users/switch-context"],
    ["DELETE", "/api/users/switch-context"],
    ["POST", "/api/users/request-supplier-switch"],
    ["GET", "/api/users/switch-requests"],
    ["GET", "/api/users/switch-requests/x"],
    ["GET", "/api/users/switch-requests/x/automation-status"],
    ["POST", "/api/users/switch-requests/x/cancel"],
    ["POST", "/api/users/switch-requests/x/cancel-automation"],
  ];
  it.each(routes)("%s %s → 401", async (method, path) => {
    const { res, body } = await api(null, path, { method });
    expect(res.status).toBe(401);
    expect(body).toMatchObject({ success: false, error: "unauthorized", message: TEXTS.auth.sessionExpired });
  });

  it.each([
    ["GET", "/api/users/request-supplier-switch"],
    ["PUT", "/api/users/request-supplier-switch"],
    ["GET", "/api/users/switch-requests/x/cancel"],
    ["GET", "/api/users/switch-requests/x/cancel-automation"],
    ["POST", "/api/users/switch-context"],
  ])("%s %s → 405", async (method, path) => {
    const user = await switchUser();
    const { res, body } = await api(user.auth, path, { method });
    expect(res.status).toBe(405);
    expect(body).toMatchObject({ success: false, error: "method_not_allowed" });
  });
});

describe("the switch context on the server", () => {
  let user: SwitchUser;
  beforeAll(async () => {
    user = await switchUser();
  });

  it("stores the chosen offer, answers it with its validity, and forgets it on DELETE", async () => {
    const empty = await api(user.auth, "/api/users/switch-context");
    expect(empty.body).toMatchObject({ success: true, context: null, validity: { valid: false, reason: "no_context", message: t.noContext } });

    const saved = await putContext(user.auth, { county: "cj" });
    expect(saved.res.status).toBe(200);
    expect(saved.body!.context).toMatchObject({ selectedOfferId: OFFER.offerId, selectedSupplierId: OFFER.supplierId, county: "CJ", estimatedMonthlySavings: 12.5 });

    // A second device (the cookie session) sees the same context.
    const other = await api({ cookie: user.cookie }, "/api/users/switch-context");
    expect(other.body).toMatchObject({ context: { selectedOfferId: OFFER.offerId, searchDate: addDays(today, 1) }, validity: { valid: true } });

    // The last choice wins.
    await putContext(user.auth, { selectedOfferId: "nova-power-gas-fix-12", selectedSupplierId: "nova-power-gas" });
    expect((await api(user.auth, "/api/users/switch-context")).body!.context).toMatchObject({ selectedOfferId: "nova-power-gas-fix-12" });

    const cleared = await api(user.auth, "/api/users/switch-context", { method: "DELETE" });
    expect(cleared.res.status).toBe(200);
    expect((await api(user.auth, "/api/users/switch-context")).body!.context).toBeNull();
  });

  it("reports a context whose search date is not after today as stale, and names missing ids", async () => {
    await putContext(user.auth, { searchDate: today });
    expect((await api(user.auth, "/api/users/switch-context")).body!.validity).toEqual({ valid: false, reason: "different_day", message: t.staleDate });
    await putContext(user.auth, { selectedSupplierId: "", isFromCache: true });
    const validity = (await api(user.auth, "/api/users/switch-context")).body!.validity as { reason: string; message: string };
    expect(validity.reason).toBe("missing_ids");
    expect(validity.message).toBe(`${t.missingOfferData([t.missingSupplierId])} ${t.cacheRetry(addDays(today, 3))}`);
  });

  it.each([
    ["an unknown county", { county: "XX" }, TEXTS.api.unknownCounty],
    ["a county that is not a code", { county: "Cluj-Napoca" }, TEXTS.api.unknownCounty],
    ["a date that is not a day", { searchDate: "2026-02-30" }, TEXTS.api.invalidDate],
    ["a price that is not a decimal", { pricePerKwh: "gratis" }, t.contextInvalid],
    ["an absurd estimate", { estimatedMonthlySavings: 1e9 }, t.contextInvalid],
  ])("refuses %s with 400 and keeps the stored context", async (_what, overrides, message) => {
    await putContext(user.auth);
    const { res, body } = await putContext(user.auth, overrides);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, message });
    expect((await api(user.auth, "/api/users/switch-context")).body!.context).toMatchObject({ county: "CJ", searchDate: addDays(today, 1) });
  });

  it("refuses a body that is not JSON with 400", async () => {
    const { res } = await api(user.auth, "/api/users/switch-context", { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{nu" });
    expect(res.status).toBe(400);
  });
});

describe("POST /api/users/request-supplier-switch", () => {
  it("creates the request from the server's context, with the offer snapshot, logs, savings and a notification", async () => {
    const user = await switchUser({ bill: { consumptionKwh: 200, periodStart: null, periodEnd: null, pricePerKwh: "1.5000" } });
    // The browser's price and name are not trusted: the request copies the catalog's.
    expect((await putContext(user.auth, { pricePerKwh: "0.0001", offerName: "Ofertă falsă" })).res.status).toBe(200);
    const { res, body } = await submitSwitch(user.auth, createPayload(user));
    expect(res.status).toBe(201);
    const price = await zonePrice(OFFER.offerId);
    const expectedSavingsBani = Math.round((1_500_000 - price) / 50);
    expect(body).toMatchObject({ success: true, message: t.created, id: body!.requestId, data: { id: body!.id } });
    const data = body!.data as Record<string, unknown>;
    expect(data).toMatchObject({
      status: "created",
      current_step: "automation_queued",
      progress_percentage: 20,
      suppliers: { name: "Hidroelectrica", website: expect.stringMatching(/^https:\/\//) },
      desired_switch_date: addDays(today, 14),
      switch_type: "automatic",
      switchReason: "cost_savings",
      title_holder_quality: "Proprietar",
      consumer_type: "casnic",
      offer_name: OFFER.name,
      offer_price_per_kwh: (price / 1_000_000).toFixed(4),
      offer_valid_from: "2026-01-01",
      offer_valid_until: "2027-06-30",
      current_supplier_name: "Electrica Furnizare",
      pod: user.pod,
      estimated_monthly_savings: expectedSavingsBani / 100,
      signatureLink: null,
      can_cancel: true,
      can_cancel_automation: true,
    });
    expect(String(data.short_id)).toBe(String(data.id).slice(-8));

    const row = await requestRow(body!.id as string);
    expect(row).toMatchObject({ user_id: user.userId, offer_price_micro_lei: price, estimated_monthly_savings_bani: expectedSavingsBani, county_id: "CJ" });
    expect(JSON.parse(row!.offer_snapshot_json as string)).toMatchObject({ offerId: OFFER.offerId, source: "catalog", zoneId: "transilvania-nord", priceMicroLei: price });

    const detail = await api(user.auth, `/api/users/switch-requests/${body!.id}`);
    const logs = (detail.body!.request as { logs: { message: string; log_type: string; step: string }[] }).logs;
    expect(logs.map((l) => l.step)).toEqual(["request_validation", "document_verification", "automation_queued"]);
    expect(logs[2]!.message).toBe(t.log.queued("Hidroelectrica"));
    expect(await userEvents(user.userId)).toEqual(["switch_request_created"]);
    const admin = await env.DB.prepare("SELECT type FROM admin_notifications WHERE metadata_json LIKE ?").bind(`%${body!.id}%`).first<{ type: string }>();
    expect(admin?.type).toBe("switch_request_created");
    // A successful submit clears the context.
    expect((await api(user.auth, "/api/users/switch-context")).body!.context).toBeNull();
  });

  it("takes the earlier reading manual / 'Cea mai bună ofertă selectată', the reason defaulting by type", async () => {
    const user = await switchUser();
    await putContext(user.auth);
    const { res, body } = await submitSwitch(user.auth, createPayload(user, { switchType: "manual", switchReason: undefined }));
    expect(res.status).toBe(201);
    expect(body!.data).toMatchObject({ switch_type: "manual", switchReason: "Cea mai bună ofertă selectată" });
  });

  it("falls back to the search's estimate when the bill has no consumption", async () => {
    const user = await switchUser({ bill: { consumptionKwh: null } });
    await putContext(user.auth, { estimatedMonthlySavings: 23.45 });
    const { body } = await submitSwitch(user.auth, createPayload(user));
    expect(body!.data).toMatchObject({ estimated_monthly_savings: 23.45 });
  });

  describe("each final-submit rule alone", () => {
    let user: SwitchUser;
    beforeAll(async () => {
      user = await switchUser();
    });
    const submit = async (overrides: Record<string, unknown>) => {
      await putContext(user.auth);
      return submitSwitch(user.auth, createPayload(user, overrides));
    };
    const docs = (selected: Record<string, unknown>) => ({
      selectedDocuments: { idDocumentId: user.idDocumentId, invoiceDocumentId: user.invoiceDocumentId, meterReadingId: user.meterReadingId, ...selected },
    });

    it("prosumers are refused", async () => {
      const result = await submit({ consumerType: "prosumator" });
      expectFailure(result, 400, "prosumer_not_accepted", "Din păcate, serviciul nostru nu este disponibil pentru prosumatori");
      expect(result.body!.title).toBe("Prosumatori nu sunt acceptați");
    });

    it("terms must be accepted", async () => {
      const result = await submit({ termsAccepted: false });
      expectFailure(result, 400, "terms_not_accepted", t.termsRequired);
      expect(result.body!.title).toBe("Termeni și condiții");
      expectFailure(await submit({ termsAccepted: undefined }), 400, "terms_not_accepted");
    });

    it("a meter reading must be given, and be the user's own", async () => {
      expectFailure(await submit(docs({ meterReadingId: null })), 400, "meter_reading_missing", "Index contor lipsă");
      expectFailure(await submit(docs({ meterReadingId: "" })), 400, "meter_reading_missing");
      const stranger = await switchUser();
      expectFailure(await submit(docs({ meterReadingId: stranger.meterReadingId })), 404, "meter_reading_not_found");
    });

    it("the identity document must be given, the user's own, an identity document and verified", async () => {
      expectFailure(await submit(docs({ idDocumentId: null })), 400, "identity_document_missing", t.identityMissing);
      const stranger = await switchUser();
      expectFailure(await submit(docs({ idDocumentId: stranger.idDocumentId })), 404, "document_not_found");
      expectFailure(await submit(docs({ idDocumentId: user.invoiceDocumentId })), 404, "document_not_found");
      const pending = await switchUser({ idStatus: "processing" });
      await putContext(pending.auth);
      expectFailure(await submitSwitch(pending.auth, createPayload(pending)), 409, "identity_not_verified", t.identityNotVerified);
    });

    it("the bill must be given, the user's own, a bill and verified", async () => {
      expectFailure(await submit(docs({ invoiceDocumentId: undefined })), 400, "invoice_document_missing", t.billMissing);
      const stranger = await switchUser();
      expectFailure(await submit(docs({ invoiceDocumentId: stranger.invoiceDocumentId })), 404, "document_not_found");
      expectFailure(await submit(docs({ invoiceDocumentId: user.idDocumentId })), 404, "document_not_found");
      const rejected = await switchUser({ billStatus: "rejected" });
      await putContext(rejected.auth);
      expectFailure(await submitSwitch(rejected.auth, createPayload(rejected)), 409, "invoice_not_verified", t.billNotVerified);
    });

    it("a contract document, when given, must be the user's own contract", async () => {
      expectFailure(await submit(docs({ contractDocumentId: user.idDocumentId })), 404, "document_not_found");
    });

    it("without a stored context: no_context", async () => {
      await api(user.auth, "/api/users/switch-context", { method: "DELETE" });
      expectFailure(await submitSwitch(user.auth, createPayload(user)), 409, "no_context", t.noContext);
    });

    it("with a stale context (search date not after today): different_day", async () => {
      await putContext(user.auth, { searchDate: today });
      expectFailure(await submitSwitch(user.auth, createPayload(user)), 409, "different_day", t.staleContext);
    });

    it("with a context missing its ids: missing_ids, naming what is missing", async () => {
      await putContext(user.auth, { selectedOfferId: "" });
      expectFailure(await submitSwitch(user.auth, createPayload(user)), 409, "missing_ids", t.missingOfferData([t.missingOfferId]));
    });

    it("the payload's supplier and offer must be the context's", async () => {
      expectFailure(await submit({ targetSupplierId: "nova-power-gas" }), 409, "invalid_targetSupplierId", t.invalidSupplierId);
      expectFailure(await submit({ offerId: "hidroelectrica-casnic-standard" }), 409, "offer_mismatch", t.offerMismatch);
    });

    it("the offer must still be active, priced for the county's zone and valid on the desired date", async () => {
      const suffix = crypto.randomUUID().slice(0, 8);
      await insertOffer(`inactive-${suffix}`, { active: false });
      await insertOffer(`short-${suffix}`, { validUntil: addDays(today, 5) });
      await insertOffer(`elsewhere-${suffix}`, { zone: "banat" });
      for (const offerId of [`inactive-${suffix}`, `short-${suffix}`, `elsewhere-${suffix}`, `posf-missing-${suffix}`]) {
        await putContext(user.auth, { selectedOfferId: offerId });
        expectFailure(await submitSwitch(user.auth, createPayload(user, { offerId })), 409, "offer_unavailable", t.offerUnavailable);
      }
      // The same offer in the catalog under another supplier id is refused as a bad supplier.
      await putContext(user.auth, { selectedSupplierId: "nova-power-gas" });
      expectFailure(await submitSwitch(user.auth, createPayload(user, { targetSupplierId: "nova-power-gas" })), 409, "invalid_targetSupplierId");
    });

    it("the desired switch date is today + 14 days (a day's grace), not earlier and not a year away", async () => {
      expectFailure(await submit({ desiredSwitchDate: addDays(today, 7) }), 400, "invalid_input", t.desiredDateTooEarly);
      expectFailure(await submit({ desiredSwitchDate: addDays(today, 400) }), 400, "invalid_input", t.desiredDateTooLate);
      expectFailure(await submit({ desiredSwitchDate: "14.12.2026" }), 400, "invalid_input", t.desiredDateInvalid);
    });

    it("the title-holder quality must be one of the 11 values", async () => {
      expectFailure(await submit({ titleHolderQuality: "Vecin" }), 400, "invalid_input", t.titleHolderRequired);
      expectFailure(await submit({ titleHolderQuality: undefined }), 400, "invalid_input", t.titleHolderRequired);
    });

    it("refuses a body that is not JSON, or not an object, with 400 and creates nothing", async () => {
      const before = await env.DB.prepare("SELECT count(*) AS n FROM switch_requests WHERE user_id = ?").bind(user.userId).first<{ n: number }>();
      const broken = await api(user.auth, "/api/users/request-supplier-switch", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" });
      expect(broken.res.status).toBe(400);
      expect((await submitSwitch(user.auth, [1, 2])).res.status).toBe(400);
      const after = await env.DB.prepare("SELECT count(*) AS n FROM switch_requests WHERE user_id = ?").bind(user.userId).first<{ n: number }>();
      expect(after!.n).toBe(before!.n);
    });
  });

  it("checks the rules in the spec's order", async () => {
    const user = await switchUser({ idStatus: "pending" });
    const wrong = createPayload(user, {
      consumerType: "prosumator",
      termsAccepted: false,
      selectedDocuments: { idDocumentId: null, invoiceDocumentId: null, meterReadingId: null },
    });
    const steps: [Record<string, unknown>, string][] = [
      [{}, "prosumer_not_accepted"],
      [{ consumerType: "casnic" }, "terms_not_accepted"],
      [{ termsAccepted: true }, "meter_reading_missing"],
      [{ selectedDocuments: { meterReadingId: user.meterReadingId } }, "identity_document_missing"],
      [{ selectedDocuments: { meterReadingId: user.meterReadingId, idDocumentId: user.idDocumentId } }, "identity_not_verified"],
    ];
    let payload: Record<string, unknown> = wrong;
    for (const [fix, expected] of steps) {
      payload = { ...payload, ...fix };
      expect((await submitSwitch(user.auth, payload)).body!.error).toBe(expected);
    }
    await env.DB.prepare("UPDATE documents SET status = 'verified' WHERE id = ?").bind(user.idDocumentId).run();
    expect((await submitSwitch(user.auth, payload)).body!.error).toBe("invoice_document_missing");
    payload = createPayload(user);
    expect((await submitSwitch(user.auth, payload)).body!.error).toBe("no_context");
    await putContext(user.auth);
    expect((await submitSwitch(user.auth, payload)).res.status).toBe(201);
  });

  it("allows one open request per POD: a second submit is refused until the first is cancelled", async () => {
    const user = await switchUser();
    const first = await createdRequest(user);
    await putContext(user.auth);
    expectFailure(await submitSwitch(user.auth, createPayload(user)), 409, "pod_has_open_request", t.podHasOpenRequest);
    // Another account with a bill for the same POD is refused too.
    const other = await switchUser({ bill: { pod: user.pod } });
    await putContext(other.auth);
    expectFailure(await submitSwitch(other.auth, createPayload(other)), 409, "pod_has_open_request");

    expect((await api(user.auth, `/api/users/switch-requests/${first}/cancel`, { method: "POST" })).res.status).toBe(200);
    expect((await submitSwitch(user.auth, createPayload(user))).res.status).toBe(201);
  });

  it("lets only one of two simultaneous submits for the same POD through", async () => {
    const a = await switchUser();
    const b = await switchUser({ bill: { pod: a.pod } });
    await putContext(a.auth);
    await putContext(b.auth);
    const results = await Promise.all([submitSwitch(a.auth, createPayload(a)), submitSwitch(b.auth, createPayload(b))]);
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.res.status === 409)!.body!.error).toBe("pod_has_open_request");
    const open = await env.DB.prepare("SELECT count(*) AS n FROM switch_requests WHERE pod = ? AND status = 'created'").bind(a.pod).first<{ n: number }>();
    expect(open!.n).toBe(1);
  });

  it("switches to an offer of the comparator through the search's last collection", async () => {
    const user = await switchUser();
    const searchDate = addDays(today, 40);
    const search = { county: "CJ", date: searchDate, consumptionType: "casnic" as const };
    const { collectionKey } = await import("../../app/server/offers/collection.server");
    const { appConfig } = await import("../../app/server/config.server");
    const stub = env.OFFER_COLLECTOR.get(env.OFFER_COLLECTOR.idFromName(collectionKey(search)));
    const answer = await stub.start(search, appConfig({ ...env, OFFER_SOURCES: "comparator", OFFER_COMPARATOR_URL: "http://comparator.test/ok" }).offers);
    if (answer.status !== "completed") throw new Error(`collection ${answer.status}`);
    const collected = answer.offers.find((o) => o.supplier_id === "electrica-furnizare" && o.metadata.source === "comparator");
    if (!collected) throw new Error("no comparator offer from a known supplier");

    await putContext(user.auth, { selectedOfferId: collected.id, selectedSupplierId: collected.supplier_id, searchDate });
    const { res, body } = await submitSwitch(user.auth, createPayload(user, { offerId: collected.id, targetSupplierId: collected.supplier_id }));
    expect(res.status).toBe(201);
    expect(body!.data).toMatchObject({ offer_name: collected.name, offer_price_per_kwh: collected.price, suppliers: { name: "Electrica Furnizare" } });
    expect(JSON.parse((await requestRow(body!.id as string))!.offer_snapshot_json as string)).toMatchObject({ source: "comparator", monthlyFeeBani: Math.round(Number(collected.monthly_fee) * 100) });
  });
});

describe("list, detail and automation status", () => {
  let alice: SwitchUser;
  let bob: SwitchUser;
  let aliceRequests: string[];
  beforeAll(async () => {
    alice = await switchUser();
    bob = await switchUser();
    aliceRequests = [];
    for (let i = 0; i < 3; i++) {
      const id = await createdRequest(alice);
      aliceRequests.push(id);
      if (i < 2) expect((await api(alice.auth, `/api/users/switch-requests/${id}/cancel`, { method: "POST" })).res.status).toBe(200);
    }
    await createdRequest(bob);
  });

  it("lists the user's own requests newest first, with the status filter and the limit", async () => {
    const all = await api(alice.auth, "/api/users/switch-requests");
    expect(all.res.status).toBe(200);
    const ids = (all.body!.requests as { id: string }[]).map((r) => r.id);
    expect(ids).toEqual([...aliceRequests].reverse());
    expect(all.body!.count).toBe(3);

    const cancelled = await api(alice.auth, "/api/users/switch-requests?status=cancelled&limit=100");
    expect((cancelled.body!.requests as { status: string }[]).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    // The spec's other spelling filters the same.
    expect(((await api(alice.auth, "/api/users/switch-requests?status=canceled")).body!.requests as unknown[]).length).toBe(2);
    expect(((await api(alice.auth, "/api/users/switch-requests?status=created")).body!.requests as { id: string }[]).map((r) => r.id)).toEqual([aliceRequests[2]]);
    expect(((await api(alice.auth, "/api/users/switch-requests?limit=1")).body!.requests as unknown[]).length).toBe(1);
    expect(((await api(alice.auth, "/api/users/switch-requests?status=")).body!.requests as unknown[]).length).toBe(3);
  });

  it("takes at most 10 by default and refuses limits above 100 and unknown statuses", async () => {
    const many = await switchUser();
    for (let i = 0; i < 11; i++) {
      const id = await createdRequest(many);
      await api(many.auth, `/api/users/switch-requests/${id}/cancel`, { method: "POST" });
    }
    expect(((await api(many.auth, "/api/users/switch-requests")).body!.requests as unknown[]).length).toBe(10);
    expect(((await api(many.auth, "/api/users/switch-requests?limit=100")).body!.requests as unknown[]).length).toBe(11);
    for (const query of ["limit=101", "limit=0", "limit=abc", "limit=-1", "status=deleted"]) {
      const { res, body } = await api(many.auth, `/api/users/switch-requests?${query}`);
      expect(res.status, query).toBe(400);
      expect(body).toMatchObject({ success: false, error: "invalid_input", message: TEXTS.api.invalidQuery });
    }
  });

  it("shows every field of spec §3 on the detail, and another user's request is 404", async () => {
    const id = aliceRequests[2]!;
    const { res, body } = await api(alice.auth, `/api/users/switch-requests/${id}`);
    expect(res.status).toBe(200);
    const request = body!.request as Record<string, unknown>;
    for (const field of [
      "id",
      "status",
      "suppliers",
      "created_at",
      "updated_at",
      "desired_switch_date",
      "switch_type",
      "switchReason",
      "offer_name",
      "offer_price_per_kwh",
      "offer_valid_from",
      "offer_valid_until",
      "signatureLink",
      "logs",
      "progress_percentage",
      "estimated_monthly_savings",
    ]) {
      expect(request, field).toHaveProperty(field);
    }
    expect((request.logs as { id: string; message: string; created_at: string; log_type: string }[])[0]).toEqual({
      id: expect.any(String),
      message: t.log.validated,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      log_type: "success",
      step: "request_validation",
    });

    for (const path of [`/api/users/switch-requests/${id}`, `/api/users/switch-requests/${id}/automation-status`]) {
      const foreign = await api(bob.auth, path);
      expect(foreign.res.status, path).toBe(404);
      expect(foreign.body).toMatchObject({ success: false, error: "not_found", message: t.notFound });
    }
    expect((await api(alice.auth, "/api/users/switch-requests/00000000-0000-7000-8000-000000000000")).res.status).toBe(404);
  });

  it("shows the signature link once the pipeline has issued one", async () => {
    const id = aliceRequests[2]!;
    const expires = Date.now() + 86_400_000;
    await env.DB.prepare("UPDATE switch_requests SET signature_expires_at = ?, signature_attempts_remaining = 2, signature_max_attempts = 3 WHERE id = ?").bind(expires, id).run();
    const request = (await api(alice.auth, `/api/users/switch-requests/${id}`)).body!.request as { signatureLink: unknown };
    expect(request.signatureLink).toEqual({ url: `/cereri-schimbare/${id}/semnare`, expiresAt: new Date(expires).toISOString(), attemptsRemaining: 2, maxAttempts: 3 });
    await env.DB.prepare("UPDATE switch_requests SET signature_expires_at = NULL WHERE id = ?").bind(id).run();
  });

  it("answers the automation status: queued, then stopped after cancel-automation, finished once cancelled", async () => {
    const user = await switchUser();
    const id = await createdRequest(user);
    const queued = await api(user.auth, `/api/users/switch-requests/${id}/automation-status`);
    expect(queued.body!.automation).toMatchObject({ requestId: id, status: "created", state: "queued", currentStep: "automation_queued", canCancelAutomation: true, lastLog: { step: "automation_queued" } });

    const stop = await api(user.auth, `/api/users/switch-requests/${id}/cancel-automation`, { method: "POST" });
    expect(stop.res.status).toBe(200);
    expect(stop.body).toMatchObject({ message: t.automationCancelled, request: { status: "paused", can_cancel: true, can_cancel_automation: false } });
    expect((await api(user.auth, `/api/users/switch-requests/${id}/automation-status`)).body!.automation).toMatchObject({ state: "stopped", lastLog: { message: t.log.automationCancelled } });
    expectFailure(await api(user.auth, `/api/users/switch-requests/${id}/cancel-automation`, { method: "POST" }), 409, "automation_cancel_refused", t.automationCancelRefused);

    expect((await api(user.auth, `/api/users/switch-requests/${id}/cancel`, { method: "POST" })).res.status).toBe(200);
    expect((await api(user.auth, `/api/users/switch-requests/${id}/automation-status`)).body!.automation).toMatchObject({ state: "finished", status: "cancelled" });
    expect(await userEvents(user.userId)).toEqual(["switch_request_created", "switch_request_updated", "switch_request_cancelled"]);
  });
});

describe("cancel", () => {
  it("cancels with an optional reason, logs it and notifies; a second cancel is refused", async () => {
    const user = await switchUser();
    const id = await createdRequest(user);
    const { res, body } = await api(user.auth, `/api/users/switch-requests/${id}/cancel`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "  Am găsit altă ofertă  " }),
    });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, message: t.cancelled, request: { status: "cancelled", cancel_reason: "Am găsit altă ofertă", can_cancel: false } });
    const detail = (await api(user.auth, `/api/users/switch-requests/${id}`)).body!.request as { logs: { message: string }[] };
    expect(detail.logs.at(-1)!.message).toBe(t.log.cancelled("Am găsit altă ofertă"));
    expect((await userEvents(user.userId)).at(-1)).toBe("switch_request_cancelled");

    expectFailure(await api(user.auth, `/api/users/switch-requests/${id}/cancel`, { method: "POST" }), 409, "cancel_refused", t.cancelRefused);
    expect((await requestRow(id))!.cancel_reason).toBe("Am găsit altă ofertă");
  });

  it("refuses to cancel a completed or failed request", async () => {
    const user = await switchUser();
    for (const status of ["completed", "failed"]) {
      const id = await createdRequest(user);
      await env.DB.prepare("UPDATE switch_requests SET status = ? WHERE id = ?").bind(status, id).run();
      expectFailure(await api(user.auth, `/api/users/switch-requests/${id}/cancel`, { method: "POST" }), 409, "cancel_refused");
      expectFailure(await api(user.auth, `/api/users/switch-requests/${id}/cancel-automation`, { method: "POST" }), 409, "automation_cancel_refused");
      expect((await requestRow(id))!.status).toBe(status);
    }
  });

  it("another user's request is 404 and stays as it was; a reason over 500 characters is 400", async () => {
    const owner = await switchUser();
    const stranger = await switchUser();
    const id = await createdRequest(owner);
    expectFailure(await api(stranger.auth, `/api/users/switch-requests/${id}/cancel`, { method: "POST" }), 404, "not_found", t.notFound);
    expectFailure(await api(stranger.auth, `/api/users/switch-requests/${id}/cancel-automation`, { method: "POST" }), 404, "not_found");
    const long = await api(owner.auth, `/api/users/switch-requests/${id}/cancel`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "x".repeat(501) }),
    });
    expectFailure(long, 400, "invalid_input", t.cancelReasonTooLong);
    expect((await requestRow(id))!.status).toBe("created");
    expect(await userEvents(stranger.userId)).toEqual([]);
  });
});

describe("the whole path with real documents through the queue", { timeout: 120_000 }, () => {
  it("uploads an ID and a bill, waits for verified, sends the index and creates the request with the bill's POD", async () => {
    const truth = manifest.bills.find((b) => b.file === "bill-electrica-popescu.pdf")!.truth;

    const signedIn = await signInThroughApi();
    const auth = { accessToken: signedIn.accessToken };
    const id = await upload(auth, "document_identitate", [{ name: "ci.png", type: "image/png", bytes: uniqueCopy(idScan) }]);
    const bill = await upload(auth, "ultima_factura", [{ name: "factura.pdf", type: "application/pdf", bytes: uniqueCopy(billPdf) }]);
    const ids = [(id.body.documents as { id: string }[])[0]!.id, (bill.body.documents as { id: string }[])[0]!.id];
    let statuses: string[] = [];
    for (let i = 0; i < 240; i++) {
      const list = (await api(auth, "/api/documents/status/all")).body!.documents as { id: string; status: string }[];
      statuses = ids.map((docId) => list.find((d) => d.id === docId)!.status);
      if (statuses.every((s) => s === "verified")) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(statuses).toEqual(["verified", "verified"]);

    const reading = await api(auth, "/api/documents/meter-reading", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ readingValue: "045678", readingDate: today }),
    });
    expect(reading.res.status).toBe(201);
    await putContext(auth);
    const meterReadingId = (reading.body!.meterReading as { id: string }).id;
    const { res, body } = await submitSwitch(auth, createPayload({ idDocumentId: ids[0]!, invoiceDocumentId: ids[1]!, meterReadingId }));
    expect(res.status).toBe(201);
    const price = await zonePrice(OFFER.offerId);
    // 182 kWh over October's 31 days → 178.70 kWh a month, at the bill's 1.3434 lei/kWh against the offer's.
    const monthlyKwh = (truth.consumptionKwh * 30.4375) / 31;
    expect(body!.data).toMatchObject({
      pod: truth.pod,
      current_supplier_name: truth.supplierName,
      estimated_monthly_savings: Math.round((monthlyKwh * (1_343_400 - price)) / 10_000) / 100,
    });
  });
});
