// A modal on the native <dialog>: focus trapping, Escape and the backdrop come from the browser.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { TEXTS } from "~/texts/user";

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

export function Modal({ open, title, onClose, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ""}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, not on its content.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="modal-body">
          <div className="modal-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-button modal-close" aria-label={TEXTS.ui.close} onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
