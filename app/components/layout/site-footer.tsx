import { Link } from "@remix-run/react";
import { TEXTS } from "~/texts/user";
import { LogoMark } from "./logo";

export function SiteFooter() {
  const t = TEXTS.footer;
  return (
    <footer className="site-footer" id="contact">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">
            <LogoMark size={28} /> {TEXTS.brand.tagline}
          </p>
          <p className="muted-light">{TEXTS.claims.savingsFooter}. {TEXTS.claims.free}.</p>
        </div>
        <nav aria-label="Navigare subsol">
          <h2 className="footer-title">Navigare</h2>
          <ul>
            <li><Link to="/">{t.home}</Link></li>
            <li><a href="/#cum-functioneaza">{t.howItWorks}</a></li>
            <li><Link to="/login">{t.login}</Link></li>
            <li><a href="/#contact">{t.contact}</a></li>
          </ul>
        </nav>
        <nav aria-label="Informații legale">
          <h2 className="footer-title">Informații</h2>
          <ul>
            <li><a href="#faq">{t.faq}</a></li>
            <li><a href="#termeni">{t.terms}</a></li>
            <li><a href="#confidentialitate">{t.privacy}</a></li>
            <li><a href="#gdpr">{t.gdpr}</a></li>
          </ul>
        </nav>
        <address>
          <h2 className="footer-title">{t.contact}</h2>
          <p>contact@celmaiieftincurent.ro</p>
          <p>0800 000 000 (apel gratuit)</p>
          <p>București, România</p>
        </address>
      </div>
      <p className="container footer-copy">© {new Date().getFullYear()} {TEXTS.brand.name}. {t.rights}</p>
    </footer>
  );
}
