// GET /api/documents/progress → {success, progress: {documents: {identity|bills|contracts|meter_photos: {count, …}}, completion_percentage}}.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { createDb } from "~/server/db/client.server";
import { countByType } from "~/server/documents/repository.server";
import { progressView } from "~/server/documents/views.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, env, { mode: "api" });
  const counts = await countByType(createDb(env.DB), user.id);
  return jsonOk({ progress: progressView(counts) }, { headers: { "Cache-Control": "private, no-store" } });
}
