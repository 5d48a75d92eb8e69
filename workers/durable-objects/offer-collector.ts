// One per (county, date, consumption type): runs an offer collection once and keeps its result.
// Today the only source is the D1 catalog; sources, TTL and polling come with the search issue (#3).
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../app/server/env.server";
import { createDb } from "../../app/server/db/client.server";
import type { OfferSearch } from "../../app/lib/schemas/offer-search";
import { findCatalogOffers, type CatalogResult } from "../../app/server/offers/catalog.server";

export interface CollectionSnapshot {
  collectedAt: number;
  result: CatalogResult;
}

export class OfferCollector extends DurableObject<Env> {
  async collect(search: OfferSearch): Promise<CollectionSnapshot> {
    const cached = await this.ctx.storage.get<CollectionSnapshot>("snapshot");
    const ttlMs = Number(this.env.OFFER_CACHE_TTL_SECONDS || "900") * 1000;
    if (cached && Date.now() - cached.collectedAt < ttlMs) return cached;
    const snapshot = { collectedAt: Date.now(), result: await findCatalogOffers(createDb(this.env.DB), search) };
    await this.ctx.storage.put("snapshot", snapshot);
    return snapshot;
  }
}
