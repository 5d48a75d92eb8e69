// The local offer catalog in D1 (seeded from seed/offers.json): the default source.
import type { Database } from "../../db/client.server";
import { findCatalogOffers } from "../catalog.server";
import { OfferSourceError, type OfferSource, type OfferSourceContext } from "./source.server";

export class CatalogOfferSource implements OfferSource {
  readonly name = "catalog";
  constructor(private readonly db: Database) {}

  async collect({ search }: OfferSourceContext) {
    const result = await findCatalogOffers(this.db, search);
    if (!result.ok) throw new OfferSourceError(this.name, "unknown_county", `Județ necunoscut: ${search.county}`);
    return result.offers;
  }
}
