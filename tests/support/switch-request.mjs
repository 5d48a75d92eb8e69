// A switch request made the way the wizard makes it, through the public API: a fresh user signs in by
// SMS, uploads the identity card and the bill (both verified automatically), records a meter index,
// picks an offer and sends the request. Shared by the e2e files that need a real request.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { readLatestCode, uniquePhone } from "./sign-in.mjs";

const fixtures = "tests/fixtures/generated";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A JSON call to the local server with a user's bearer token. */
export async function api(baseUrl, path, { token, method = "GET", json, form } = {}) {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  let body;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) body = form;
  const res = await fetch(baseUrl + path, { method, headers, body });
  return { status: res.status, body: await res.json() };
}

/** Reads until the check holds (the pipeline works in the background), or fails after the timeout. */
export async function until(read, check, what, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 300)}`);
    await sleep(500);
  }
}

// One person's identity card and bill (tests/fixtures/generated/manifest.json): a place of consumption
// (POD) takes one open request at a time, so requests open together need different people.
const PEOPLE = {
  constantin: { id: ["id-constantin-scan.jpg", "image/jpeg"], bill: "bill-hidroelectrica-constantin.pdf" },
  popescu: { id: ["id-popescu-scan.png", "image/png"], bill: "bill-electrica-popescu.pdf" },
};

/** Everything the wizard does, through the API: sign in, both documents verified, index, context, request. */
export async function createdRequest(baseUrl, { supplierName = "Premier Energy", person = "constantin" } = {}) {
  const papers = PEOPLE[person];
  const phone = uniquePhone();
  await fetch(`${baseUrl}/api/auth/register-phone`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ phoneNumber: phone }) });
  const verified = await fetch(`${baseUrl}/api/auth/verify-sms`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ phoneNumber: phone, verificationCode: await readLatestCode(baseUrl, phone) }),
  });
  const session = await verified.json();
  const token = session.accessToken;
  const cookie = verified.headers.get("set-cookie").split(";")[0];

  const upload = async (label, file, type) => {
    const form = new FormData();
    form.append("documents", new Blob([readFileSync(`${fixtures}/${file}`)], { type }), file);
    const res = await api(baseUrl, `/api/documents/upload/${label}`, { token, method: "POST", form });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.documents[0].id;
  };
  const idDocumentId = await upload("document_identitate", ...papers.id);
  const invoiceDocumentId = await upload("ultima_factura", papers.bill, "application/pdf");
  for (const id of [idDocumentId, invoiceDocumentId]) {
    const done = await until(() => api(baseUrl, `/api/documents/${id}`, { token }), (r) => ["verified", "rejected"].includes(r.body.document?.status), `document ${id} checked`);
    assert.equal(done.body.document.status, "verified", `${done.body.document.fileName}: ${JSON.stringify(done.body.document).slice(0, 300)}`);
  }
  const meter = await api(baseUrl, "/api/documents/meter-reading", { token, method: "POST", json: { readingValue: "012345", readingDate: new Date().toISOString().slice(0, 10) } });
  assert.equal(meter.status, 201);

  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const offers = await until(() => api(baseUrl, `/api/offers?county=CJ&date=${day}&consumptionType=casnic`, { token }), (r) => Array.isArray(r.body.data) && r.body.data.length > 0, "offers");
  const offer = offers.body.data.find((o) => o.supplier_name === supplierName) ?? offers.body.data[0];
  const context = {
    selectedOfferId: offer.id,
    selectedSupplierId: offer.supplier_id,
    searchDate: day,
    county: "CJ",
    supplierName: offer.supplier_name,
    offerName: offer.name,
    pricePerKwh: offer.price_per_kwh,
    isFromCache: false,
    estimatedMonthlySavings: null,
  };
  assert.equal((await api(baseUrl, "/api/users/switch-context", { token, method: "PUT", json: context })).status, 200);
  const desired = new Date(Date.now() + 14 * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
  const created = await api(baseUrl, "/api/users/request-supplier-switch", {
    token,
    method: "POST",
    json: {
      targetSupplierId: offer.supplier_id,
      offerId: offer.id,
      desiredSwitchDate: desired,
      switchType: "automatic",
      switchReason: "cost_savings",
      titleHolderQuality: "Proprietar",
      consumerType: "casnic",
      termsAccepted: true,
      selectedDocuments: { idDocumentId, invoiceDocumentId, meterReadingId: meter.body.meterReading.id, contractDocumentId: null },
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { phone, token, cookie, requestId: created.body.id, supplier: offer.supplier_name, supplierId: offer.supplier_id };
}
