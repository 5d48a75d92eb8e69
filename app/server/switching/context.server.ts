// The switch context on the server (docs/decisions/0007): one row per user with the offer chosen on
// the home page, so the wizard opens with it after a reload, in a second tab or on another device.
// The browser's 'pendingSwitchContext' only mirrors it (and carries it across sign-in).
import { eq } from "drizzle-orm";
import { bucharestDay } from "../../lib/dates";
import type { SwitchContextInput } from "../../lib/schemas/switch-context";
import { baniToLei } from "../../lib/switch-savings";
import { switchContextProblem, type SwitchContextProblem } from "../../lib/switching";
import type { Database } from "../db/client.server";
import { switchContexts } from "../db/schema.server";

type ContextRow = typeof switchContexts.$inferSelect;

/** The spec's field names (§3 "Switch context"), as the API and the wizard show them. */
export interface SwitchContextView {
  selectedOfferId: string;
  selectedSupplierId: string;
  searchDate: string;
  county: string;
  consumptionType: string;
  supplierName: string;
  pricePerKwh: string;
  offerName: string;
  isFromCache: boolean;
  /** lei per month, as estimated on the results list */
  estimatedMonthlySavings: number | null;
  updatedAt: string;
}

function toView(row: ContextRow): SwitchContextView {
  return {
    selectedOfferId: row.offerId,
    selectedSupplierId: row.supplierId,
    searchDate: row.searchDate,
    county: row.countyCode,
    consumptionType: row.consumptionType,
    supplierName: row.supplierName,
    pricePerKwh: row.pricePerKwh,
    offerName: row.offerName,
    isFromCache: row.isFromCache,
    estimatedMonthlySavings: row.estimatedMonthlySavingsBani === null ? null : baniToLei(row.estimatedMonthlySavingsBani),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Replaces the user's context with the newly chosen offer (the last choice wins, like the local key). */
export async function saveSwitchContext(db: Database, userId: string, input: SwitchContextInput, now = Date.now()): Promise<SwitchContextView> {
  const values = {
    offerId: input.selectedOfferId,
    supplierId: input.selectedSupplierId,
    searchDate: input.searchDate,
    countyCode: input.county,
    consumptionType: "casnic",
    supplierName: input.supplierName,
    offerName: input.offerName,
    pricePerKwh: input.pricePerKwh,
    isFromCache: input.isFromCache,
    estimatedMonthlySavingsBani: input.estimatedMonthlySavings === null ? null : Math.round(input.estimatedMonthlySavings * 100),
    updatedAt: now,
  };
  const [row] = await db
    .insert(switchContexts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: switchContexts.userId, set: values })
    .returning();
  return toView(row!);
}

export async function findSwitchContext(db: Database, userId: string): Promise<ContextRow | null> {
  const [row] = await db.select().from(switchContexts).where(eq(switchContexts.userId, userId)).limit(1);
  return row ?? null;
}

export function clearSwitchContextStatement(db: Database, userId: string) {
  return db.delete(switchContexts).where(eq(switchContexts.userId, userId));
}

export async function clearSwitchContext(db: Database, userId: string): Promise<void> {
  await clearSwitchContextStatement(db, userId);
}

export type CheckedSwitchContext =
  | { ok: true; row: ContextRow; context: SwitchContextView }
  | { ok: false; problem: SwitchContextProblem; context: SwitchContextView | null };

/** The stored context with the spec's validity checks applied for "today" in Bucharest. */
export async function checkedSwitchContext(db: Database, userId: string, now = Date.now()): Promise<CheckedSwitchContext> {
  const row = await findSwitchContext(db, userId);
  const context = row ? toView(row) : null;
  const problem = switchContextProblem(
    row && { selectedOfferId: row.offerId, selectedSupplierId: row.supplierId, searchDate: row.searchDate, county: row.countyCode, isFromCache: row.isFromCache },
    bucharestDay(now),
  );
  if (problem) return { ok: false, problem, context };
  // No problem means a row was found.
  return { ok: true, row: row!, context: context! };
}
