import { useEffect, useMemo, useState } from "react";
import { formatRoDay } from "~/lib/dates";
import { formatLei, formatPricePerKwh } from "~/lib/money";
import {
  DEFAULT_MONTHLY_KWH,
  arrangeOffers,
  monthlySavingBani,
  offerAnnualCostBani,
  type OfferSort,
  type OfferView,
} from "~/lib/offers";
import { currentPriceSchema, monthlyKwhSchema } from "~/lib/schemas/offer-preferences";
import { TEXTS } from "~/texts/user";

export interface ComparisonSettings {
  monthlyKwh: number;
  currentPrice: string | null;
}

interface OfferResultsProps {
  countyName: string;
  date: string;
  offers: OfferView[];
  onSearchAgain: () => void;
  onChoose: (offer: OfferView, settings: ComparisonSettings) => void;
}

const PREFERENCES_KEY = "offerPreferences";

function usePreferences() {
  const [kwhText, setKwhText] = useState(String(DEFAULT_MONTHLY_KWH));
  const [priceText, setPriceText] = useState("");
  const [sort, setSort] = useState<OfferSort>("price");
  const [greenOnly, setGreenOnly] = useState(false);

  useEffect(() => {
    try {
      const saved = JSON.parse(window.localStorage.getItem(PREFERENCES_KEY) ?? "null") as {
        kwh?: string;
        price?: string;
      } | null;
      if (saved?.kwh && monthlyKwhSchema.safeParse(saved.kwh).success) setKwhText(saved.kwh);
      if (saved?.price && currentPriceSchema.safeParse(saved.price).success) setPriceText(saved.price);
    } catch {
      window.localStorage.removeItem(PREFERENCES_KEY);
    }
  }, []);

  const kwh = monthlyKwhSchema.safeParse(kwhText);
  const price = currentPriceSchema.safeParse(priceText);
  useEffect(() => {
    if (kwh.success && price.success) {
      window.localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ kwh: kwhText, price: priceText }));
    }
  }, [kwhText, priceText, kwh.success, price.success]);

  return {
    kwhText,
    setKwhText,
    priceText,
    setPriceText,
    sort,
    setSort,
    greenOnly,
    setGreenOnly,
    kwhError: kwh.success ? null : kwh.error.issues[0]?.message,
    priceError: price.success ? null : price.error.issues[0]?.message,
    // An invalid field keeps the last good value in use rather than blanking the list.
    monthlyKwh: kwh.success ? kwh.data : DEFAULT_MONTHLY_KWH,
    currentPrice: price.success ? price.data : null,
  };
}

const lei = (bani: number) => formatLei(Math.abs(bani) / 100, 0);

