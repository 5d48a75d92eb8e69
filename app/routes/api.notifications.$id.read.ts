// PUT /api/notifications/{id}/read → {success, notification, unreadCount}. Another user's notification
// is 404, like one that does not exist.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notificationIdSchema } from "~/lib/schemas/notifications";
import { LIVE_TEXTS } from "~/texts/live";
import { requireUser } from "~/server/auth/user-auth.server";
import { invalidInput, jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { markNotificationRead } from "~/server/notifications/user-inbox.server";

export function loader() {
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const user = await requireUser(request, context, { mode: "api" });
  const id = notificationIdSchema.safeParse(params.id);
  if (!id.success) return invalidInput(id.error, LIVE_TEXTS.api.invalidId);
  const marked = await markNotificationRead(context, user.id, id.data.toLowerCase());
  if (!marked) return jsonError(404, "not_found", LIVE_TEXTS.api.notFound);
  return jsonOk(marked);
}
