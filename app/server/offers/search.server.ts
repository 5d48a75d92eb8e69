// GET /api/offers and its checkUrl: the HTTP face of the OfferCollector (user spec §4, §7).
import type { OfferSearch } from "../../lib/schemas/offer-search";
import { TEXTS } from "../../texts/user";
import type { Env } from "../env.server";
import { jsonError, jsonOk } from "../http.server";
import { collectionKey } from "./collection.server";
import { appConfig } from "../config.server";

function collector(env: Env, search: OfferSearch) {
  return env.OFFER_COLLECTOR.get(env.OFFER_COLLECTOR.idFromName(collectionKey(search)));
}

export function checkUrlFor(search: OfferSearch, jobId: string): string {
  const query = new URLSearchParams({
    county: search.county,
    date: search.date,
    consumptionType: search.consumptionType,
  });
  return `/api/offers/collections/${jobId}?${query}`;
}

export async function searchOffers(env: Env, search: OfferSearch): Promise<Response> {
  let config;
  try {
    config = appConfig(env).offers;
  } catch (error) {
    console.error("offer collection configuration", error);
    return jsonError(503, "collection_unavailable", TEXTS.search.loadFailed);
  }
  const answer = await collector(env, search).start(search, config);
  const criteria = { date: search.date, consumptionType: search.consumptionType };
  switch (answer.status) {
    case "unknown_county":
      return jsonError(400, "unknown_county", TEXTS.api.unknownCounty);
    case "completed":
      return jsonOk({
        data: answer.offers,
        county: answer.county,
        ...criteria,
        cached: answer.cached,
        collectedAt: new Date(answer.collectedAt).toISOString(),
        warnings: answer.warnings,
        message: answer.offers.length ? undefined : TEXTS.search.emptyTitle,
      });
    case "running":
      return jsonOk({
        data: [],
        ...criteria,
        collection: { status: "started", checkUrl: checkUrlFor(search, answer.jobId), jobId: answer.jobId },
        message: TEXTS.search.collecting,
      });
    case "failed":
      // A source problem is the upstream's fault: 502 with the job's message, never a 500.
      return jsonError(502, "collection_failed", answer.message, {
        collection: { status: "failed", jobId: answer.jobId, message: answer.message },
      });
  }
}

export async function checkOfferCollection(env: Env, search: OfferSearch, jobId: string): Promise<Response> {
  const answer = await collector(env, search).check(jobId);
  if (!answer || answer.status === "unknown_county") {
    return jsonError(404, "collection_not_found", TEXTS.search.collectionNotFound);
  }
  switch (answer.status) {
    case "completed":
      return jsonOk({
        data: answer.offers,
        county: answer.county,
        date: search.date,
        consumptionType: search.consumptionType,
        collection: { status: "completed", jobId },
        warnings: answer.warnings,
        message: answer.offers.length ? undefined : TEXTS.search.emptyTitle,
      });
    case "running":
      return jsonOk({ data: [], collection: { status: "running", jobId, startedAt: answer.startedAt } });
    case "failed":
      return jsonOk({ data: [], collection: { status: "failed", jobId, message: answer.message } });
  }
}
