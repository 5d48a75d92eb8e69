import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { Suspense, lazy, useEffect } from "react";
import { useSignIn } from "~/components/auth/sign-in-provider";
import { useOptionalUser } from "~/lib/session-user";
import { TEXTS } from "~/texts/user";
import { LogoMark } from "./logo";
import { SignOutButton } from "./sign-out-button";
import { USER_NAV_ITEMS } from "./user-nav-items";

// The live dot and unread badge load on demand: visitors never download them (docs/benchmarks.md).
const HeaderLiveIndicator = lazy(() => import("~/components/live/live-nav").then((m) => ({ default: m.HeaderLiveIndicator })));

export function SiteHeader() {
  const { openSignIn } = useSignIn();
  const user = useOptionalUser();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();

  // Another tab (or the sign-in dialog) changed who is signed in: re-read the session.
  useEffect(() => {
    const onAuthChanged = () => revalidator.revalidate();
    window.addEventListener("auth-changed", onAuthChanged);
    return () => window.removeEventListener("auth-changed", onAuthChanged);
  }, [revalidator]);

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-text">
            <span className="brand-tagline">{TEXTS.brand.tagline}</span>
            <span className="brand-sub">Compară. Alege. Economisește.</span>
          </span>
        </Link>
        {user ? (
          <nav aria-label="Meniu principal" className="header-nav">
            <ul className="header-links">
              {USER_NAV_ITEMS.slice(1).map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={item.isActive(pathname) ? "active" : undefined}
                    aria-current={item.isActive(pathname) ? "page" : undefined}
                  >
                    {item.label}
                    {item.to === "/notificari" ? (
                      <Suspense fallback={null}>
                        <HeaderLiveIndicator />
                      </Suspense>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
            <Link to="/profil" className="header-profile" aria-label={TEXTS.nav.profile}>
              <span aria-hidden="true">{initialsOf(user)}</span>
            </Link>
            <SignOutButton className="button header-account" label={TEXTS.nav.logout} />
          </nav>
        ) : (
          <nav aria-label="Cont">
            <Link
              to="/login"
              className="button header-account"
              onClick={(event) => {
                // With JavaScript the dialog opens in place; without it, /login is the same flow.
                event.preventDefault();
                openSignIn();
              }}
            >
              {TEXTS.nav.account}
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}

function initialsOf(user: { firstName: string | null; lastName: string | null; phone: string }): string {
  const letters = `${user.firstName?.[0] ?? ""}${user.lastName?.[0] ?? ""}`.toUpperCase();
  return letters || user.phone.slice(-2);
}
