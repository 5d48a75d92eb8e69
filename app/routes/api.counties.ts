import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonOk } from "~/server/http.server";
import { listCounties } from "~/server/offers/reference.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const data = await listCounties(context.db);
  return jsonOk({ data }, { headers: { "Cache-Control": "public, max-age=3600" } });
}
