// /schimba-furnizor (user spec §2, §4 "Wizard"): four steps — identity document, bill, meter index,
// confirmation. Continue needs a verified identity document, a verified bill, a non-empty index; the
// index is sent when step 3 is left (an error keeps the user there). Documents in flight are polled
// (the live channel comes with its own issue).
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLiveEvents, useLiveStatus } from "~/components/live/user-live";
import { DocumentsApiError, fetchDocuments, submitMeterReading, type DocumentItem, type MeterReadingItem } from "~/components/documents/documents-client";
import { useToast } from "~/components/ui/toaster";
import { bucharestDay, formatRoDay } from "~/lib/dates";
import { isInFlight } from "~/lib/documents";
import { METER_INDEX_MAX_LENGTH, meterReadingSchema, sanitizeMeterIndex } from "~/lib/schemas/meter-reading";
import { WIZARD_STEP_COUNT, canLeaveStep, wizardDocuments } from "~/lib/switching";
import { TEXTS } from "~/texts/user";
import { DocumentStep } from "./document-step";
import { SummaryStep, type SummaryOffer } from "./summary-step";
import { WizardProgress } from "./wizard-progress";

/** While a document is being read; documents waiting for an operator are checked less often. */
export const WIZARD_POLL_MS = 3_000;
export const WIZARD_REVIEW_POLL_MS = 15_000;

export interface SwitchWizardProps {
  offer: SummaryOffer;
  desiredSwitchDate: string;
  contextSavingsLei: number | null;
  documents: DocumentItem[];
  lastMeterReading: MeterReadingItem | null;
}

/** The newest verified document of a type (lists are newest first): the default choice. */
function newestVerified(documents: DocumentItem[]): string | null {
  return documents.find((d) => d.status === "verified")?.id ?? null;
}

