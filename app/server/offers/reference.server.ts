// Counties, distribution zones and suppliers: reference data read by search and by the admin.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { counties, suppliers } from "../db/schema.server";

export interface CountyView {
  id: string;
  code: string;
  name: string;
}

export async function listCounties(db: Database): Promise<CountyView[]> {
  const rows = await db
    .select({ id: counties.id, code: counties.code, name: counties.name })
    .from(counties)
    .orderBy(asc(counties.name));
  // Romanian collation (Ș after S, Ț after T), which SQLite's binary order does not give.
  return rows.sort((a, b) => a.name.localeCompare(b.name, "ro"));
}

export async function findCounty(db: Database, code: string) {
  const [row] = await db.select().from(counties).where(eq(counties.code, code)).limit(1);
  return row ?? null;
}

export interface SupplierView {
  id: string;
  name: string;
  website: string;
  logo: string | null;
  active: boolean;
}

export async function listSuppliers(db: Database): Promise<SupplierView[]> {
  const rows = await db
    .select({
      id: suppliers.id,
      name: suppliers.name,
      website: suppliers.website,
      logo: suppliers.logoUrl,
      active: suppliers.active,
    })
    .from(suppliers)
    .where(eq(suppliers.active, true));
  return rows.sort((a, b) => a.name.localeCompare(b.name, "ro"));
}
