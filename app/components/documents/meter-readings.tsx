// Meter readings on the documents page (user spec §2, §5): the history and a form for a new reading
// (index, date, optional photo). The index keeps only letters, digits, dot, comma and hyphen while
// typing; the same zod schema checks it here and in POST /api/documents/meter-reading.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { acceptedFor, checkFileBeforeUpload } from "~/lib/documents";
import { bucharestDay, formatRoDay } from "~/lib/dates";
import { parseWithZod } from "~/lib/forms";
import { meterReadingSchema, sanitizeMeterIndex } from "~/lib/schemas/meter-reading";
import { TEXTS } from "~/texts/user";
import { DocumentsApiError, fetchMeterHistory, submitMeterReading, type MeterReadingItem } from "./documents-client";

interface MeterReadingsProps {
  initial: MeterReadingItem[] | null;
  onPhotoUploaded: () => void;
  onSessionExpired: () => void;
}

export function MeterReadings({ initial, onPhotoUploaded, onSessionExpired }: MeterReadingsProps) {
  const t = TEXTS.meter;
  const toast = useToast();
  const [history, setHistory] = useState<MeterReadingItem[] | null>(initial);
  const [loadState, setLoadState] = useState<"ready" | "loading" | "error">(initial ? "ready" : "error");
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  async function reload() {
    setLoadState("loading");
    try {
      setHistory(await fetchMeterHistory());
      setLoadState("ready");
    } catch (error) {
      if (!(error instanceof DocumentsApiError)) throw error;
      setLoadState("error");
      if (error.unauthorized) onSessionExpired();
    }
  }

  const [form, fields] = useForm({
    id: `meter-reading-${formKey}`,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { readingDate: bucharestDay() },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: meterReadingSchema() }),
    async onSubmit(event, { submission, formData }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const photo = formData.get("documents");
      const file = photo instanceof File && photo.size > 0 ? photo : null;
      if (file) {
        const problem = checkFileBeforeUpload(file, "poza_contor");
        if (problem) {
          toast({ title: problem === "too_large" ? TEXTS.documents.fileTooLarge : TEXTS.documents.unsupportedType, description: t.photoMustBeImage, variant: "destructive" });
          return;
        }
      }
      setBusy(true);
      try {
        const reading = await submitMeterReading({ ...submission.value, photo: file });
        setHistory((list) => [reading, ...(list ?? [])]);
        toast({ title: t.submitted, variant: "success" });
        setValue("");
        setFormKey((k) => k + 1);
        if (file) onPhotoUploaded();
      } catch (error) {
        if (!(error instanceof DocumentsApiError)) throw error;
        toast({ title: t.errorTitle, description: error.message, variant: "destructive" });
        if (error.unauthorized) onSessionExpired();
      } finally {
        setBusy(false);
      }
    },
  });

  return (
    <section className="card meter-card" aria-labelledby="meter-title">
      <h2 id="meter-title">{t.title}</h2>
      <form {...getFormProps(form)} key={formKey} className="meter-form" noValidate>
        <div className="meter-form-row">
          <div className="field">
            <label htmlFor={fields.readingValue.id}>{t.value}</label>
            <input
              id={fields.readingValue.id}
              name={fields.readingValue.name}
              type="text"
              aria-invalid={fields.readingValue.errors ? true : undefined}
              aria-describedby={fields.readingValue.errors ? fields.readingValue.errorId : "meter-value-hint"}
              className={`input${fields.readingValue.errors ? " invalid" : ""}`}
              inputMode="text"
              autoComplete="off"
              placeholder="12345"
              value={value}
              onChange={(event) => setValue(sanitizeMeterIndex(event.target.value))}
            />
            {fields.readingValue.errors ? (
              <p className="field-error" id={fields.readingValue.errorId}>
                {fields.readingValue.errors[0]}
              </p>
            ) : (
              <p className="hint" id="meter-value-hint">
                {t.valueHint}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={fields.readingDate.id}>{t.date}</label>
            <input
              {...getInputProps(fields.readingDate, { type: "date" })}
              className={`input${fields.readingDate.errors ? " invalid" : ""}`}
              max={bucharestDay()}
            />
            {fields.readingDate.errors ? (
              <p className="field-error" id={fields.readingDate.errorId}>
                {fields.readingDate.errors[0]}
              </p>
            ) : null}
          </div>
        </div>
        <div className="field">
          <label htmlFor="meter-photo">{t.photo}</label>
          <input id="meter-photo" className="input file-input" type="file" name="documents" accept={acceptedFor("poza_contor").accept} />
          <p className="hint">{TEXTS.documents.maxSize}</p>
        </div>
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" /> {t.submitting}
            </>
          ) : (
            t.submit
          )}
        </button>
      </form>

      <h3 className="meter-history-title">{t.historyTitle}</h3>
      {loadState === "loading" ? (
        <p className="muted" role="status">
          <span className="spinner dark" aria-hidden="true" /> {TEXTS.search.countyLoading}
        </p>
      ) : loadState === "error" ? (
        <div className="notice error" role="alert">
          <p>{TEXTS.documents.meterLoadFailed}</p>
          <button type="button" className="link-button" onClick={() => void reload()}>
            {TEXTS.documents.retry}
          </button>
        </div>
      ) : history && history.length > 0 ? (
        <ul className="meter-history">
          {history.map((reading) => (
            <li key={reading.id}>
              <span className="meter-value">{reading.value}</span>
              <span className="muted">{formatRoDay(reading.date)}</span>
              <span className={`status-badge ${reading.validated ? "ok" : "busy"}`}>{reading.validated ? t.validated : t.inProcessing}</span>
              <span className="muted">{reading.hasPhoto ? t.withPhoto : t.withoutPhoto}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t.empty}</p>
      )}
    </section>
  );
}
