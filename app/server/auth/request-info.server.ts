// Who is asking: Cloudflare's CF-Connecting-IP (set by the edge, not by the client) and the user agent.
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

export function requestInfo(request: Request): RequestInfo {
  return {
    ip: request.headers.get("CF-Connecting-IP")?.trim() || "unknown",
    userAgent: request.headers.get("User-Agent")?.slice(0, 512) ?? null,
  };
}

/** API requests get JSON answers; pages get redirects. */
export function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}
