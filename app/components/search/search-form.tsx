import { getFormProps, useForm } from "@conform-to/react";
import { apiClient } from "~/lib/api-client";
import { parseWithZod } from "~/lib/forms";
import { useEffect, useState } from "react";
import { addDays } from "~/lib/dates";
import { matchCountyByRegion, reverseGeocodeUrl } from "~/lib/geo-county";
import { usePublicConfig } from "~/lib/public-config";
import { offerSearchSchema, type OfferSearch } from "~/lib/schemas/offer-search";
import { TEXTS } from "~/texts/user";
import { DatePicker } from "./date-picker";

export interface CountyOption {
  id: string;
  code: string;
  name: string;
}

interface SearchFormProps {
  today: string;
  busy: boolean;
  initial?: Partial<OfferSearch>;
  onSearch: (search: OfferSearch, county: CountyOption) => void;
}

// The county list never changes while the page is open: 'Caută din nou' remounts the form without asking again.
let loadedCounties: CountyOption[] | null = null;

type CountiesState = { status: "loading" } | { status: "ready"; counties: CountyOption[] } | { status: "error" };

export function SearchForm({ today, busy, initial, onSearch }: SearchFormProps) {
  const t = TEXTS.search;
  const [counties, setCounties] = useState<CountiesState>(() =>
    loadedCounties ? { status: "ready", counties: loadedCounties } : { status: "loading" },
  );
  const [county, setCounty] = useState(initial?.county ?? "");
  const [date, setDate] = useState(initial?.date ?? addDays(today, 1));

  useEffect(() => {
    if (loadedCounties) return;
    const controller = new AbortController();
    apiClient()
      .request<{ data: CountyOption[] }>("/api/counties", { signal: controller.signal })
      .then((body) => {
        loadedCounties = body.data;
        setCounties({ status: "ready", counties: loadedCounties });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error("counties", error);
          setCounties({ status: "error" });
        }
      });
    return () => controller.abort();
  }, []);

  // Geolocation preselect (spec §2): only when nothing is chosen yet; every failure is silent.
  const { geocodeUrl } = usePublicConfig();
  const countyList = counties.status === "ready" ? counties.counties : null;
  useEffect(() => {
    if (!countyList || !geocodeUrl || county !== "" || !("geolocation" in navigator)) return;
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        try {
          const res = await fetch(reverseGeocodeUrl(geocodeUrl, coords.latitude, coords.longitude));
          if (!res.ok) return;
          const place = (await res.json()) as Record<string, unknown>;
          const match = matchCountyByRegion(countyList, [place.principalSubdivision, place.city, place.locality, place.countryName]);
          if (match && !cancelled) setCounty((current) => current || match.code);
        } catch {
          // Ignored on purpose: geolocation is a convenience.
        }
      },
      () => {},
      { timeout: 8_000, maximumAge: 3_600_000 },
    );
    return () => {
      cancelled = true;
    };
    // Asked once, when the county list arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countyList, geocodeUrl]);

  const schema = offerSearchSchema(today);
  const [form, fields] = useForm({
    id: "offer-search",
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success" || counties.status !== "ready") return;
      const chosen = counties.counties.find((c) => c.code === submission.value.county);
      if (chosen) onSearch(submission.value, chosen);
    },
  });

  const countiesReady = counties.status === "ready";
  const canSubmit = countiesReady && county !== "" && date !== "" && !busy;

  return (
    <form {...getFormProps(form)} className="search-form" noValidate>
      <div className="field">
        <label htmlFor={fields.county.id}>{t.countyLabel}</label>
        <select
          id={fields.county.id}
          name={fields.county.name}
          className={`input${fields.county.errors ? " invalid" : ""}`}
          value={county}
          onChange={(e) => setCounty(e.target.value)}
          disabled={!countiesReady}
          aria-invalid={fields.county.errors ? true : undefined}
        >
          <option value="">{countiesReady ? t.countyPlaceholder : t.countyLoading}</option>
          {countiesReady
            ? counties.counties.map((c) => (
                <option key={c.id} value={c.code}>
                  {c.name}
                </option>
              ))
            : null}
        </select>
        {counties.status === "error" ? <p className="field-error">{t.countiesFailed}</p> : null}
        {fields.county.errors ? <p className="field-error">{fields.county.errors[0]}</p> : null}
      </div>
      <DatePicker
        name={fields.date.name}
        label={t.dateLabel}
        hint={t.dateHint}
        value={date}
        minDay={today}
        onChange={setDate}
        error={fields.date.errors?.[0]}
      />
      <input type="hidden" name={fields.consumptionType.name} value="casnic" />
      <button type="submit" className="button primary search-submit" disabled={!canSubmit}>
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" /> {t.submitLoading}
          </>
        ) : (
          t.submit
        )}
      </button>
    </form>
  );
}
