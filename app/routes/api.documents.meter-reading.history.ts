// GET /api/documents/meter-reading/history → {success, history}: the user's readings, latest first.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { meterReadingHistory } from "~/server/documents/meter-readings.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  return jsonOk({ history: await meterReadingHistory(context.db, user.id) }, { headers: { "Cache-Control": "private, no-store" } });
}
