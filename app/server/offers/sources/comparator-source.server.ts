// HTTP adapter for a regulator-style public offer comparator (in the spirit of ANRE's POSF):
// GET {base}/oferte?judet={code}&zona={zone}&tip_client={consumption}&data={yyyy-mm-dd}
// answers { oferte: [...] } with Romanian field names and lei/kWh prices that may use a decimal comma.
import { z } from "zod";
import { foldRomanian } from "../../../lib/text-normalize";
import { decimalToMicro, microToDecimal } from "../../../lib/money";
import { validityPeriod, type OfferView } from "../../../lib/offers";
import { OfferSourceError, type KnownSupplier, type OfferSource, type OfferSourceContext } from "./source.server";

const leiAmount = z
  .union([z.number().nonnegative(), z.string().regex(/^\d+([.,]\d+)?$/)])
  .transform((value) => {
    const text = typeof value === "number" ? value.toFixed(6) : value.replace(",", ".");
    const [whole, fraction = ""] = text.split(".");
    return decimalToMicro(`${whole}.${fraction.slice(0, 6) || "0"}`);
  });

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const comparatorOffer = z.object({
  id_oferta: z.union([z.string().min(1), z.number()]).transform(String),
  furnizor: z.string().min(1),
  denumire_oferta: z.string().min(1),
  tip_pret: z.enum(["fix", "variabil"]),
  pret_energie: leiAmount,
  tarif_distributie: leiAmount,
  alte_componente: leiAmount.default(0),
  tva: leiAmount,
  pret_final_kwh: leiAmount,
  abonament_lunar: leiAmount.default(0),
  procent_energie_verde: z.number().int().min(0).max(100).default(0),
  valabila_de_la: isoDay,
  valabila_pana_la: isoDay.nullable().default(null),
  durata_contract_luni: z.number().int().positive().nullable().default(null),
});

export const comparatorResponseSchema = z.object({ oferte: z.array(comparatorOffer) });

export interface ComparatorOptions {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  fetch?: typeof fetch;
  /** Waits between retries; injectable so tests don't sleep. */
  backoff?: (attempt: number) => Promise<void>;
}

const defaultBackoff = (attempt: number) => new Promise<void>((r) => setTimeout(r, 200 * 2 ** attempt));

export class ComparatorOfferSource implements OfferSource {
  readonly name = "comparator";
  constructor(private readonly options: ComparatorOptions) {}

  async collect(context: OfferSourceContext): Promise<OfferView[]> {
    const body = await this.fetchWithRetries(context);
    const parsed = comparatorResponseSchema.safeParse(body);
    if (!parsed.success) {
      throw new OfferSourceError(this.name, "bad_payload", "Comparatorul a trimis un răspuns invalid.");
    }
    const bySupplier = new Map(context.suppliers.map((s) => [foldRomanian(s.name), s] as const));
    return parsed.data.oferte
      .filter((o) => o.valabila_de_la <= context.search.date && (!o.valabila_pana_la || o.valabila_pana_la >= context.search.date))
      .map((o) => toOfferView(o, bySupplier.get(foldRomanian(o.furnizor)), context.county.zoneId));
  }

  private async fetchWithRetries(context: OfferSourceContext): Promise<unknown> {
    const url = new URL("oferte", this.options.baseUrl.endsWith("/") ? this.options.baseUrl : `${this.options.baseUrl}/`);
    url.search = new URLSearchParams({
      judet: context.county.code,
      zona: context.county.zoneId,
      tip_client: context.search.consumptionType,
      data: context.search.date,
    }).toString();
    const doFetch = this.options.fetch ?? fetch;
    const backoff = this.options.backoff ?? defaultBackoff;

    let lastError: OfferSourceError | null = null;
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      if (attempt > 0) await backoff(attempt - 1);
      if (context.signal.aborted) break;
      const signal = AbortSignal.any([context.signal, AbortSignal.timeout(this.options.timeoutMs)]);
      try {
        const res = await doFetch(url.toString(), { headers: { accept: "application/json" }, signal });
        if (res.status >= 500 || res.status === 429) {
          lastError = new OfferSourceError(this.name, "http_status", `Comparatorul a răspuns cu HTTP ${res.status}.`);
          continue;
        }
        if (!res.ok) {
          // 4xx will not get better by asking again.
          throw new OfferSourceError(this.name, "http_status", `Comparatorul a răspuns cu HTTP ${res.status}.`);
        }
        try {
          return await res.json();
        } catch {
          throw new OfferSourceError(this.name, "bad_payload", "Comparatorul a trimis un răspuns invalid.");
        }
      } catch (error) {
        if (error instanceof OfferSourceError) throw error;
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        lastError = timedOut
          ? new OfferSourceError(this.name, "timeout", "Comparatorul nu a răspuns la timp.")
          : new OfferSourceError(this.name, "network", "Comparatorul nu poate fi contactat.");
      }
    }
    throw lastError ?? new OfferSourceError(this.name, "timeout", "Comparatorul nu a răspuns la timp.");
  }
}

function toOfferView(
  o: z.infer<typeof comparatorOffer>,
  supplier: KnownSupplier | undefined,
  zoneId: string,
): OfferView {
  const id = `posf-${o.id_oferta}`;
  const price = microToDecimal(o.pret_final_kwh, 4);
  return {
    id,
    offer_id: id,
    supplier_id: supplier?.id ?? "",
    supplier_name: supplier?.name ?? o.furnizor,
    supplier_website: supplier?.website ?? "",
    name: o.denumire_oferta,
    offer_name: o.denumire_oferta,
    type: o.tip_pret,
    price,
    price_per_kwh: price,
    validityPeriod: validityPeriod(o.valabila_de_la, o.valabila_pana_la),
    valid_from: o.valabila_de_la,
    valid_until: o.valabila_pana_la,
    monthly_fee: microToDecimal(o.abonament_lunar, 2),
    green_share_percent: o.procent_energie_verde,
    contract_months: o.durata_contract_luni,
    consumption_type: "casnic",
    breakdown: {
      energy: microToDecimal(o.pret_energie, 4),
      distribution: microToDecimal(o.tarif_distributie, 4),
      regulated: microToDecimal(o.alte_componente, 4),
      vat: microToDecimal(o.tva, 4),
    },
    metadata: { offerId: id, source: "comparator", zone: zoneId },
  };
}
