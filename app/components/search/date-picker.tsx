// A Romanian calendar: Monday first, month names in Romanian, days before `minDay` disabled.
import { useCallback, useId, useRef, useState } from "react";
import { useDismiss } from "~/components/ui/use-dismiss";
import { RO_MONTHS, RO_WEEKDAYS_SHORT, formatRoDayLong, monthGrid } from "~/lib/dates";

interface DatePickerProps {
  name: string;
  label: string;
  hint: string;
  value: string;
  minDay: string;
  onChange: (day: string) => void;
  error?: string;
}

function monthOf(day: string): { year: number; month: number } {
  const [y, m] = day.split("-").map(Number) as [number, number];
  return { year: y, month: m - 1 };
}

export function DatePicker({ name, label, hint, value, minDay, onChange, error }: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState(() => monthOf(value || minDay));
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, rootRef, close);

  const minMonth = monthOf(minDay);
  const atFirstMonth = view.year === minMonth.year && view.month === minMonth.month;
  const shift = (delta: number) =>
    setView(({ year, month }) => {
      const next = new Date(Date.UTC(year, month + delta, 1));
      return { year: next.getUTCFullYear(), month: next.getUTCMonth() };
    });

  return (
    <div className="field date-picker" ref={rootRef}>
      <label htmlFor={`${id}-button`}>{label}</label>
      <input type="hidden" name={name} value={value} />
      <button
        id={`${id}-button`}
        type="button"
        className={`input date-trigger${error ? " invalid" : ""}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={`${id}-hint`}
        onClick={() => {
          setView(monthOf(value || minDay));
          setOpen((o) => !o);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 8h14v10H5V10z"
          />
        </svg>
        <span>{value ? formatRoDayLong(value) : "Alege data"}</span>
      </button>
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      {error ? <p className="field-error">{error}</p> : null}
      {open ? (
        <div className="calendar" role="dialog" aria-label="Alege data">
          <div className="calendar-head">
            <button
              type="button"
              className="icon-button"
              onClick={() => shift(-1)}
              disabled={atFirstMonth}
              aria-label="Luna anterioară"
            >
              ‹
            </button>
            <span className="calendar-title" aria-live="polite">
              {RO_MONTHS[view.month]} {view.year}
            </span>
            <button type="button" className="icon-button" onClick={() => shift(1)} aria-label="Luna următoare">
              ›
            </button>
          </div>
          <div className="calendar-grid" role="grid">
            {RO_WEEKDAYS_SHORT.map((d) => (
              <span key={d} className="calendar-weekday" role="columnheader">
                {d}
              </span>
            ))}
            {monthGrid(view.year, view.month).map((day, i) =>
              day ? (
                <button
                  key={day}
                  type="button"
                  role="gridcell"
                  className={`calendar-day${day === value ? " selected" : ""}`}
                  disabled={day < minDay}
                  aria-selected={day === value}
                  aria-label={formatRoDayLong(day)}
                  data-day={day}
                  onClick={() => {
                    onChange(day);
                    setOpen(false);
                  }}
                >
                  {Number(day.slice(8))}
                </button>
              ) : (
                <span key={`blank-${i}`} />
              ),
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
