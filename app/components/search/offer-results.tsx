import { formatRoDay } from "~/lib/dates";
import { formatPricePerKwh } from "~/lib/money";
import { TEXTS } from "~/lib/texts";
import type { OfferView } from "~/lib/offers";

interface OfferResultsProps {
  countyName: string;
  date: string;
  offers: OfferView[];
  onSearchAgain: () => void;
  onChoose: (offer: OfferView) => void;
}

export function OfferResults({ countyName, date, offers, onSearchAgain, onChoose }: OfferResultsProps) {
  const t = TEXTS.search;
  const header = (
    <div className="results-header">
      <h2 id="rezultate">{t.resultsFor(countyName, formatRoDay(date))}</h2>
      <button type="button" className="button secondary" onClick={onSearchAgain}>
        {t.searchAgain}
      </button>
    </div>
  );

  if (offers.length === 0) {
    return (
      <section className="results" aria-labelledby="rezultate">
        {header}
        <div className="empty-state" role="status">
          <h3>{t.emptyTitle}</h3>
          <p>{t.emptyHint}</p>
        </div>
      </section>
    );
  }

  const best = offers[0]!;
  const supplierCount = new Set(offers.map((o) => o.supplier_id)).size;
  const cheapest = offers[0]!.price;
  const dearest = offers[offers.length - 1]!.price;

  return (
    <section className="results" aria-labelledby="rezultate">
      {header}
      <div className="best-offer">
        <div>
          <p className="best-label">{t.bestPrice}</p>
          <p className="best-supplier">{best.supplier_name}</p>
          <p className="best-name">{best.name}</p>
        </div>
        <p className="best-price">
          <strong>{formatPricePerKwh(best.price)}</strong> lei/kWh
        </p>
        <button type="button" className="button accent" onClick={() => onChoose(best)}>
          {t.switchTo(best.supplier_name)}
        </button>
      </div>
      <p className="results-summary">
        {supplierCount} furnizori • {offers.length} oferte • între {formatPricePerKwh(cheapest)} și{" "}
        {formatPricePerKwh(dearest)} lei/kWh
      </p>
      <ol className="offer-list">
        {offers.map((offer, index) => (
          <li key={offer.id} className={`offer-row${index === 0 ? " is-best" : ""}`} data-offer-id={offer.id}>
            <div className="offer-main">
              {index === 0 ? <span className="badge best">{t.bestPrice}</span> : null}
              <p className="offer-supplier">{offer.supplier_name}</p>
              <p className="offer-name">{offer.name}</p>
              <p className="offer-meta">
                <span className="badge">{TEXTS.offerType[offer.type] ?? offer.type}</span>
                {offer.green_share_percent > 0 ? (
                  <span className="badge green">{offer.green_share_percent}% verde</span>
                ) : null}
                <span>Valabilitate: {offer.validityPeriod}</span>
                {Number(offer.monthly_fee) > 0 ? (
                  <span>Abonament: {offer.monthly_fee.replace(".", ",")} lei/lună</span>
                ) : null}
              </p>
            </div>
            <div className="offer-side">
              <p className="offer-price" data-price={offer.price}>
                <strong>{formatPricePerKwh(offer.price)}</strong> <span>lei/kWh</span>
              </p>
              <button type="button" className="button small" onClick={() => onChoose(offer)}>
                Alege oferta
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
