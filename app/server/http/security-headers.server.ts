// Security headers. Every response of the Worker gets the common ones (workers/app.ts); an HTML page
// also gets its Content-Security-Policy from app/entry.server.tsx, with a fresh nonce that Remix puts
// on its inline scripts, so no inline script runs without it ('unsafe-inline' is never allowed for
// scripts). A user's uploaded file is served under a sandbox with nothing allowed.

/**
 * An uploaded document shown inline: it may not run scripts, load anything, or be framed. Inline
 * styles only for the browser's own viewer page around an image (centering, background): with
 * nothing loadable they can carry nothing out.
 */
export const DOCUMENT_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";
/** The same file framed by the admin review dialog (issue #12): the same sandbox, framed only by this origin. */
export const ADMIN_REVIEW_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";
/** Anything else that is not a page (JSON, redirects, plain text): nothing to load, not to be framed. */
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";
const HSTS = "max-age=31536000; includeSubDomains";

export function newCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The policy of an HTML page. Scripts: this origin's bundles and the inline scripts carrying the
 * nonce. Styles: the stylesheets, plus style attributes (the search progress bar sets its width).
 * Connections: this origin (its WebSocket included) and the reverse-geocoding service the search
 * form asks for the county.
 */
export function documentContentSecurityPolicy(options: { nonce: string; requestUrl: string; geocodeUrl?: string | null }): string {
  const url = new URL(options.requestUrl);
  const socket = `${url.protocol === "https:" ? "wss" : "ws"}://${url.host}`;
  const connect = ["'self'", socket, originOf(options.geocodeUrl)].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'`,
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The headers every response carries; HSTS only where the site is served over HTTPS (not local). */
export function commonSecurityHeaders(options: { local: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "geolocation=(self), camera=(), microphone=(), payment=(), usb=()",
    "X-Frame-Options": "DENY",
    ...(options.local ? {} : { "Strict-Transport-Security": HSTS }),
  };
}

/** The common headers, and the non-document policy where a response brought none of its own. */
export function securityHeadersFor(response: Response, options: { local: boolean }): Record<string, string> {
  const headers = commonSecurityHeaders(options);
  if (!response.headers.has("Content-Security-Policy")) headers["Content-Security-Policy"] = NON_DOCUMENT_CSP;
  // A page with a secret in its URL (the signing link) sends no Referer at all: keep its stricter policy.
  if (response.headers.get("Referrer-Policy") === "no-referrer") headers["Referrer-Policy"] = "no-referrer";
  // A file framed by this origin's admin review dialog says so itself (SAMEORIGIN): keep it.
  if (response.headers.get("X-Frame-Options") === "SAMEORIGIN") delete headers["X-Frame-Options"];
  return headers;
}
