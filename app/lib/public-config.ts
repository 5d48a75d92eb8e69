// The few server settings the browser needs (no secrets): polling timings and the geocoding endpoint.
import { useRouteLoaderData } from "@remix-run/react";
import { SPEC_POLL_TIMINGS, type PollTimings } from "./offer-collection";

export interface PublicConfig {
  offerPolling: PollTimings;
  geocodeUrl: string | null;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = { offerPolling: SPEC_POLL_TIMINGS, geocodeUrl: null };

export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData<{ publicConfig?: PublicConfig }>("root");
  return data?.publicConfig ?? DEFAULT_PUBLIC_CONFIG;
}
