// "Is the chosen offer still valid?" (user spec §5, issue #9 item 3): the offer is read again on the
// server, never taken from the browser. Catalog offers come from D1 (active, the supplier active, a
// price for the county's distribution zone, a validity covering the desired switch date). Offers the
// catalog does not hold (the comparator's) are read from the last collection of the same search,
// kept by its OfferCollector: what the user was shown, checked the same way.
import { and, eq } from "drizzle-orm";
import { decimalToMicro, microToDecimal } from "../../lib/money";
import type { OfferView } from "../../lib/offers";
import type { OfferSearch } from "../../lib/schemas/offer-search";
import type { Database } from "../db/client.server";
import { counties, offerPrices, offers, suppliers } from "../db/schema.server";
import type { Env } from "../env.server";
import { collectionKey } from "../offers/collection.server";

/** What a switch request keeps of its offer, so later catalogue changes don't rewrite history. */
export interface OfferSnapshot {
  offerId: string;
  supplierId: string;
  supplierName: string;
  supplierWebsite: string;
  name: string;
  type: string;
  priceMicroLei: number;
  /** lei/kWh with VAT, 4 decimals */
  pricePerKwh: string;
  monthlyFeeBani: number;
  validFrom: string;
  validUntil: string | null;
  contractMonths: number | null;
  greenSharePercent: number;
  countyCode: string;
  zoneId: string;
  source: "catalog" | "comparator";
  readAt: string;
}

export interface OfferQuery {
  offerId: string;
  supplierId: string;
  countyCode: string;
  /** the search the offer was chosen from (finds its collection) */
  searchDate: string;
  consumptionType: OfferSearch["consumptionType"];
  /** the desired switch date: the offer must be valid on it */
  day: string;
}

export type OfferCheck =
  | { ok: true; offer: OfferSnapshot }
  | { ok: false; reason: "unknown_county" | "supplier_mismatch" | "offer_unavailable" };

const coversDay = (from: string, until: string | null, day: string) => from <= day && (until === null || until >= day);

export async function findSwitchableOffer(env: Env, db: Database, query: OfferQuery, now = Date.now()): Promise<OfferCheck> {
  const [county] = await db.select({ code: counties.code, zoneId: counties.zoneId }).from(counties).where(eq(counties.code, query.countyCode)).limit(1);
  if (!county) return { ok: false, reason: "unknown_county" };

  const [row] = await db
    .select({ offer: offers, supplier: suppliers })
    .from(offers)
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .where(eq(offers.id, query.offerId))
    .limit(1);
  if (row) return checkCatalogOffer(db, row, county, query, now);
  return checkCollectedOffer(env, db, county, query, now);
}

async function checkCatalogOffer(
  db: Database,
  { offer, supplier }: { offer: typeof offers.$inferSelect; supplier: typeof suppliers.$inferSelect },
  county: { code: string; zoneId: string },
  query: OfferQuery,
  now: number,
): Promise<OfferCheck> {
  if (offer.supplierId !== query.supplierId) return { ok: false, reason: "supplier_mismatch" };
  if (!offer.active || !supplier.active || offer.consumptionType !== query.consumptionType || !coversDay(offer.validFrom, offer.validUntil, query.day)) {
    return { ok: false, reason: "offer_unavailable" };
  }
  const [price] = await db
    .select({ total: offerPrices.totalMicroLei })
    .from(offerPrices)
    .where(and(eq(offerPrices.offerId, offer.id), eq(offerPrices.zoneId, county.zoneId)))
    .limit(1);
  if (!price) return { ok: false, reason: "offer_unavailable" };
  return {
    ok: true,
    offer: {
      offerId: offer.id,
      supplierId: supplier.id,
      supplierName: supplier.name,
      supplierWebsite: supplier.website,
      name: offer.name,
      type: offer.type,
      priceMicroLei: price.total,
      pricePerKwh: microToDecimal(price.total, 4),
      monthlyFeeBani: offer.monthlyFeeBani,
      validFrom: offer.validFrom,
      validUntil: offer.validUntil,
      contractMonths: offer.contractMonths,
      greenSharePercent: offer.greenSharePercent,
      countyCode: county.code,
      zoneId: county.zoneId,
      source: "catalog",
      readAt: new Date(now).toISOString(),
    },
  };
}

async function checkCollectedOffer(
  env: Env,
  db: Database,
  county: { code: string; zoneId: string },
  query: OfferQuery,
  now: number,
): Promise<OfferCheck> {
  const key = collectionKey({ county: county.code, date: query.searchDate, consumptionType: query.consumptionType });
  const collected: OfferView | null = await env.OFFER_COLLECTOR.get(env.OFFER_COLLECTOR.idFromName(key)).findOffer(query.offerId);
  if (!collected) return { ok: false, reason: "offer_unavailable" };
  if (collected.supplier_id !== query.supplierId) return { ok: false, reason: "supplier_mismatch" };
  const [supplier] = await db.select().from(suppliers).where(eq(suppliers.id, collected.supplier_id)).limit(1);
  if (!supplier?.active || !coversDay(collected.valid_from, collected.valid_until, query.day)) {
    return { ok: false, reason: "offer_unavailable" };
  }
  const priceMicroLei = decimalToMicro(collected.price);
  return {
    ok: true,
    offer: {
      offerId: collected.id,
      supplierId: supplier.id,
      supplierName: supplier.name,
      supplierWebsite: supplier.website,
      name: collected.name,
      type: collected.type,
      priceMicroLei,
      pricePerKwh: microToDecimal(priceMicroLei, 4),
      monthlyFeeBani: Math.round(decimalToMicro(collected.monthly_fee) / 10_000),
      validFrom: collected.valid_from,
      validUntil: collected.valid_until,
      contractMonths: collected.contract_months,
      greenSharePercent: collected.green_share_percent,
      countyCode: county.code,
      zoneId: county.zoneId,
      source: "comparator",
      readAt: new Date(now).toISOString(),
    },
  };
}
