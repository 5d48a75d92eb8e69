import { Link } from "@remix-run/react";
import { TEXTS } from "~/texts/user";

export function NotFound() {
  const t = TEXTS.notFound;
  return (
    <section className="container narrow not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t.title}</h1>
      <p>{t.message}</p>
      <nav className="not-found-links" aria-label="Linkuri utile">
        <Link className="button" to="/">
          {t.home}
        </Link>
        <Link className="button secondary" to="/profil">
          {t.profile}
        </Link>
        <Link className="button secondary" to="/schimba-furnizor">
          {t.switch}
        </Link>
        <Link className="button secondary" to="/documente">
          {t.documents}
        </Link>
      </nav>
    </section>
  );
}
