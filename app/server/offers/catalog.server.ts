// The local offer catalog in D1: every active household offer valid on a day in a county's zone.
import { and, asc, eq, gte, isNull, lte, or } from "drizzle-orm";
import { microToDecimal } from "../../lib/money";
import { validityPeriod, type OfferView } from "../../lib/offers";
import type { OfferSearch } from "../../lib/schemas/offer-search";
import type { Database } from "../db/client.server";
import { counties, offerPrices, offers, suppliers } from "../db/schema.server";

export type CatalogResult =
  | { ok: true; county: { code: string; name: string; zoneId: string }; offers: OfferView[] }
  | { ok: false; error: "unknown_county" };


export async function findCatalogOffers(db: Database, search: OfferSearch): Promise<CatalogResult> {
  const [county] = await db
    .select({ code: counties.code, name: counties.name, zoneId: counties.zoneId })
    .from(counties)
    .where(eq(counties.code, search.county))
    .limit(1);
  if (!county) return { ok: false, error: "unknown_county" };

  const rows = await db
    .select({
      id: offers.id,
      name: offers.name,
      type: offers.type,
      greenSharePercent: offers.greenSharePercent,
      monthlyFeeBani: offers.monthlyFeeBani,
      validFrom: offers.validFrom,
      validUntil: offers.validUntil,
      contractMonths: offers.contractMonths,
      consumptionType: offers.consumptionType,
      supplierId: suppliers.id,
      supplierName: suppliers.name,
      supplierWebsite: suppliers.website,
      energy: offerPrices.energyMicroLei,
      distribution: offerPrices.distributionMicroLei,
      regulated: offerPrices.regulatedMicroLei,
      vat: offerPrices.vatMicroLei,
      total: offerPrices.totalMicroLei,
    })
    .from(offerPrices)
    .innerJoin(offers, eq(offers.id, offerPrices.offerId))
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .where(
      and(
        eq(offerPrices.zoneId, county.zoneId),
        eq(offers.active, true),
        eq(suppliers.active, true),
        eq(offers.consumptionType, search.consumptionType),
        lte(offers.validFrom, search.date),
        or(isNull(offers.validUntil), gte(offers.validUntil, search.date)),
      ),
    )
    .orderBy(asc(offerPrices.totalMicroLei), asc(suppliers.name), asc(offers.name));

  return {
    ok: true,
    county,
    offers: rows.map((row) => {
      const price = microToDecimal(row.total, 4);
      return {
        id: row.id,
        offer_id: row.id,
        supplier_id: row.supplierId,
        supplier_name: row.supplierName,
        supplier_website: row.supplierWebsite,
        name: row.name,
        offer_name: row.name,
        type: row.type,
        price,
        price_per_kwh: price,
        validityPeriod: validityPeriod(row.validFrom, row.validUntil),
        valid_from: row.validFrom,
        valid_until: row.validUntil,
        monthly_fee: (row.monthlyFeeBani / 100).toFixed(2),
        green_share_percent: row.greenSharePercent,
        contract_months: row.contractMonths,
        consumption_type: row.consumptionType,
        breakdown: {
          energy: microToDecimal(row.energy, 4),
          distribution: microToDecimal(row.distribution, 4),
          regulated: microToDecimal(row.regulated, 4),
          vat: microToDecimal(row.vat, 4),
        },
        metadata: { offerId: row.id, source: "catalog", zone: county.zoneId },
      };
    }),
  };
}
