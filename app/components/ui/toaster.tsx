// Toasts of the spec (§8): title + message, destructive or not, each with its own duration (6–8 s).
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { TEXTS } from "~/texts/user";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "success" | "warning" | "destructive";
  durationMs?: number;
}

interface Toast extends ToastInput {
  id: number;
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: ToastInput) => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-3), { ...toast, id }]);
      window.setTimeout(() => dismiss(id), toast.durationMs ?? 6_000);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" aria-live="polite" aria-atomic="false">
        {toasts.map((t) => (
          <div
            key={t.id}
            className={`toast ${t.variant ?? "default"}`}
            role={t.variant === "destructive" ? "alert" : "status"}
          >
            <div>
              <p className="toast-title">{t.title}</p>
              {t.description && t.description !== t.title ? <p className="toast-text">{t.description}</p> : null}
            </div>
            <button type="button" className="toast-close" aria-label={TEXTS.ui.close} onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
