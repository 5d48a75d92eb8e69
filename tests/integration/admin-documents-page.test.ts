// /admin/documents through the Worker (issue #12 item 2): the guard (no session → login, no
// document_verification → 403 with the entry hidden, spec §2 navigation) and the page inside the shell
// with its entry active, its filter card and its own stylesheet.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { BASE, createAdmin, uniqueIp, type TestAdmin } from "./auth-helpers";

const PATH = "/admin/documents";
const T = ADMIN_TEXTS.documentsPage;

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
    const res = await page(`${PATH}?status=pending`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(`${PATH}?status=pending`)}`);
  });

  it.each([
    ["a moderator without permissions", "moderator", {}],
    ["an admin with user_management only", "admin", { user_management: true }],
  ] as const)("refuses %s (403 inside the shell, entry hidden)", async (_name, role, permissions) => {
    const cookie = await signIn(await createAdmin(role, permissions));
    const res = await page(PATH, cookie);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(escapeHtml(ADMIN_TEXTS.forbidden));
    expect(html).not.toContain('data-nav-key="documents"');
    expect(html).not.toContain(escapeHtml(T.title));
  });
});

describe(`${PATH} page`, () => {
  it.each([
    ["a moderator with document_verification", "moderator", { document_verification: true }],
    ["a super_admin", "super_admin", {}],
  ] as const)("shows %s the page with its entry active and the filter card", async (_name, role, permissions) => {
    const cookie = await signIn(await createAdmin(role, permissions));
    const res = await page(`${PATH}?status=pending`, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*data-nav-key="documents"/);
    expect(html).toContain(`<h1>${escapeHtml(T.title)}</h1>`);
    for (const label of [T.searchLabel, T.statusLabel, T.typeLabel, T.reset]) expect(html).toContain(escapeHtml(label));
    // The status of the link is selected in the filter.
    expect(html).toMatch(/<option value="pending" selected="">/);
    expect(html).toMatch(/admin-documents[^"]*\.css/);
  });
});
