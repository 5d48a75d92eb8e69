// /admin/system through the Worker (issue 13 item 2): the guard (no session → login, no system_admin →
// 403), and the page rendered with the probed health and the document stats of real rows.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { BASE, createAdmin, uniqueIp, type TestAdmin } from "./auth-helpers";
import { createUserRow, storeDocument } from "./documents-helpers";

const PATH = "/admin/system";
const T = ADMIN_TEXTS.monitoring;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

function page(cookie?: string) {
  return SELF.fetch(`${BASE}${PATH}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
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

describe(PATH, () => {
  it("sends a visitor without a session to the login", async () => {
    const res = await page();
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/admin/login");
  });

  it("refuses an admin without system_admin", async () => {
    const res = await page(await signIn(await createAdmin("admin", { system_monitoring: true, user_management: true })));
    expect(res.status).toBe(403);
  });

  it("shows the status, the four cards, document processing, types and the recent uploads", async () => {
    const userId = await createUserRow();
    await storeDocument(userId, "ultima_factura", null, { status: "verified", processedAt: Date.now(), verifiedAt: Date.now(), processingMs: 1200 });
    await storeDocument(userId, "document_identitate", null, { status: "rejected", processedAt: Date.now(), processingMs: 3000 });
    const { phone } = (await env.DB.prepare("SELECT phone FROM users WHERE id = ?").bind(userId).first<{ phone: string }>())!;
    const counts = (await env.DB.prepare("SELECT sum(status = 'verified') AS verified, sum(status = 'rejected') AS rejected FROM documents").first<{ verified: number; rejected: number }>())!;
    const res = await page(await signIn(await createAdmin("admin", { system_admin: true })));
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const card of ["database", "api", "storage", "overall"]) expect(html).toContain(`data-card="${card}"`);
    for (const label of [T.database, T.apiServer, T.storage, T.overall, T.documentProcessing, T.byType, T.recentUploads, T.successRate]) {
      expect(html).toContain(escapeHtml(label));
    }
    expect(html).toContain('data-health="connected"');
    expect(html).toContain('data-health="healthy"');
    expect(html).toContain(phone);
    const rate = (counts.verified / (counts.verified + counts.rejected)) * 100;
    expect(html).toContain(`<strong>${new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate)}%</strong>`);
  });
});
