import { Link } from "@remix-run/react";
import { useSignIn } from "~/components/auth/sign-in-provider";
import { TEXTS } from "~/lib/texts";
import { LogoMark } from "./logo";

export function SiteHeader() {
  const { openSignIn } = useSignIn();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" aria-label={`${TEXTS.brand.name} – acasă`}>
          <LogoMark />
          <span className="brand-text">
            <span className="brand-tagline">{TEXTS.brand.tagline}</span>
            <span className="brand-sub">Compară. Alege. Economisește.</span>
          </span>
        </Link>
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
      </div>
    </header>
  );
}
