// The how-it-works dialog a signed-out visitor sees after choosing an offer: 5 steps, 'Începe Procesul'.
import { Modal } from "~/components/ui/modal";
import { TEXTS } from "~/texts/user";

export function SwitchStepsDialog({ open, onClose, onStart }: { open: boolean; onClose: () => void; onStart: () => void }) {
  const t = TEXTS.switchDialog;
  return (
    <Modal open={open} title={t.title} onClose={onClose}>
      <p className="modal-intro">{t.intro}</p>
      <ol className="dialog-steps">
        {t.steps.map((step, i) => (
          <li key={step.title}>
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <p className="dialog-step-title">{step.title}</p>
              <p className="dialog-step-text">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="note">{TEXTS.claims.prosumers}</p>
      <button type="button" className="button primary wide" onClick={onStart}>
        {t.start}
      </button>
    </Modal>
  );
}
