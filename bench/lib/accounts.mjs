// Bench helpers that act as a user through the API: sign in with the local SMS outbox, upload a fixture.
import { readFileSync } from "node:fs";

export const FIXTURES = "tests/fixtures/generated";

/** The JSON body, or an error naming the step, the status and what answered (our envelope or the runtime's text). */
export async function json(res, what) {
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not ours: the runtime's own error page
  }
  if (!res.ok || !body) throw new Error(`${what}: HTTP ${res.status} ${body?.error ?? text.replace(/\s+/g, " ").slice(0, 60)}`.trim());
  return body;
}

/** Times one awaited step into `steps[name]`; a failure is named after its step. */
export async function timed(steps, name, action) {
  const t0 = performance.now();
  let value;
  try {
    value = await action();
  } catch (error) {
    if (error instanceof Error && !error.message.startsWith(`${name}:`)) error.message = `${name}: ${error.message}`;
    throw error;
  }
  steps[name] = performance.now() - t0;
  return value;
}

/**
 * One household's sign-in, as its browser does it: ask for a code (register-phone), read it from the
 * local SMS outbox (standing in for the phone), send it (verify-sms), load the profile. `ip` is sent as
 * CF-Connecting-IP, which the local runtime passes through as Cloudflare's edge would set it: real load
 * comes from many networks, so the per-network limits stay in force. Returns each step's time, the auth
 * headers for the household's later requests (same network), the user id and the token.
 */
export async function signInTimed(baseUrl, phone, ip = "127.0.0.1") {
  const post = (path, body) =>
    fetch(baseUrl + path, {
      method: "POST",
      headers: { "content-type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify(body),
    });
  const steps = {};
  await timed(steps, "register-phone", async () => json(await post("/api/auth/register-phone", { phoneNumber: phone }), "register-phone"));
  const code = await timed(steps, "code in outbox", async () => {
    for (let i = 0; i < 80; i++) {
      const outbox = await json(await fetch(`${baseUrl}/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`), "outbox");
      if (outbox.latestCode) return outbox.latestCode;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("no code in the outbox after 8 s");
  });
  const session = await timed(steps, "verify-sms", async () =>
    json(await post("/api/auth/verify-sms", { phoneNumber: phone, verificationCode: code }), "verify-sms"),
  );
  const auth = { Authorization: `Bearer ${session.accessToken}`, "CF-Connecting-IP": ip };
  await timed(steps, "profile", async () => json(await fetch(`${baseUrl}/api/users/profile/me`, { headers: auth }), "profile"));
  return { steps, auth, userId: session.user.id, token: session.accessToken };
}

/** Signs in (see signInTimed) and returns the auth headers. */
export async function signIn(baseUrl, phone, ip) {
  return (await signInTimed(baseUrl, phone, ip)).auth;
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
