// Wizard step 4 (user spec §2, §4): old supplier (from the bill) versus new supplier, the chosen
// documents with the data read from them (a spinner per part while it loads), the estimated savings,
// then the confirmation form — title-holder quality (default Proprietar), consumer type (prosumers
// blocked), terms, the 15-minute banner — sent to POST /api/users/request-supplier-switch.
import { getFormProps, useForm } from "@conform-to/react";
import { useNavigate } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useToast } from "~/components/ui/toaster";
import { formatRoDay } from "~/lib/dates";
import { parseWithZod } from "~/lib/forms";
import { formatLei, formatPricePerKwh } from "~/lib/money";
import { validityPeriod } from "~/lib/offers";
import { createSwitchRequestSchema } from "~/lib/schemas/switch-request";
import { baniToLei, estimateMonthlySavings } from "~/lib/switch-savings";
import { CONSUMER_TYPES, DEFAULT_TITLE_HOLDER_QUALITY, TITLE_HOLDER_QUALITIES, submitErrorMessage } from "~/lib/switching";
import { TEXTS } from "~/texts/user";
import { fetchExtraction, forgetLocalSwitchContext, submitSwitchRequest, type ProcessingStatus } from "./switching-client";

/** How long the success toast stays before the history opens (spec §2: "after about 2 seconds"). */
export const REDIRECT_AFTER_SUBMIT_MS = 2_000;

export interface SummaryOffer {
  offerId: string;
  supplierId: string;
  supplierName: string;
  name: string;
  pricePerKwh: string;
  priceMicroLei: number;
  monthlyFeeBani: number;
  validFrom: string;
  validUntil: string | null;
}

interface SummaryStepProps {
  offer: SummaryOffer;
  desiredSwitchDate: string;
  identityDocumentId: string;
  billDocumentId: string;
  meterReading: { id: string; value: string };
  contextSavingsLei: number | null;
  onBack: () => void;
}

type Extraction = { state: "loading" } | { state: "failed" } | { state: "ready"; data: Record<string, unknown> };

