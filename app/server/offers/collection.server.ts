// One offer collection: ask every configured source, merge, sort cheapest first.
// The OfferCollector Durable Object runs it once per (county, date, consumption type).
import { decimalToMicro } from "../../lib/money";
import { foldRomanian } from "../../lib/text-normalize";
import type { OfferView } from "../../lib/offers";
import type { OfferSearch } from "../../lib/schemas/offer-search";
import type { Database } from "../db/client.server";
import { findCounty, listSuppliers } from "./reference.server";
import type { CollectionConfig } from "../config.server";
import { CatalogOfferSource } from "./sources/catalog-source.server";
import { ComparatorOfferSource } from "./sources/comparator-source.server";
import { OfferSourceError, type OfferSource, type SourceCounty } from "./sources/source.server";

export function collectionKey(search: OfferSearch): string {
  return `${search.county}|${search.date}|${search.consumptionType}`;
}

export function createOfferSources(db: Database, config: CollectionConfig): OfferSource[] {
  return config.sources.map((name) =>
    name === "catalog"
      ? new CatalogOfferSource(db)
      : new ComparatorOfferSource({
          baseUrl: config.comparatorUrl!,
          timeoutMs: config.sourceTimeoutMs,
          retries: config.sourceRetries,
        }),
  );
}

export type CollectionOutcome =
  | { ok: true; county: SourceCounty; offers: OfferView[]; warnings: string[] }
  | { ok: false; reason: "unknown_county" | "sources_failed" | "timeout"; message: string };

export const COLLECTION_TIMEOUT_MESSAGE = "Colectarea ofertelor a depășit timpul maxim.";

/**
 * Runs every source in parallel. One failing source among several gives a warning; all failing (or
 * the job's time limit) fails the collection with the first source's message.
 */
export async function collectOffers(
  db: Database,
  sources: readonly OfferSource[],
  search: OfferSearch,
  timeoutMs: number,
): Promise<CollectionOutcome> {
  const county = await findCounty(db, search.county);
  if (!county) return { ok: false, reason: "unknown_county", message: `Județ necunoscut: ${search.county}` };
  const suppliers = await listSuppliers(db);

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const context = {
    search,
    county: { code: county.code, name: county.name, zoneId: county.zoneId },
    suppliers,
    signal: controller.signal,
  };
  const all = Promise.allSettled(sources.map((source) => source.collect(context)));
  const settled = await Promise.race([all, deadline]);
  clearTimeout(timer);
  if (settled === "timeout") {
    controller.abort();
    return { ok: false, reason: "timeout", message: COLLECTION_TIMEOUT_MESSAGE };
  }

  const lists: OfferView[][] = [];
  const failures: string[] = [];
  settled.forEach((result, i) => {
    if (result.status === "fulfilled") lists.push(result.value);
    else {
      const error = result.reason;
      console.error("offer source failed", sources[i]!.name, error);
      failures.push(error instanceof OfferSourceError ? error.message : `Sursa ${sources[i]!.name} a eșuat.`);
    }
  });
  if (lists.length === 0) return { ok: false, reason: "sources_failed", message: failures[0]! };
  return { ok: true, county: context.county, offers: mergeOffers(lists), warnings: failures };
}

/** Same supplier + same offer name from two sources is one offer; the first source listed wins. */
export function mergeOffers(lists: readonly OfferView[][]): OfferView[] {
  const seen = new Set<string>();
  const merged: OfferView[] = [];
  for (const list of lists) {
    for (const offer of list) {
      const key = `${foldRomanian(offer.supplier_name)}|${foldRomanian(offer.name)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(offer);
    }
  }
  return merged
    .map((offer) => ({ offer, micro: decimalToMicro(offer.price) }))
    .sort(
      (a, b) =>
        a.micro - b.micro ||
        a.offer.supplier_name.localeCompare(b.offer.supplier_name, "ro") ||
        a.offer.name.localeCompare(b.offer.name, "ro"),
    )
    .map(({ offer }) => offer);
}
