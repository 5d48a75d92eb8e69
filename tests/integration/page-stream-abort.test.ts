// A visitor who leaves while a page is still streaming (a closed tab, a dropped connection) is not a
// server failure: nothing is logged as one. The admin dashboard streams its deferred panels.
import { SELF } from "cloudflare:test";
import { afterEach, expect, it, vi } from "vitest";
import { BASE, createAdmin, uniqueIp } from "./auth-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

it("a client that goes away mid-page is not logged as a failed request", async () => {
  const admin = await createAdmin("super_admin", {});
  const login = await SELF.fetch(`${BASE}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
    body: new URLSearchParams({ email: admin.email, password: admin.password, redirectTo: "/admin" }),
    redirect: "manual",
  });
  expect(login.status).toBe(302);
  const cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
  const errors = vi.spyOn(console, "error");

  const leaving = new AbortController();
  const page = await SELF.fetch(`${BASE}/admin`, { headers: { Cookie: cookie }, signal: leaving.signal });
  expect(page.status).toBe(200);
  leaving.abort();
  await page.body!.cancel().catch(() => undefined);
  // The render notices the cancelled stream on its next write.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const failures = errors.mock.calls.map((args) => args.join(" ")).filter((line) => line.includes('"/admin" failed'));
  expect(failures).toEqual([]);
});
