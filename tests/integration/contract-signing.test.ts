// The in-browser signature inside workerd: the SMS link, the code sent on request (cooldown), wrong codes
// spending the link's attempts, the signed PDF with its audit page, the pipeline going on to completion,
// expired and exhausted links replaced by new ones, the owner's contract download.
import { SELF, env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../app/server/db/client.server";
import { smsOutbox, switchRequests } from "../../app/server/db/schema.server";
import { readPdfText } from "../../app/server/documents/extraction/pdf-text.server";
import { sha256HexOfBytes } from "../../app/server/documents/storage.server";
import { createdSwitchRequest, eventually, queueOf, requestRow } from "./pipeline-helpers";
import { BASE, signInThroughApi } from "./auth-helpers";

async function lastSms(phone: string): Promise<string> {
  const [row] = await createDb(env.DB).select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.createdAt)).limit(1);
  return row?.body ?? "";
}

async function awaitingSignature(supplierId: string) {
  const created = await createdSwitchRequest(supplierId);
  await queueOf(supplierId).enqueue(created.requestId, { id: supplierId, maxConcurrent: 3 });
  await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
  const token = /\/semnare\/([A-Za-z0-9_-]+)/.exec(await lastSms(created.phone))![1]!;
  return { ...created, token };
}

function post(token: string, fields: Record<string, string>) {
  return SELF.fetch(`${BASE}/semnare/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

describe("contract signing", { timeout: 30_000 }, () => {
  it("signs with the SMS code: wrong codes spend attempts, the signed PDF carries the audit page, the switch completes", async () => {
    const r = await awaitingSignature("hidroelectrica");
    const page = await SELF.fetch(`${BASE}/semnare/${r.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain("Semnează contractul");
    expect(html).toContain("Încercări rămase: 5 din 5.");

    const contract = await SELF.fetch(`${BASE}/semnare/${r.token}/contract`);
    expect(contract.headers.get("Content-Type")).toBe("application/pdf");
    const unsigned = new Uint8Array(await contract.arrayBuffer());

    // A code before asking for one counts as a wrong one.
    await post(r.token, { intent: "sign", method: "typed", code: "000000", typedName: "Ioana Ștefănescu", consent: "on" });
    expect((await requestRow(r.requestId)).signatureAttemptsRemaining).toBe(4);

    await post(r.token, { intent: "send-code" });
    const code = /este (\d{6})/.exec(await lastSms(r.phone))![1]!;
    const again = await (await post(r.token, { intent: "send-code" })).text();
    expect(again).toMatch(/Poți cere un cod nou peste \d+ s\./);

    const wrong = code === "111111" ? "222222" : "111111";
    const refused = await (await post(r.token, { intent: "sign", method: "typed", code: wrong, typedName: "Ioana Ștefănescu", consent: "on" })).text();
    expect(refused).toContain("Codul introdus nu este corect. Încercări rămase: 3.");

    const noConsent = await post(r.token, { intent: "sign", method: "typed", code, typedName: "Ioana Ștefănescu" });
    expect(await noConsent.text()).toContain("Trebuie să confirmi că ai citit contractul.");
    expect((await requestRow(r.requestId)).signedContractR2Key).toBeNull();

    const signed = await post(r.token, { intent: "sign", method: "typed", code, typedName: "Ioana Ștefănescu", consent: "on" });
    expect(signed.status).toBe(302);
    const row = await requestRow(r.requestId);
    expect(row.signedContractR2Key).toMatch(/^contracts\//);
    const object = await env.DOCUMENTS.get(row.signedContractR2Key!);
    const text = (await readPdfText(new Uint8Array(await object!.arrayBuffer()))).text.replace(/\s+/g, " ");
    expect(text).toContain("Pagina de audit a semnăturii electronice");
    expect(text).toContain(`SHA-256 al contractului nesemnat: ${await sha256HexOfBytes(unsigned)}`);
    expect(text).toContain(`Telefon (cod SMS verificat): ${r.phone}`);
    expect(text).toContain("Metoda: semnătură tastată");

    const done = await eventually(() => requestRow(r.requestId), (x) => x.status === "completed");
    expect(done.currentStep).toBe("completed");
    const after = await (await SELF.fetch(`${BASE}/semnare/${r.token}`)).text();
    expect(after).toContain("Contract semnat");
    expect(after).toMatch(/Te poți retrage din contract fără motiv și fără costuri până la \d{2}\.\d{2}\.\d{4}/);
  });

  it("an exhausted link is replaced by a new one on the same phone; the old one stops working", async () => {
    const r = await awaitingSignature("electrica-furnizare");
    for (let i = 0; i < 5; i++) await post(r.token, { intent: "sign", method: "typed", code: "999999", typedName: "Ioana Pop", consent: "on" });
    expect((await requestRow(r.requestId)).signatureAttemptsRemaining).toBe(0);
    const exhausted = await (await SELF.fetch(`${BASE}/semnare/${r.token}`)).text();
    expect(exhausted).toContain("Încercări epuizate");
    // Even the right code is refused now.
    await post(r.token, { intent: "send-code" });
    expect((await requestRow(r.requestId)).signatureCodeHash).toBeNull();

    await post(r.token, { intent: "new-link" });
    const fresh = /\/semnare\/([A-Za-z0-9_-]+)/.exec(await lastSms(r.phone))![1]!;
    expect(fresh).not.toBe(r.token);
    expect(await (await SELF.fetch(`${BASE}/semnare/${r.token}`)).text()).toContain("Link invalid");
    expect(await (await SELF.fetch(`${BASE}/semnare/${fresh}`)).text()).toContain("Încercări rămase: 5 din 5.");
  });

  it("an expired link says so and offers a new one; a link that is not ours is invalid", async () => {
    const r = await awaitingSignature("ppc-energie");
    await createDb(env.DB).update(switchRequests).set({ signatureExpiresAt: Date.now() - 1 }).where(eq(switchRequests.id, r.requestId));
    expect(await (await SELF.fetch(`${BASE}/semnare/${r.token}`)).text()).toContain("Linkul a expirat");
    const sent = await post(r.token, { intent: "send-code" });
    expect(sent.status).toBe(200);
    expect((await requestRow(r.requestId)).signatureCodeHash).toBeNull();
    expect(await (await SELF.fetch(`${BASE}/semnare/${"x".repeat(43)}`)).text()).toContain("Link invalid");
    expect((await SELF.fetch(`${BASE}/semnare/${"x".repeat(43)}/contract`)).status).toBe(404);
  });

  it("a drawn signature that is not an image is refused without signing", async () => {
    const r = await awaitingSignature("engie-romania");
    await post(r.token, { intent: "send-code" });
    const code = /este (\d{6})/.exec(await lastSms(r.phone))![1]!;
    const fake = `data:image/png;base64,${btoa("not a png at all")}`;
    const res = await post(r.token, { intent: "sign", method: "drawn", code, signaturePng: fake, consent: "on" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Semnarea nu a reușit. Încearcă din nou.");
    expect((await requestRow(r.requestId)).signedContractR2Key).toBeNull();
  });

  it("the owner reaches the same page from the request (signed in); anyone else gets 404", async () => {
    const owner = await signInThroughApi();
    const created = await createdSwitchRequest("tinmar-energy", { user: { id: owner.userId, phone: owner.phone } });
    await queueOf("tinmar-energy").enqueue(created.requestId, { id: "tinmar-energy", maxConcurrent: 2 });
    await eventually(() => requestRow(created.requestId), (r) => r.status === "awaiting_signature");
    const page = await SELF.fetch(`${BASE}/cereri-schimbare/${created.requestId}/semnare`, { headers: { Cookie: owner.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Semnează contractul");
    expect(html).toContain(`/api/users/switch-requests/${created.requestId}/contract`);
    const contract = await SELF.fetch(`${BASE}/api/users/switch-requests/${created.requestId}/contract`, { headers: { Cookie: owner.cookie } });
    expect(contract.headers.get("Content-Type")).toBe("application/pdf");

    const stranger = await signInThroughApi();
    expect((await SELF.fetch(`${BASE}/cereri-schimbare/${created.requestId}/semnare`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    expect((await SELF.fetch(`${BASE}/api/users/switch-requests/${created.requestId}/contract`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    const anonymous = await SELF.fetch(`${BASE}/cereri-schimbare/${created.requestId}/semnare`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
  });
});
