import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useRef, useState } from "react";
import { OfferResults } from "~/components/search/offer-results";
import { SearchForm, type CountyOption } from "~/components/search/search-form";
import { bucharestDay } from "~/lib/dates";
import type { OfferSearch } from "~/lib/schemas/offer-search";
import { TEXTS } from "~/lib/texts";
import type { OfferView } from "~/lib/offers";

export const meta: MetaFunction = () => [
  { title: `${TEXTS.brand.tagline} – compară ofertele de energie electrică din județul tău` },
  { name: "description", content: TEXTS.brand.subtitle },
];

export function loader() {
  // "Today" comes from the server so the calendar's first selectable day does not flicker on hydration.
  return { today: bucharestDay() };
}

type SearchState =
  | { status: "form" }
  | { status: "loading"; search: OfferSearch; county: CountyOption }
  | { status: "results"; search: OfferSearch; county: CountyOption; offers: OfferView[] }
  | { status: "error"; search: OfferSearch; message: string };

export default function Home() {
  const { today } = useLoaderData<typeof loader>();
  const [state, setState] = useState<SearchState>({ status: "form" });
  const resultsRef = useRef<HTMLDivElement>(null);

  async function runSearch(search: OfferSearch, county: CountyOption) {
    setState({ status: "loading", search, county });
    try {
      const query = new URLSearchParams({
        county: search.county,
        date: search.date,
        consumptionType: search.consumptionType,
      });
      const res = await fetch(`/api/offers?${query}`);
      const body = (await res.json()) as { success: boolean; data?: OfferView[]; message?: string };
      if (!res.ok || !body.success) {
        setState({ status: "error", search, message: body.message ?? TEXTS.search.loadFailed });
        return;
      }
      setState({ status: "results", search, county, offers: body.data ?? [] });
      requestAnimationFrame(() => resultsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
    } catch (error) {
      console.error("offers", error);
      setState({ status: "error", search, message: TEXTS.search.loadFailed });
    }
  }

  function chooseOffer(offer: OfferView) {
    // The full choose-offer flow (switch context, sign-in) is issue #3; the context is kept already.
    if (state.status !== "results") return;
    window.localStorage.setItem(
      "pendingSwitchContext",
      JSON.stringify({
        selectedOfferId: offer.offer_id,
        selectedSupplierId: offer.supplier_id,
        searchDate: state.search.date,
        county: state.search.county,
        supplierName: offer.supplier_name,
        pricePerKwh: offer.price_per_kwh,
        offerName: offer.offer_name,
        isFromCache: false,
        estimatedMonthlySavings: null,
      }),
    );
    document.getElementById("cum-functioneaza")?.scrollIntoView({ behavior: "smooth" });
  }

  const showForm = state.status === "form" || state.status === "loading" || state.status === "error";

  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <h1>
              Găsește <span className="highlight">cel mai ieftin curent</span> din județul tău
            </h1>
            <p className="lead">{TEXTS.brand.subtitle}</p>
            <ul className="claims">
              <li>{TEXTS.claims.free}</li>
              <li>{TEXTS.claims.savings}</li>
              <li>{TEXTS.claims.helped}</li>
            </ul>
          </div>
          <div className="search-card" ref={resultsRef}>
            {showForm ? (
              <>
                <h2 className="search-title">Compară ofertele de energie electrică</h2>
                <SearchForm
                  today={today}
                  busy={state.status === "loading"}
                  initial={state.status === "form" ? undefined : state.search}
                  onSearch={runSearch}
                />
                {state.status === "error" ? (
                  <p className="form-error" role="alert">
                    {state.message}
                  </p>
                ) : null}
              </>
            ) : (
              <OfferResults
                countyName={state.county.name}
                date={state.search.date}
                offers={state.offers}
                onSearchAgain={() => setState({ status: "form" })}
                onChoose={chooseOffer}
              />
            )}
          </div>
        </div>
      </section>

      <section id="cum-functioneaza" className="how-it-works container" aria-labelledby="cum-title">
        <h2 id="cum-title">{TEXTS.howItWorks.title}</h2>
        <ol className="steps">
          {TEXTS.howItWorks.steps.map((step, i) => (
            <li key={step.title} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="note">{TEXTS.claims.prosumers}</p>
      </section>
    </>
  );
}
