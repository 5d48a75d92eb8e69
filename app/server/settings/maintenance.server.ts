// Maintenance mode (admin settings, issue #12 item 4): while it is on, the public site answers a
// Romanian maintenance page and the public API a JSON 503; the back-office, its API, the health check
// and static files stay reachable so the admins can work and turn it off. Checked once, in the
// Worker's fetch entry (workers/app.ts), before any route runs.
import { TEXTS } from "../../texts/user";
import type { AppContext } from "../context.server";
import { jsonError } from "../http.server";
import { isApiPath } from "../http/api-boundary.server";
import { readSettings } from "./settings.server";

/** Seconds a client is told to wait: the settings cache means a change shows within seconds anyway. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

// Static files are served before the Worker by [assets]; listed too for a request that reaches it.
const EXEMPT_PREFIXES = ["/admin/", "/api/admin/", "/build/", "/dev/"];
const EXEMPT_PATHS = new Set(["/admin", "/api/admin", "/api/ping", "/favicon.svg", "/favicon.ico", "/robots.txt"]);

/**
 * Whether a path stays reachable during maintenance. /dev/* are local tools (404 elsewhere). Judged
 * on the path as written: an escaped one (Remix decodes before it matches) is never exempt.
 */
export function isMaintenanceExempt(pathname: string): boolean {
  if (pathname.includes("%")) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return EXEMPT_PATHS.has(path) || EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'";

function maintenancePage(): string {
  const t = TEXTS.adminSettings;
  return `<!DOCTYPE html>
<html lang="ro">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.maintenanceTitle} – ${TEXTS.brand.name}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f5f7fa;color:#1f2937;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;margin:1.5rem;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(15,23,42,.08);text-align:center}
.brand{font-weight:800;color:#0f766e;letter-spacing:.02em;margin:0 0 1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{line-height:1.55;margin:0}
</style>
</head>
<body>
<main>
<p class="brand">${TEXTS.brand.name}</p>
<h1>${t.maintenanceTitle}</h1>
<p>${t.maintenanceMessage}</p>
</main>
</body>
</html>`;
}

/** The maintenance answer for a request, or null when the site is open or the path is exempt. */
export async function maintenanceResponse(request: Request, ctx: AppContext, options: { now?: number } = {}): Promise<Response | null> {
  const pathname = new URL(request.url).pathname;
  if (isMaintenanceExempt(pathname)) return null;
  if (!(await readSettings(ctx, options)).maintenance_mode) return null;
  const headers = { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (isApiPath(pathname)) {
    const response = jsonError(503, "maintenance", TEXTS.adminSettings.maintenanceMessage);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }
  const body = request.method === "HEAD" ? null : maintenancePage();
  return new Response(body, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PAGE_CSP },
  });
}
