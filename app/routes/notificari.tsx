// /notificari (and /notifications): the signed-in user's notifications (user spec §2).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NotificationsPage } from "~/components/notifications/notifications-page";
import { TEXTS } from "~/texts/user";
import { LIVE_TEXTS } from "~/texts/live";
import { requireUser } from "~/server/auth/user-auth.server";
import { NOTIFICATION_PAGE_MAX, listNotifications } from "~/server/notifications/user-inbox.server";

export const meta: MetaFunction = () => [{ title: `${LIVE_TEXTS.notifications.title} – ${TEXTS.brand.tagline}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "page" });
  // A failed read shows the page's error state (with a retry) instead of failing the whole page.
  const page = await listNotifications(context.db, user.id, { limit: NOTIFICATION_PAGE_MAX, offset: 0 }).catch((error: unknown) => {
    console.error("notifications page: list failed", error);
    return null;
  });
  return { page };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function NotificationsRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <NotificationsPage initial={page} />;
}
