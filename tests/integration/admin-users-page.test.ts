// /admin/users through the Worker (issue #12 item 1): the guard (no session → login, no user_management
// → 403, spec §2 navigation), and the page inside the shell with its title and its entry active (the
// placeholder no longer answers for it).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { BASE, createAdmin, uniqueIp, type TestAdmin } from "./auth-helpers";

const PATH = "/admin/users";
const T = ADMIN_TEXTS.users;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

function page(path: string, cookie?: string) {
  return SELF.fetch(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

async function signIn(admin: TestAdmin): Promise<string> {
  const res = await SELF.fetch(`${BASE}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
    body: new URLSearchParams({ email: admin.email, password: admin.password, redirectTo: "/admin" }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return res.headers.get("Set-Cookie")!.split(";")[0]!;
}

describe(`${PATH} guard`, () => {
  it("sends a visitor without a session to the login, coming back here", async () => {
    const res = await page(`${PATH}?status=active`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(`${PATH}?status=active`)}`);
  });

  it.each([
    ["a moderator with document_verification only", "moderator", { document_verification: true }],
    ["an admin with system_admin but not user_management", "admin", { system_admin: true }],
  ] as const)("refuses %s (403 inside the shell, entry hidden), and so does the API", async (_name, role, permissions) => {
    const cookie = await signIn(await createAdmin(role, permissions));
    const res = await page(PATH, cookie);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(escapeHtml(ADMIN_TEXTS.forbidden));
    expect(html).not.toContain('data-nav-key="users"');
    expect(html).not.toContain(`<h1>${escapeHtml(T.title)}</h1>`);
    const api = await SELF.fetch(`${BASE}/api/admin/users`, { headers: { Cookie: cookie } });
    expect(api.status).toBe(403);
  });
});

describe(`${PATH} page`, () => {
  it.each([
    ["an admin with user_management", "admin", { user_management: true }],
    ["a super_admin", "super_admin", {}],
  ] as const)("shows %s the page with its filters, its nav entry active", async (_name, role, permissions) => {
    const cookie = await signIn(await createAdmin(role, permissions));
    const res = await page(PATH, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*data-nav-key="users"/);
    expect(html).toContain(`<h1>${escapeHtml(T.title)}</h1>`);
    for (const label of [T.searchLabel, T.statusFilter, T.dateFrom, T.dateTo]) expect(html).toContain(`>${escapeHtml(label)}</label>`);
    expect(html).not.toContain(escapeHtml(ADMIN_TEXTS.shell.notAvailableTitle));
    const api = await SELF.fetch(`${BASE}/api/admin/users`, { headers: { Cookie: cookie } });
    expect(api.status).toBe(200);
  });
});