export function SwitchWizard({ offer, desiredSwitchDate, contextSavingsLei, documents: initialDocuments, lastMeterReading }: SwitchWizardProps) {
  const t = TEXTS.switching;
  const toast = useToast();
  const [step, setStep] = useState(1);
  const [documents, setDocuments] = useState<DocumentItem[]>(initialDocuments);
  const identityDocuments = wizardDocuments(documents, "document_identitate");
  const billDocuments = wizardDocuments(documents, "ultima_factura");
  const [identityId, setIdentityId] = useState<string | null>(() => newestVerified(identityDocuments));
  const [billId, setBillId] = useState<string | null>(() => newestVerified(billDocuments));
  const [meterIndex, setMeterIndex] = useState("");
  const [meterError, setMeterError] = useState<string | null>(null);
  const [meterReading, setMeterReading] = useState<{ id: string; value: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sessionExpired, setSessionExpired] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const expire = useCallback(() => {
    setSessionExpired(true);
    toast({ title: t.sessionExpiredTitle, description: TEXTS.auth.sessionExpired, variant: "destructive" });
  }, [toast, t.sessionExpiredTitle]);

  const refresh = useCallback(async () => {
    try {
      setDocuments(await fetchDocuments());
    } catch (error) {
      if (error instanceof DocumentsApiError && error.unauthorized) expire();
      // A failed background refresh keeps the list on screen; the next tick tries again.
      else if (!(error instanceof DocumentsApiError || (error instanceof DOMException && error.name === "TimeoutError"))) throw error;
    }
  }, [expire]);

  const shown = [...identityDocuments, ...billDocuments];
  const moving = shown.some(isInFlight);
  const reviewing = shown.some((d) => d.status === "pending" && d.awaitingReview);
  // Pushed document events refresh the list; polling only while the live channel is down.
  const live = useLiveStatus() === "connected";
  useLiveEvents(
    (stream) => stream.startsWith("document_processing_"),
    () => {
      if (!sessionExpired) void refresh();
    },
  );
  useEffect(() => {
    if (sessionExpired || live || (!moving && !reviewing)) return;
    const timer = window.setInterval(() => void refresh(), moving ? WIZARD_POLL_MS : WIZARD_REVIEW_POLL_MS);
    return () => window.clearInterval(timer);
  }, [moving, reviewing, sessionExpired, live, refresh]);

  // A document that just became verified is chosen when nothing is chosen yet.
  const firstIdentity = newestVerified(identityDocuments);
  const firstBill = newestVerified(billDocuments);
  useEffect(() => {
    if (!identityId && firstIdentity) setIdentityId(firstIdentity);
  }, [identityId, firstIdentity]);
  useEffect(() => {
    if (!billId && firstBill) setBillId(firstBill);
  }, [billId, firstBill]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);

  const onUploaded = (uploaded: DocumentItem[]) => {
    if (uploaded.length === 0) void refresh();
    else setDocuments((list) => [...uploaded, ...list.filter((d) => !uploaded.some((u) => u.id === d.id))]);
  };

  const identity = identityDocuments.find((d) => d.id === identityId) ?? null;
  const bill = billDocuments.find((d) => d.id === billId) ?? null;
  const allowed = canLeaveStep(step, { identity, bill, meterIndex, termsAccepted: false });
  const summaryReady = identity !== null && bill !== null && meterReading !== null;

  /** Spec §4: leaving step 3 first sends the reading; an error keeps the user on the step. */
  async function sendMeterReading(): Promise<boolean> {
    const value = meterIndex.trim();
    if (meterReading?.value === value) return true;
    const parsed = meterReadingSchema().safeParse({ readingValue: value, readingDate: bucharestDay() });
    if (!parsed.success) {
      setMeterError(parsed.error.issues[0]?.message ?? TEXTS.meter.invalid);
      return false;
    }
    setBusy(true);
    try {
      const reading = await submitMeterReading({ ...parsed.data, photo: null });
      setMeterReading({ id: reading.id, value: reading.value });
      return true;
    } catch (error) {
      if (!(error instanceof DocumentsApiError || error instanceof TypeError)) throw error;
      toast({ title: t.errorTitle, description: error.message, variant: "destructive" });
      if (error instanceof DocumentsApiError && error.unauthorized) expire();
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function next() {
    if (!allowed || busy) return;
    if (step === 3 && !(await sendMeterReading())) return;
    setStep((s) => Math.min(WIZARD_STEP_COUNT, s + 1));
  }

  if (sessionExpired) {
    return (
      <div className="notice error" role="alert">
        <p className="notice-title">{t.sessionExpiredTitle}</p>
        <p>{TEXTS.auth.sessionExpired}</p>
        <Link to="/login?redirectTo=%2Fschimba-furnizor">{TEXTS.footer.login}</Link>
      </div>
    );
  }

  return (
    <div className="wizard">
      <WizardProgress step={step} />
      <div className="card wizard-card">
        <p className="muted wizard-step-count">{t.stepOf(step, WIZARD_STEP_COUNT)}</p>
        <h2 ref={heading} tabIndex={-1}>
          {t.stepTitles[step - 1]}
        </h2>

        {step === 1 ? (
          <DocumentStep
            type="document_identitate"
            documents={identityDocuments}
            selectedId={identityId}
            onSelect={setIdentityId}
            onUploaded={onUploaded}
            onSessionExpired={expire}
          />
        ) : step === 2 ? (
          <DocumentStep
            type="ultima_factura"
            documents={billDocuments}
            selectedId={billId}
            onSelect={setBillId}
            onUploaded={onUploaded}
            onSessionExpired={expire}
          />
        ) : step === 3 ? (
          <div className="wizard-meter">
            <p className="muted">{t.meterIntro}</p>
            <div className="field">
              <label htmlFor="wizard-meter-index">{TEXTS.meter.value}</label>
              <input
                id="wizard-meter-index"
                className={`input${meterError ? " invalid" : ""}`}
                type="text"
                inputMode="text"
                autoComplete="off"
                placeholder="12345"
                maxLength={METER_INDEX_MAX_LENGTH}
                value={meterIndex}
                aria-invalid={meterError ? true : undefined}
                aria-describedby={meterError ? "wizard-meter-error" : "wizard-meter-hint"}
                onChange={(event) => {
                  setMeterIndex(sanitizeMeterIndex(event.target.value));
                  setMeterError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter") void next();
                }}
              />
              {meterError ? (
                <p className="field-error" id="wizard-meter-error">
                  {meterError}
                </p>
              ) : (
                <p className="hint" id="wizard-meter-hint">
                  {TEXTS.meter.valueHint}
                </p>
              )}
              {lastMeterReading ? <p className="hint">{t.meterPrevious(lastMeterReading.value, formatRoDay(lastMeterReading.date))}</p> : null}
            </div>
          </div>
        ) : summaryReady ? (
          <SummaryStep
            offer={offer}
            desiredSwitchDate={desiredSwitchDate}
            identityDocumentId={identity.id}
            billDocumentId={bill.id}
            meterReading={meterReading}
            contextSavingsLei={contextSavingsLei}
            onBack={() => setStep(3)}
          />
        ) : (
          // A chosen document went away meanwhile (deleted in another tab): back to choose again.
          <p className="notice error">{t.selectVerified}</p>
        )}

        {step < WIZARD_STEP_COUNT || !summaryReady ? (
          <div className="wizard-nav">
            {step > 1 ? (
              <button type="button" className="button secondary" onClick={() => setStep((s) => s - 1)} disabled={busy}>
                {t.back}
              </button>
            ) : (
              <span />
            )}
            {step < WIZARD_STEP_COUNT ? (
              <button type="button" className="button primary" onClick={() => void next()} disabled={!allowed || busy}>
                {busy ? <span className="spinner" aria-hidden="true" /> : null} {t.next}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
