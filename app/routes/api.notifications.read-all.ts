// PUT /api/notifications/read-all → {success, message, updated, unreadCount}: every notification of the
// signed-in user is marked read.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LIVE_TEXTS } from "~/texts/live";
import { requireUser } from "~/server/auth/user-auth.server";
import { jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { markAllNotificationsRead } from "~/server/notifications/user-inbox.server";

export function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const user = await requireUser(request, context, { mode: "api" });
  return jsonOk({ message: LIVE_TEXTS.api.markedAll, ...(await markAllNotificationsRead(context, user.id)) });
}
