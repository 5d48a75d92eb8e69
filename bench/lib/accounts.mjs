// Bench helpers that act as a user through the API: sign in with the local SMS outbox, upload a fixture.
import { readFileSync } from "node:fs";

export const FIXTURES = "tests/fixtures/generated";

/** Signs in through register-phone + verify-sms (the code read from the dev outbox); returns the auth header. */
export async function signIn(baseUrl, phone) {
  const post = (path, body) =>
    fetch(baseUrl + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const sent = await post("/api/auth/register-phone", { phoneNumber: phone });
  if (!sent.ok) throw new Error(`register-phone ${sent.status}: ${await sent.text()}`);
  let code = null;
  for (let i = 0; i < 40 && !code; i++) {
    const outbox = await (await fetch(`${baseUrl}/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`)).json();
    code = outbox.latestCode;
    if (!code) await new Promise((r) => setTimeout(r, 250));
  }
  const verified = await post("/api/auth/verify-sms", { phoneNumber: phone, verificationCode: code });
  const body = await verified.json();
  if (!verified.ok) throw new Error(`verify-sms ${verified.status}: ${JSON.stringify(body)}`);
  return { Authorization: `Bearer ${body.accessToken}` };
}

/** Uploads one generated fixture as the given document type label; returns the document id. */
export async function uploadFixture(baseUrl, auth, label, file) {
  const form = new FormData();
  const type = file.endsWith(".pdf") ? "application/pdf" : file.endsWith(".png") ? "image/png" : "image/jpeg";
  form.append("documents", new Blob([readFileSync(`${FIXTURES}/${file}`)], { type }), file);
  const res = await fetch(`${baseUrl}/api/documents/upload/${label}`, { method: "POST", headers: auth, body: form });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`upload ${file}: ${res.status} ${JSON.stringify(body)}`);
  return body.documents[0].id;
}
