// One interface for every place offers come from. Which sources a collection asks is configuration
// (OFFER_SOURCES), never code: see app/server/config.server.ts.
import type { OfferView } from "../../../lib/offers";
import type { OfferSearch } from "../../../lib/schemas/offer-search";

export interface SourceCounty {
  code: string;
  name: string;
  zoneId: string;
}

export interface KnownSupplier {
  id: string;
  name: string;
  website: string;
}

export interface OfferSourceContext {
  search: OfferSearch;
  county: SourceCounty;
  /** Suppliers we can switch people to: a source's supplier names are matched against them. */
  suppliers: readonly KnownSupplier[];
  signal: AbortSignal;
}

export interface OfferSource {
  readonly name: string;
  collect(context: OfferSourceContext): Promise<OfferView[]>;
}

/** A source problem (timeout, bad status, bad payload): the job fails with this message, never a 500. */
export class OfferSourceError extends Error {
  constructor(
    readonly source: string,
    readonly reason: "timeout" | "http_status" | "bad_payload" | "network" | "unknown_county",
    message: string,
  ) {
    super(message);
    this.name = "OfferSourceError";
  }
}
