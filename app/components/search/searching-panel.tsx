// Shown only while an offer-collection job really runs (user spec §2 Searching state).
import { useEffect, useState } from "react";
import {
  SEARCH_COUNTDOWN_SECONDS,
  advanceSearchProgress,
  formatCountdown,
  initialSearchProgress,
  rotationDelay,
} from "~/lib/search-progress";
import { TEXTS } from "~/texts/user";

export function SearchingPanel({ countyName, onCountdownEnd }: { countyName: string; onCountdownEnd?: () => void }) {
  const t = TEXTS.search;
  const names = t.loaderSuppliers;
  const [progress, setProgress] = useState(initialSearchProgress);
  const [secondsLeft, setSecondsLeft] = useState(SEARCH_COUNTDOWN_SECONDS);

  useEffect(() => {
    const timer = window.setTimeout(
      () => setProgress((p) => advanceSearchProgress(p, names.length)),
      rotationDelay(progress, names.length),
    );
    return () => window.clearTimeout(timer);
  }, [progress, names.length]);

  useEffect(() => {
    if (secondsLeft <= 0) {
      onCountdownEnd?.();
      return;
    }
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, onCountdownEnd]);

  const percent = Math.round(progress.progress);
  return (
    <section className="searching" aria-live="polite" aria-busy="true" aria-labelledby="searching-title">
      <h2 id="searching-title">{t.searchingTitle}</h2>
      <p className="searching-county">{countyName}</p>
      <p className="searching-supplier" data-testid="searching-supplier">
        <span className="spinner dark" aria-hidden="true" /> {t.checkingSupplier(names[progress.nameIndex]!)}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t.searchingTitle}
      >
        <div className="progress-bar" style={{ width: `${progress.progress}%` }} />
      </div>
      <p className="searching-countdown">
        {t.searchingCountdown} <strong>{formatCountdown(secondsLeft)}</strong>
      </p>
      <p className="hint">{t.searchingTip}</p>
    </section>
  );
}
