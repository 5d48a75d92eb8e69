// The signed-in user as every page sees it (from the root loader): enough for the header and guards.
import { useRouteLoaderData } from "@remix-run/react";

export interface SessionUser {
  id: string;
  phone: string;
  firstName: string | null;
  lastName: string | null;
}

export function useOptionalUser(): SessionUser | null {
  return useRouteLoaderData<{ user?: SessionUser | null }>("root")?.user ?? null;
}

/** Local keys the sign-out clears (user spec §3, §4): tokens, phone, switch context. */
export const SIGN_OUT_LOCAL_KEYS = ["authToken", "authTokenData", "userPhone", "userId", "pendingSwitchContext"];
