// Bottom navigation below 768 px, only when signed in (user spec §2), with the unread badge on Notificări.
import { Link, useLocation } from "@remix-run/react";
import { Suspense, lazy } from "react";
import { useOptionalUser } from "~/lib/session-user";
import { USER_NAV_ITEMS } from "./user-nav-items";

const MobileUnreadBadge = lazy(() => import("~/components/live/live-nav").then((m) => ({ default: m.MobileUnreadBadge })));

export function MobileBar() {
  const user = useOptionalUser();
  const { pathname } = useLocation();
  if (!user || pathname.startsWith("/admin")) return null;
  return (
    <nav className="mobile-bar" aria-label="Navigare rapidă">
      {USER_NAV_ITEMS.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          className={`mobile-bar-item${item.isActive(pathname) ? " active" : ""}`}
          aria-current={item.isActive(pathname) ? "page" : undefined}
        >
          {item.short}
          {item.to === "/notificari" ? (
            <Suspense fallback={null}>
              <MobileUnreadBadge />
            </Suspense>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
