// Signs a browser page in through the real flow: phone → SMS code read from the local outbox → verify.
export async function readLatestCode(baseUrl, phone) {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${baseUrl}/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
    const body = await res.json();
    if (body.latestCode) return body.latestCode;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code for ${phone} in the outbox`);
}

/** A phone number unique to this test run, so rate limits and accounts never collide between tests. */
export function uniquePhone() {
  const tail = String(Date.now() % 1e8).padStart(8, "0");
  return `+407${tail}`;
}

/** Fills the two steps of a sign-in form already on screen inside `scope` (dialog or /login page). */
export async function completeSignIn(page, scope, baseUrl, phone) {
  await scope.getByLabel("Număr de telefon").fill(phone);
  await scope.getByRole("button", { name: "Trimite codul" }).click();
  await scope.getByLabel("Codul primit prin SMS").waitFor();
  const code = await readLatestCode(baseUrl, phone);
  await scope.getByLabel("Codul primit prin SMS").fill(code);
  await scope.getByRole("button", { name: "Verifică și intră în cont" }).click();
}
