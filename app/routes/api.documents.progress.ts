// GET /api/documents/progress → {success, progress: {documents: {identity|bills|contracts|meter_photos: {count, …}}, completion_percentage}}.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { countByType } from "~/server/documents/repository.server";
import { progressView } from "~/server/documents/views.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const counts = await countByType(context.db, user.id);
  return jsonOk({ progress: progressView(counts) }, { headers: { "Cache-Control": "private, no-store" } });
}
