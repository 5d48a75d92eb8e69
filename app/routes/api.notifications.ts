// GET /api/notifications?limit&offset → {success, notifications, unreadCount, total, limit, offset}: the
// signed-in user's notifications, newest first (user spec §7; pages ask for limit 100, the maximum).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notificationListQuerySchema } from "~/lib/schemas/notifications";
import { LIVE_TEXTS } from "~/texts/live";
import { requireUser } from "~/server/auth/user-auth.server";
import { invalidInput, jsonOk, searchParamsObject } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { listNotifications } from "~/server/notifications/user-inbox.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const query = notificationListQuerySchema.safeParse(searchParamsObject(new URL(request.url)));
  if (!query.success) return invalidInput(query.error, LIVE_TEXTS.api.invalidQuery);
  const page = await listNotifications(context.db, user.id, query.data);
  return jsonOk({ ...page, ...query.data }, { headers: { "Cache-Control": "private, no-store" } });
}

export function action() {
  return methodNotAllowed(["GET"]);
}