export function OfferResults({ countyName, date, offers, onSearchAgain, onChoose }: OfferResultsProps) {
  const t = TEXTS.search;
  const prefs = usePreferences();
  const arranged = useMemo(
    () => arrangeOffers(offers, { sort: prefs.sort, monthlyKwh: prefs.monthlyKwh, greenOnly: prefs.greenOnly }),
    [offers, prefs.sort, prefs.monthlyKwh, prefs.greenOnly],
  );
  const settings: ComparisonSettings = { monthlyKwh: prefs.monthlyKwh, currentPrice: prefs.currentPrice };

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

  const prices = offers.map((o) => Number(o.price));
  const supplierCount = new Set(offers.map((o) => o.supplier_name)).size;
  const best = arranged[0];

  return (
    <section className="results" aria-labelledby="rezultate">
      {header}
      {best ? (
        <div className="best-offer">
          <div>
            <p className="best-label">{t.bestPrice}</p>
            <p className="best-supplier">{best.supplier_name}</p>
            <p className="best-name">{best.name}</p>
          </div>
          <p className="best-price">
            <strong>{formatPricePerKwh(best.price)}</strong> lei/kWh
            <span className="best-annual">{t.annualCost(lei(offerAnnualCostBani(best, prefs.monthlyKwh)))}</span>
          </p>
          <button type="button" className="button accent" onClick={() => onChoose(best, settings)}>
            {t.switchTo(best.supplier_name)}
          </button>
        </div>
      ) : null}
      <p className="results-summary">
        {supplierCount} furnizori • {offers.length} oferte • între {formatPricePerKwh(Math.min(...prices))} și{" "}
        {formatPricePerKwh(Math.max(...prices))} lei/kWh
      </p>

      <div className="results-controls">
        <div className="field compact">
          <label htmlFor="monthly-kwh">{t.monthlyConsumption}</label>
          <input
            id="monthly-kwh"
            className={`input${prefs.kwhError ? " invalid" : ""}`}
            inputMode="numeric"
            value={prefs.kwhText}
            onChange={(e) => prefs.setKwhText(e.target.value.replace(/[^\d]/g, "").slice(0, 4))}
            aria-invalid={prefs.kwhError ? true : undefined}
            aria-describedby={prefs.kwhError ? "monthly-kwh-error" : undefined}
          />
          {prefs.kwhError ? (
            <p id="monthly-kwh-error" className="field-error">
              {prefs.kwhError}
            </p>
          ) : null}
        </div>
        <div className="field compact">
          <label htmlFor="current-price">{t.currentPrice}</label>
          <input
            id="current-price"
            className={`input${prefs.priceError ? " invalid" : ""}`}
            inputMode="decimal"
            placeholder="1,2500"
            value={prefs.priceText}
            onChange={(e) => prefs.setPriceText(e.target.value.slice(0, 7))}
            aria-invalid={prefs.priceError ? true : undefined}
            aria-describedby={prefs.priceError ? "current-price-error" : undefined}
          />
          {prefs.priceError ? (
            <p id="current-price-error" className="field-error">
              {prefs.priceError}
            </p>
          ) : null}
        </div>
        <div className="field compact results-sort">
          <label htmlFor="offer-sort">{t.sortBy}</label>
          <select
            id="offer-sort"
            className="input"
            value={prefs.sort}
            onChange={(e) => prefs.setSort(e.target.value === "annual" ? "annual" : "price")}
          >
            <option value="price">{t.sortPrice}</option>
            <option value="annual">{t.sortAnnual}</option>
          </select>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={prefs.greenOnly} onChange={(e) => prefs.setGreenOnly(e.target.checked)} />
          {t.greenOnly}
        </label>
      </div>

      {arranged.length === 0 ? (
        <p className="empty-state" role="status">
          {t.greenFilterEmpty}
        </p>
      ) : (
        <ol className="offer-list">
          {arranged.map((offer, index) => {
            const saving = monthlySavingBani(offer, prefs.monthlyKwh, prefs.currentPrice);
            return (
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
                      <span>{t.monthlyFee(offer.monthly_fee.replace(".", ","))}</span>
                    ) : null}
                  </p>
                  <details className="offer-breakdown">
                    <summary>{t.breakdownTitle}</summary>
                    <dl>
                      <dt>{t.breakdownEnergy}</dt>
                      <dd>{formatPricePerKwh(offer.breakdown.energy)}</dd>
                      <dt>{t.breakdownDistribution}</dt>
                      <dd>{formatPricePerKwh(offer.breakdown.distribution)}</dd>
                      <dt>{t.breakdownRegulated}</dt>
                      <dd>{formatPricePerKwh(offer.breakdown.regulated)}</dd>
                      <dt>{t.breakdownVat}</dt>
                      <dd>{formatPricePerKwh(offer.breakdown.vat)}</dd>
                    </dl>
                  </details>
                </div>
                <div className="offer-side">
                  <p className="offer-price" data-price={offer.price}>
                    <strong>{formatPricePerKwh(offer.price)}</strong> <span>lei/kWh</span>
                  </p>
                  <p
                    className="offer-annual"
                    data-annual-bani={offerAnnualCostBani(offer, prefs.monthlyKwh)}
                  >
                    {t.annualCost(lei(offerAnnualCostBani(offer, prefs.monthlyKwh)))}
                  </p>
                  {saving !== null ? (
                    <p className={`offer-saving${saving >= 0 ? " positive" : " negative"}`}>
                      {saving >= 0 ? t.savingMonthly(lei(saving)) : t.dearerMonthly(lei(saving))}
                    </p>
                  ) : null}
                  <button type="button" className="button small" onClick={() => onChoose(offer, settings)}>
                    {t.chooseOffer}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
