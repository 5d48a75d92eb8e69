// How the admin pages tell an API call that failed (an error answer, or no connection) from a bug:
// the first becomes a message on the page, the second propagates to the route's error boundary.
import { ApiError } from "~/lib/api-client";

export function isApiFailure(error: unknown): error is ApiError | TypeError {
  return error instanceof ApiError || error instanceof TypeError;
}

/** The API's own message when it sent one, otherwise the spec's fallback text. */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiFailure(error)) throw error;
  return error instanceof ApiError && typeof error.body?.message === "string" ? error.body.message : fallback;
}
