import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { offerSearchSchema } from "~/lib/schemas/offer-search";
import { invalidInput, searchParamsObject } from "~/server/http.server";
import { searchOffers } from "~/server/offers/search.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = offerSearchSchema().safeParse(searchParamsObject(new URL(request.url)));
  if (!parsed.success) return invalidInput(parsed.error);
  return searchOffers(context.cloudflare.env, parsed.data);
}
