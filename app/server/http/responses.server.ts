// Answers shared by the API routes (JSON envelope helpers: ../http.server.ts).
import { TEXTS } from "../../texts/user";
import { jsonError } from "../http.server";

/** 405 with the Allow header naming the methods the route does take. */
export function methodNotAllowed(allowed: string[]): Response {
  const response = jsonError(405, "method_not_allowed", TEXTS.auth.methodNotAllowed);
  response.headers.set("Allow", allowed.join(", "));
  return response;
}
