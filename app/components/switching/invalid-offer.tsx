// 'Ofertă invalidă' (user spec §2, §5 "Wizard context"): why the stored context cannot open the wizard,
// and the way back to the search.
import { Link } from "@remix-run/react";
import { TEXTS } from "~/texts/user";

export function InvalidOffer({ reason, message }: { reason: string; message: string }) {
  const t = TEXTS.switching;
  return (
    <section className="container narrow page invalid-offer" data-reason={reason}>
      <div className="card">
        <h1>{t.invalidOfferTitle}</h1>
        <p>{message}</p>
        <Link to="/" className="button primary">
          {t.goHome}
        </Link>
      </div>
    </section>
  );
}
