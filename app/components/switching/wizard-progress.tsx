// The wizard's step progress bar (user spec §2): step/4 with the labels ID, Factură, Index, Confirmare.
import { WIZARD_STEP_COUNT } from "~/lib/switching";
import { TEXTS } from "~/texts/user";

export function WizardProgress({ step }: { step: number }) {
  const t = TEXTS.switching;
  return (
    <div className="wizard-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label={t.stepOf(step, WIZARD_STEP_COUNT)}
        aria-valuemin={1}
        aria-valuemax={WIZARD_STEP_COUNT}
        aria-valuenow={step}
      >
        <div className="progress-bar" style={{ width: `${(step / WIZARD_STEP_COUNT) * 100}%` }} />
      </div>
      <ol className="wizard-steps">
        {t.stepLabels.map((label, i) => {
          const number = i + 1;
          const state = number < step ? "done" : number === step ? "current" : "todo";
          return (
            <li key={label} className={`wizard-step ${state}`} aria-current={state === "current" ? "step" : undefined}>
              <span className="wizard-step-number" aria-hidden="true">
                {state === "done" ? "✓" : number}
              </span>
              <span className="wizard-step-label">{label}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
