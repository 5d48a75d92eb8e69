import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { Suspense, lazy, useCallback, useRef, useState } from "react";
import { useSignIn } from "~/components/auth/sign-in-provider";
import { ReviewsSection } from "~/components/home/reviews-section";
import type { ComparisonSettings } from "~/components/search/offer-results";
import { SearchForm, type CountyOption } from "~/components/search/search-form";
import { saveSwitchContextOnServer } from "~/components/switching/switching-client";
import { useToast } from "~/components/ui/toaster";
import { bucharestDay } from "~/lib/dates";
import { OfferSearchError, abortableSleep, searchOffersWithPolling } from "~/lib/offer-collection";
import type { OfferView } from "~/lib/offers";
import { usePublicConfig } from "~/lib/public-config";
import type { OfferSearch } from "~/lib/schemas/offer-search";
import { buildSwitchContext, saveSwitchContext } from "~/lib/switch-context";
import { TEXTS } from "~/texts/user";
import { listPublishedReviews } from "~/server/reviews/reviews.server";

// Everything after the first search loads on demand, keeping the home page's first JS small
// (docs/benchmarks.md); the import starts as soon as a search does.
const loadResults = () => import("~/components/search/offer-results");
const OfferResults = lazy(() => loadResults().then((m) => ({ default: m.OfferResults })));
const SearchingPanel = lazy(() =>
  import("~/components/search/searching-panel").then((m) => ({ default: m.SearchingPanel })),
);
const SwitchStepsDialog = lazy(() =>
  import("~/components/home/switch-steps-dialog").then((m) => ({ default: m.SwitchStepsDialog })),
);

export const meta: MetaFunction = () => [
  { title: `${TEXTS.brand.tagline} – compară ofertele de energie electrică din județul tău` },
  { name: "description", content: TEXTS.brand.subtitle },
];

export async function loader({ context }: LoaderFunctionArgs) {
  // "Today" comes from the server so the calendar's first selectable day does not flicker on hydration.
  return {
    today: bucharestDay(),
    reviews: await listPublishedReviews(context.db),
  };
}

type SearchState =
  | { status: "form" }
  | { status: "loading"; search: OfferSearch; county: CountyOption }
  | { status: "collecting"; search: OfferSearch; county: CountyOption }
  | { status: "results"; search: OfferSearch; county: CountyOption; offers: OfferView[]; cached: boolean }
  | { status: "error"; search: OfferSearch; message: string; detail?: string };

export default function Home() {
  const { today, reviews } = useLoaderData<typeof loader>();
  const rootData = useRouteLoaderData<{ user?: { id: string } | null }>("root");
  const signedIn = Boolean(rootData?.user);
  const { offerPolling } = usePublicConfig();
  const { openSignIn } = useSignIn();
  const toast = useToast();
  const navigate = useNavigate();
  const [state, setState] = useState<SearchState>({ status: "form" });
  const [lastSearch, setLastSearch] = useState<OfferSearch | undefined>();
  const [stepsOpen, setStepsOpen] = useState(false);
  const searchRef = useRef<AbortController | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  const runSearch = useCallback(
    async (search: OfferSearch, county: CountyOption) => {
      searchRef.current?.abort();
      const controller = new AbortController();
      searchRef.current = controller;
      setLastSearch(search);
      setState({ status: "loading", search, county });
      void loadResults();
      try {
        const result = await searchOffersWithPolling(search, offerPolling, {
          fetch: window.fetch.bind(window),
          sleep: abortableSleep,
          signal: controller.signal,
          onCollecting: () => setState({ status: "collecting", search, county }),
        });
        setState({ status: "results", search, county, offers: result.offers, cached: result.cached });
        requestAnimationFrame(() => cardRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error("offer search", error);
        const known = error instanceof OfferSearchError;
        setState({
          status: "error",
          search,
          message: known && error.kind === "invalid" ? error.message : TEXTS.search.loadFailed,
          detail: known && error.kind !== "invalid" ? error.message : undefined,
        });
      }
    },
    [offerPolling],
  );

  function chooseOffer(offer: OfferView, settings: ComparisonSettings) {
    if (state.status !== "results") return;
    const context = buildSwitchContext(offer, state.search, { ...settings, isFromCache: state.cached });
    if (!context) {
      toast({
        title: TEXTS.search.incompleteCacheTitle,
        description: TEXTS.search.incompleteCacheMessage,
        variant: "warning",
        durationMs: 7_000,
      });
      return;
    }
    saveSwitchContext(window.localStorage, context);
    if (!signedIn) {
      setStepsOpen(true);
      return;
    }
    // Signed in: the context is kept on the server, so a reload or another device opens the same wizard.
    void saveSwitchContextOnServer(context)
      .then((saved) => {
        if (saved) navigate("/schimba-furnizor");
        else toast({ title: TEXTS.switching.errorTitle, description: TEXTS.switching.contextInvalid, variant: "destructive" });
      })
      .catch((error: unknown) => {
        if (!(error instanceof TypeError)) throw error;
        toast({ title: TEXTS.switching.errorTitle, description: TEXTS.api.serverError, variant: "destructive" });
      });
  }

  const backToForm = () => {
    searchRef.current?.abort();
    setState({ status: "form" });
  };

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
          <div className="search-card" ref={cardRef}>
            {state.status === "collecting" ? (
              <Suspense fallback={<p className="muted">{TEXTS.search.submitLoading}</p>}>
                <SearchingPanel countyName={state.county.name} />
              </Suspense>
            ) : state.status === "results" ? (
              <Suspense fallback={<p className="muted">{TEXTS.search.submitLoading}</p>}>
                <OfferResults
                  countyName={state.county.name}
                  date={state.search.date}
                  offers={state.offers}
                  onSearchAgain={backToForm}
                  onChoose={chooseOffer}
                />
              </Suspense>
            ) : (
              <>
                <h2 className="search-title">Compară ofertele de energie electrică</h2>
                <SearchForm
                  today={today}
                  busy={state.status === "loading"}
                  initial={lastSearch}
                  onSearch={runSearch}
                />
                {state.status === "error" ? (
                  <div className="form-error" role="alert">
                    <p>{state.message}</p>
                    {state.detail ? <p className="form-error-detail">{state.detail}</p> : null}
                  </div>
                ) : null}
              </>
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

      <ReviewsSection reviews={reviews} />

      {stepsOpen ? (
        <Suspense fallback={null}>
          <SwitchStepsDialog
            open={stepsOpen}
            onClose={() => setStepsOpen(false)}
            onStart={() => {
              setStepsOpen(false);
              openSignIn();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
