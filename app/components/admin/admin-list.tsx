// The blocks every admin list page repeats (documents, users, the switch requests' 'Toate cererile'):
// the first load's status line, the failed load with its reload button, the found count, the empty
// state and the pager 'Pagina X din Y' with Anterior / Următor (admin spec §5, §8). Each page keeps its
// own texts and decides when the pager shows.
import { useCallback, useEffect, useRef } from "react";
import { pageControls } from "~/lib/admin-queues";

export type ListLoadState = "loading" | "ready" | "error";

/**
 * A signal for each new load that aborts the one before: of overlapping loads only the newest may
 * show its answer (the first page asked for on mount can answer after a search asked for later, and
 * must not replace the search's rows).
 */
export function useNewestLoad(): () => AbortSignal {
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  return useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    return controller.signal;
  }, []);
}

/** The spinner line while nothing is loaded yet, and the inline error with a reload button. */
export function ListLoadStatus({
  state,
  loaded,
  loadingText,
  errorText,
  reloadText,
  onReload,
}: {
  state: ListLoadState;
  /** a listing is on screen: a reload keeps it instead of showing the loading line */
  loaded: boolean;
  loadingText: string;
  errorText: string;
  reloadText: string;
  onReload: () => void;
}) {
  return (
    <>
      {state === "loading" && !loaded ? (
        <p className="admin-card admin-empty" role="status">
          {loadingText}
        </p>
      ) : null}
      {state === "error" ? (
        <div className="admin-card admin-inline-error" role="alert">
          <p>{errorText}</p>
          <button type="button" className="button secondary small" onClick={onReload}>
            {reloadText}
          </button>
        </div>
      ) : null}
    </>
  );
}

export function ListCount({ text }: { text: string }) {
  return (
    <p className="admin-muted request-count" aria-live="polite">
      {text}
    </p>
  );
}

export function ListEmpty({ text }: { text: string }) {
  return <p className="admin-card admin-empty">{text}</p>;
}

export interface PagerTexts {
  page: (page: number, pages: number) => string;
  previous: string;
  next: string;
}

/** Previous and next step one page from the page asked for; both are disabled while a page loads. */
export function ListPagination({
  page,
  pages,
  busy,
  texts,
  onStep,
}: {
  page: number;
  pages: number;
  busy: boolean;
  texts: PagerTexts;
  onStep: (delta: -1 | 1) => void;
}) {
  const controls = pageControls(page, pages);
  return (
    <nav className="admin-pagination" aria-label={texts.page(page, pages)}>
      <button
        type="button"
        className="button secondary small"
        disabled={!controls.hasPrevious || busy}
        onClick={() => onStep(-1)}
      >
        {texts.previous}
      </button>
      <span>{texts.page(page, pages)}</span>
      <button
        type="button"
        className="button secondary small"
        disabled={!controls.hasNext || busy}
        onClick={() => onStep(1)}
      >
        {texts.next}
      </button>
    </nav>
  );
}
