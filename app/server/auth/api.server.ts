// Small pieces shared by the auth API routes.
import { TEXTS } from "../../lib/texts";
import { jsonError } from "../http.server";

/** Token-bearing answers must never be cached by the browser or a proxy. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

export function methodNotAllowed(allowed: string[]): Response {
  const response = jsonError(405, "method_not_allowed", TEXTS.auth.methodNotAllowed);
  response.headers.set("Allow", allowed.join(", "));
  return response;
}