function useExtraction(documentId: string): Extraction {
  const [extraction, setExtraction] = useState<Extraction>({ state: "loading" });
  useEffect(() => {
    let live = true;
    setExtraction({ state: "loading" });
    fetchExtraction(documentId)
      .then((answer) => {
        if (!live) return;
        const data = answer.ok ? (answer.data as ProcessingStatus).extractedData : null;
        setExtraction(data ? { state: "ready", data } : { state: "failed" });
      })
      .catch((error: unknown) => {
        if (!(error instanceof TypeError)) throw error;
        if (live) setExtraction({ state: "failed" });
      });
    return () => {
      live = false;
    };
  }, [documentId]);
  return extraction;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const day = (value: unknown): string | null => {
  const v = text(value);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatRoDay(v) : v;
};
const part = (data: Record<string, unknown>, key: string) => (data[key] ?? {}) as Record<string, unknown>;

function Facts({ rows }: { rows: [string, string | null][] }) {
  return (
    <dl className="facts summary-facts">
      {rows
        .filter(([, value]) => value !== null)
        .map(([label, value]) => (
          <div key={label} className="fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function SummaryPart({ title, extraction, children }: { title: string; extraction: Extraction; children: (data: Record<string, unknown>) => ReactNode }) {
  const t = TEXTS.switching;
  return (
    <section className="summary-part" aria-busy={extraction.state === "loading"}>
      <h3>{title}</h3>
      {extraction.state === "loading" ? (
        <p className="muted" role="status">
          <span className="spinner dark" aria-hidden="true" /> {t.extractedLoading}
        </p>
      ) : extraction.state === "failed" ? (
        <p className="notice error">{t.extractedFailed}</p>
      ) : (
        children(extraction.data)
      )}
    </section>
  );
}

export function SummaryStep({ offer, desiredSwitchDate, identityDocumentId, billDocumentId, meterReading, contextSavingsLei, onBack }: SummaryStepProps) {
  const t = TEXTS.switching;
  const f = t.fields;
  const toast = useToast();
  const navigate = useNavigate();
  const identity = useExtraction(identityDocumentId);
  const bill = useExtraction(billDocumentId);
  const [consumerType, setConsumerType] = useState<string>("casnic");
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const prosumer = consumerType === "prosumator";

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => navigate("/istoric-schimbari"), REDIRECT_AFTER_SUBMIT_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  const billData = bill.state === "ready" ? bill.data : null;
  const basic = billData ? part(billData, "basicInfo") : {};
  const consumption = billData ? part(billData, "consumptionData") : {};
  const period = (basic.billingPeriod ?? null) as { start: string | null; end: string | null } | null;
  const savings = estimateMonthlySavings(
    billData
      ? {
          consumptionKwh: typeof consumption.consumption === "number" ? consumption.consumption : null,
          pricePerKwh: text(basic.pricePerKwh),
          periodStart: period?.start ?? null,
          periodEnd: period?.end ?? null,
        }
      : null,
    offer,
    contextSavingsLei === null ? null : Math.round(contextSavingsLei * 100),
  );

  const [form, fields] = useForm({
    id: "switch-confirm",
    shouldValidate: "onSubmit",
    defaultValue: { titleHolderQuality: DEFAULT_TITLE_HOLDER_QUALITY, consumerType: "casnic" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createSwitchRequestSchema() }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success" || sending || sent) return;
      setSending(true);
      try {
        const { status, body } = await submitSwitchRequest(submission.value);
        if (status === 201 && body?.success) {
          toast({ title: t.submitSucceeded, description: t.submitSucceededMessage, variant: "success", durationMs: 8_000 });
          forgetLocalSwitchContext();
          setSent(true);
          return;
        }
        toast({ title: t.submitFailedTitle, description: submitErrorMessage(status, body), variant: "destructive", durationMs: 6_000 });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        toast({ title: t.submitFailedTitle, description: t.submitFailed, variant: "destructive", durationMs: 6_000 });
      } finally {
        setSending(false);
      }
    },
  });

  return (
    <div className="wizard-summary">
      <div className="supplier-compare">
        <div className="supplier-card old">
          <p className="supplier-card-label">{t.oldSupplier}</p>
          <p className="supplier-card-name">
            {bill.state === "loading" ? <span className="spinner dark" aria-hidden="true" /> : (text(basic.supplierName) ?? t.unknownSupplier)}
          </p>
          {text(basic.pricePerKwh) ? (
            <p className="supplier-card-price">
              {t.currentPrice}: <strong>{t.perKwh(formatPricePerKwh(basic.pricePerKwh as string))}</strong>
            </p>
          ) : null}
        </div>
        <span className="supplier-arrow" aria-hidden="true">
          →
        </span>
        <div className="supplier-card new">
          <p className="supplier-card-label">{t.newSupplier}</p>
          <p className="supplier-card-name">{offer.supplierName}</p>
          <p className="supplier-card-price">
            {t.newPrice}: <strong>{t.perKwh(formatPricePerKwh(offer.pricePerKwh))}</strong>
          </p>
        </div>
      </div>

      <Facts
        rows={[
          [t.chosenOffer, offer.name],
          [t.offerValidity, validityPeriod(offer.validFrom, offer.validUntil)],
          [t.desiredDate, formatRoDay(desiredSwitchDate)],
          [
            savings.monthlySavingsBani !== null && savings.monthlySavingsBani < 0 ? t.estimatedExtraCost : t.estimatedSavings,
            savings.monthlySavingsBani === null ? t.savingsUnknown : t.perMonth(formatLei(Math.abs(baniToLei(savings.monthlySavingsBani)))),
          ],
        ]}
      />

      <div className="summary-parts">
        <SummaryPart title={t.identitySummary} extraction={identity}>
          {(data) => (
            <Facts
              rows={[
                [f.name, [text(data.lastName), text(data.firstName)].filter(Boolean).join(" ") || null],
                [f.cnp, text(data.cnp)],
                [f.documentNumber, text(data.documentNumber)],
                [f.birthDate, day(data.dateOfBirth)],
                [f.address, text(data.address)],
                [f.expiryDate, day(data.expiryDate)],
              ]}
            />
          )}
        </SummaryPart>
        <SummaryPart title={t.billSummary} extraction={bill}>
          {(data) => {
            const b = part(data, "basicInfo");
            const customer = part(data, "customerInfo");
            const totals = part(data, "totalAmounts");
            const used = part(data, "consumptionData");
            const billPeriod = (b.billingPeriod ?? null) as { start: string | null; end: string | null } | null;
            return (
              <Facts
                rows={[
                  [f.supplier, text(b.supplierName)],
                  [f.customer, text(customer.customerName)],
                  [f.pod, text(b.pod)],
                  [f.clientCode, text(customer.clientCode)],
                  [f.billNumber, text(b.billFullNumber)],
                  [f.billDate, day(b.billDate)],
                  [f.period, billPeriod?.start && billPeriod.end ? `${formatRoDay(billPeriod.start)} – ${formatRoDay(billPeriod.end)}` : null],
                  [f.consumption, typeof used.consumption === "number" ? `${used.consumption} kWh` : null],
                  [f.total, text(totals.totalWithVAT) ? `${formatLei(Number(totals.totalWithVAT))} lei` : null],
                  [f.pricePerKwh, text(b.pricePerKwh) ? t.perKwh(formatPricePerKwh(b.pricePerKwh as string)) : null],
                ]}
              />
            );
          }}
        </SummaryPart>
        <section className="summary-part">
          <h3>{t.meterSummary}</h3>
          <p className="meter-value">{meterReading.value}</p>
        </section>
      </div>

      <form {...getFormProps(form)} className="confirm-form" noValidate>
        <input type="hidden" name="targetSupplierId" value={offer.supplierId} />
        <input type="hidden" name="offerId" value={offer.offerId} />
        <input type="hidden" name="desiredSwitchDate" value={desiredSwitchDate} />
        <input type="hidden" name="switchType" value="automatic" />
        <input type="hidden" name="switchReason" value="cost_savings" />
        <input type="hidden" name="selectedDocuments.idDocumentId" value={identityDocumentId} />
        <input type="hidden" name="selectedDocuments.invoiceDocumentId" value={billDocumentId} />
        <input type="hidden" name="selectedDocuments.meterReadingId" value={meterReading.id} />

        <div className="field">
          <label htmlFor={fields.titleHolderQuality.id}>{t.titleHolderQuality}</label>
          <select
            id={fields.titleHolderQuality.id}
            name={fields.titleHolderQuality.name}
            defaultValue={DEFAULT_TITLE_HOLDER_QUALITY}
            className="input"
          >
            {TITLE_HOLDER_QUALITIES.map((quality) => (
              <option key={quality} value={quality}>
                {quality}
              </option>
            ))}
          </select>
          {fields.titleHolderQuality.errors ? <p className="field-error">{fields.titleHolderQuality.errors[0]}</p> : null}
        </div>

        <fieldset className="field consumer-type">
          <legend>{t.consumerType}</legend>
          {CONSUMER_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input type="radio" name={fields.consumerType.name} value={type} checked={consumerType === type} onChange={() => setConsumerType(type)} />
              {t.consumerTypes[type]}
            </label>
          ))}
        </fieldset>
        {prosumer ? (
          <div className="notice error" role="alert">
            <p className="notice-title">{t.prosumerTitle}</p>
            <p>{t.prosumerMessage}</p>
          </div>
        ) : null}

        <label className="checkbox terms">
          <input type="checkbox" name={fields.termsAccepted.name} checked={termsAccepted} onChange={(e) => setTermsAccepted(e.target.checked)} />
          <span>{t.termsAccept}</span>
        </label>

        <p className="notice info banner" role="note">
          {t.banner}
        </p>

        <div className="wizard-nav">
          <button type="button" className="button secondary" onClick={onBack} disabled={sending || sent}>
            {t.back}
          </button>
          <button type="submit" className="button primary" disabled={sending || sent || prosumer || !termsAccepted}>
            {sending ? (
              <>
                <span className="spinner" aria-hidden="true" /> {t.submitting}
              </>
            ) : (
              t.submit
            )}
          </button>
        </div>
      </form>
    </div>
  );
}
