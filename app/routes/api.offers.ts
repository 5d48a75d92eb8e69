import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { offerSearchSchema } from "~/lib/schemas/offer-search";
import { TEXTS } from "~/lib/texts";
import { createDb } from "~/server/db/client.server";
import { invalidInput, jsonError, jsonOk, searchParamsObject } from "~/server/http.server";
import { findCatalogOffers } from "~/server/offers/catalog.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = offerSearchSchema().safeParse(searchParamsObject(new URL(request.url)));
  if (!parsed.success) return invalidInput(parsed.error);

  const result = await findCatalogOffers(createDb(context.cloudflare.env.DB), parsed.data);
  if (!result.ok) return jsonError(400, result.error, TEXTS.api.unknownCounty);

  return jsonOk({
    data: result.offers,
    county: { code: result.county.code, name: result.county.name },
    date: parsed.data.date,
    consumptionType: parsed.data.consumptionType,
    message: result.offers.length ? undefined : TEXTS.search.emptyTitle,
  });
}
