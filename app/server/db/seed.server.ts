// Idempotent seed of the reference data (seed/*.json, sources in seed/README.md).
// It yields plain SQL statements so the same seed runs from Node through `wrangler d1 execute`
// (scripts/seed-local.ts) and inside workerd through D1 batch (tests).
import countiesData from "../../../seed/counties.json";
import offersData from "../../../seed/offers.json";
import reviewsData from "../../../seed/reviews.json";
import suppliersData from "../../../seed/suppliers.json";
import taxesData from "../../../seed/taxes.json";
import zonesData from "../../../seed/zones.json";
import { decimalToMicro } from "../../lib/money";
import { finalPricePerKwh, type RegulatedCharges } from "../../lib/pricing";

export interface SeedZone {
  id: string;
  name: string;
  operator: string;
  distributionLeiPerKwh: string;
}
export interface SeedCounty {
  code: string;
  name: string;
  zone: string;
  cnpCode: string;
}
export interface SeedSupplier {
  id: string;
  name: string;
  website: string;
  maxConcurrent: number;
}
export interface SeedOffer {
  id: string;
  supplierId: string;
  name: string;
  type: "fix" | "variabil";
  greenSharePercent: number;
  energyLeiPerKwh: string;
  monthlyFeeLei: string;
  validFrom: string;
  validUntil: string | null;
  contractMonths: number | null;
  consumptionType: string;
  zones: "all" | string[];
  zoneEnergyLeiPerKwh: Record<string, string>;
}
export interface SeedReview {
  id: string;
  name: string;
  rating: number;
  comment: string;
  date: string;
  verified: boolean;
}

export interface SeedData {
  zones: SeedZone[];
  charges: RegulatedCharges;
  counties: SeedCounty[];
  suppliers: SeedSupplier[];
  offers: SeedOffer[];
  reviews: SeedReview[];
}

export const seedData: SeedData = {
  zones: zonesData as SeedZone[],
  charges: taxesData as RegulatedCharges,
  counties: countiesData as SeedCounty[],
  suppliers: suppliersData as SeedSupplier[],
  offers: offersData as SeedOffer[],
  reviews: reviewsData as SeedReview[],
};

type SqlValue = string | number | boolean | null;

function literal(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot seed a non-finite number: ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

function upsert(table: string, row: Record<string, SqlValue>, key: string[]): string {
  const columns = Object.keys(row);
  const updates = columns.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`);
  return (
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => literal(row[c]!)).join(", ")})` +
    ` ON CONFLICT (${key.join(", ")}) DO ${updates.length ? `UPDATE SET ${updates.join(", ")}` : "NOTHING"};`
  );
}

/** Statements that bring reference data in line with the seed files; safe to run any number of times. */
export function referenceDataStatements(data: SeedData = seedData): string[] {
  const zoneById = new Map(data.zones.map((z) => [z.id, z]));
  const statements: string[] = [];

  for (const zone of data.zones) {
    statements.push(
      upsert(
        "distribution_zones",
        {
          id: zone.id,
          name: zone.name,
          operator: zone.operator,
          distribution_micro_lei_per_kwh: decimalToMicro(zone.distributionLeiPerKwh),
        },
        ["id"],
      ),
    );
  }
  for (const county of data.counties) {
    if (!zoneById.has(county.zone)) throw new Error(`County ${county.code} names unknown zone ${county.zone}`);
    statements.push(
      upsert(
        "counties",
        { id: county.code, code: county.code, name: county.name, cnp_code: county.cnpCode, zone_id: county.zone },
        ["id"],
      ),
    );
  }
  for (const supplier of data.suppliers) {
    statements.push(
      upsert(
        "suppliers",
        {
          id: supplier.id,
          name: supplier.name,
          website: supplier.website,
          max_concurrent: supplier.maxConcurrent,
          active: true,
        },
        ["id"],
      ),
    );
  }
  const now = Date.now();
  for (const offer of data.offers) {
    statements.push(
      upsert(
        "offers",
        {
          id: offer.id,
          supplier_id: offer.supplierId,
          name: offer.name,
          type: offer.type,
          green_share_percent: offer.greenSharePercent,
          monthly_fee_bani: Math.round(decimalToMicro(offer.monthlyFeeLei) / 10_000),
          valid_from: offer.validFrom,
          valid_until: offer.validUntil,
          contract_months: offer.contractMonths,
          consumption_type: offer.consumptionType,
          active: true,
          updated_at: now,
        },
        ["id"],
      ),
    );
    const zoneIds = offer.zones === "all" ? data.zones.map((z) => z.id) : offer.zones;
    for (const zoneId of zoneIds) {
      const zone = zoneById.get(zoneId);
      if (!zone) throw new Error(`Offer ${offer.id} names unknown zone ${zoneId}`);
      const energy = offer.zoneEnergyLeiPerKwh[zoneId] ?? offer.energyLeiPerKwh;
      const price = finalPricePerKwh(energy, zone.distributionLeiPerKwh, data.charges);
      statements.push(
        upsert(
          "offer_prices",
          {
            offer_id: offer.id,
            zone_id: zoneId,
            energy_micro_lei: price.energyMicroLei,
            distribution_micro_lei: price.distributionMicroLei,
            regulated_micro_lei: price.regulatedMicroLei,
            vat_micro_lei: price.vatMicroLei,
            total_micro_lei: price.totalMicroLei,
          },
          ["offer_id", "zone_id"],
        ),
      );
    }
    if (offer.zones !== "all") {
      statements.push(
        `DELETE FROM offer_prices WHERE offer_id = ${literal(offer.id)} AND zone_id NOT IN (${offer.zones
          .map(literal)
          .join(", ")});`,
      );
    }
  }
  // Offers removed from the catalog stay for history (switch requests reference them) but stop showing.
  statements.push(
    `UPDATE offers SET active = 0 WHERE id NOT IN (${data.offers.map((o) => literal(o.id)).join(", ")});`,
  );
  for (const review of data.reviews) {
    statements.push(
      upsert(
        "reviews",
        {
          id: review.id,
          name: review.name,
          rating: review.rating,
          comment: review.comment,
          review_date: review.date,
          verified: review.verified,
        },
        ["id"],
      ),
    );
  }
  return statements;
}

/** Creates the bootstrap super_admin only while no super_admin exists. */
export function bootstrapSuperAdminStatement(id: string, email: string, passwordHash: string): string {
  const permissions = JSON.stringify({ all: true });
  return (
    `INSERT INTO admins (id, email, password_hash, first_name, last_name, role, permissions_json, status) ` +
    `SELECT ${literal(id)}, ${literal(email.trim().toLowerCase())}, ${literal(passwordHash)}, 'Super', 'Administrator', ` +
    `'super_admin', ${literal(permissions)}, 'active' ` +
    `WHERE NOT EXISTS (SELECT 1 FROM admins WHERE role = 'super_admin');`
  );
}
