import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { collectionCheckSchema } from "~/lib/schemas/offer-search";
import { invalidInput, searchParamsObject } from "~/server/http.server";
import { checkOfferCollection } from "~/server/offers/search.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const parsed = collectionCheckSchema.safeParse({
    ...searchParamsObject(new URL(request.url)),
    jobId: params.jobId,
  });
  if (!parsed.success) return invalidInput(parsed.error);
  const { jobId, ...search } = parsed.data;
  return checkOfferCollection(context.cloudflare.env, search, jobId);
}
