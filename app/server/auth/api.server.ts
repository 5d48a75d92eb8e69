// Small pieces shared by the auth API routes.

/** Token-bearing answers must never be cached by the browser or a proxy. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;
