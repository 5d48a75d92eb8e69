// /admin/switch-requests through the Worker (issue #13 item 4): the guard (no session → login, no
// user_management → 403, spec §2 navigation), the page inside the shell with both tabs and its entry
// active, and the queue controls offered only to admins the queue-manager API accepts (system_admin).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { BASE, createAdmin, uniqueIp, type TestAdmin } from "./auth-helpers";

const PATH = "/admin/switch-requests";
const T = ADMIN_TEXTS.switchRequestsPage;

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

const controls = [T.start, T.stop, T.restart];
const hasButton = (html: string, label: string) => new RegExp(`<button[^>]*>${escapeHtml(label)}</button>`).test(html);

describe(`${PATH} guard`, () => {
  it("sends a visitor without a session to the login, coming back here", async () => {
    const res = await page(`${PATH}?tab=x`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(`${PATH}?tab=x`)}`);
  });

  it.each([
    ["a moderator with document_verification only", "moderator", { document_verification: true }],
    ["an admin with system_admin but not user_management", "admin", { system_admin: true }],
  ] as const)("refuses %s (403 inside the shell, entry hidden)", async (_name, role, permissions) => {
    const cookie = await signIn(await createAdmin(role, permissions));
    const res = await page(PATH, cookie);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(escapeHtml(ADMIN_TEXTS.forbidden));
    expect(html).not.toContain('data-nav-key="switch-requests"');
    expect(html).not.toContain(escapeHtml(T.tabQueues));
  });
});

describe(`${PATH} page`, () => {
  it("shows an admin with user_management both tabs, queues first, without the queue controls", async () => {
    const cookie = await signIn(await createAdmin("admin", { user_management: true, document_verification: true }));
    const res = await page(PATH, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*data-nav-key="switch-requests"/);
    expect(html).toContain(`<h1>${escapeHtml(T.title)}</h1>`);
    expect(html).toMatch(new RegExp(`role="tab"[^>]*aria-selected="true"[^>]*>${escapeHtml(T.tabQueues)}<`));
    expect(html).toMatch(new RegExp(`role="tab"[^>]*aria-selected="false"[^>]*>${escapeHtml(T.tabRequests)}<`));
    expect(html).toContain(escapeHtml(T.controlsNeedSystemAdmin));
    for (const label of controls) expect(hasButton(html, label), label).toBe(false);
    expect(hasButton(html, T.refresh)).toBe(true);

    // The server agrees: the controls this page hides are refused to this admin.
    const start = await SELF.fetch(`${BASE}/api/admin/system/queue-manager/start`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ interval: 5000 }),
    });
    expect(start.status).toBe(403);
  });

  it.each([
    ["a super_admin", "super_admin", {}],
    ["an admin with user_management and system_admin", "admin", { user_management: true, system_admin: true }],
  ] as const)("offers %s Start, Stop, Restart and Refresh", async (_name, role, permissions) => {
    const cookie = await signIn(await createAdmin(role, permissions));
    const res = await page(PATH, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const label of [...controls, T.refresh]) expect(hasButton(html, label), label).toBe(true);
    expect(html).not.toContain(escapeHtml(T.controlsNeedSystemAdmin));
  });
});
