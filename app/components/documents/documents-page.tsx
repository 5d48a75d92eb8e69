// /documente (user spec §2 "Documents"): the tabs 'Documentele Mele' / 'De la Furnizori', the upload
// areas, the list with live status and the meter readings. While the live channel is up, the list is
// re-read when it pushes a document or meter-reading event (coalesced over 1 s); while it is not,
// the list is polled as long as a document is pending or processing.
import { Link } from "@remix-run/react";
import { PIPELINE_TEXTS } from "~/texts/pipeline";
import type { SupplierDocumentView } from "~/server/switching/contract-files.server";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLiveEvents, useLiveStatus } from "~/components/live/user-live";
import { useToast } from "~/components/ui/toaster";
import { formatUploadTime, isInFlight } from "~/lib/documents";
import { TEXTS } from "~/texts/user";
import { DocumentList } from "./document-list";
import { DocumentsApiError, fetchDocuments, type DocumentItem, type MeterReadingItem } from "./documents-client";
import { MeterReadings } from "./meter-readings";
import { UploadArea } from "./upload-area";

/** How often the list is refreshed while something is being processed and the live channel is down. */
export const POLL_INTERVAL_MS = 3_000;

type LoadState = "ready" | "loading" | "error" | "session_expired";

interface DocumentsPageProps {
  /** contracts from suppliers ('De la Furnizori'); null when they could not be loaded */
  supplierDocuments?: SupplierDocumentView[] | null;
  initialDocuments: DocumentItem[] | null;
  initialMeterHistory: MeterReadingItem[] | null;
}

export function DocumentsPage({ initialDocuments, initialMeterHistory, supplierDocuments = [] }: DocumentsPageProps) {
  const t = TEXTS.documents;
  const toast = useToast();
  const tabsId = useId();
  const [tab, setTab] = useState<"mine" | "suppliers">("mine");
  const [documents, setDocuments] = useState<DocumentItem[]>(initialDocuments ?? []);
  const [loadState, setLoadState] = useState<LoadState>(initialDocuments ? "ready" : "error");
  const expiredShown = useRef(false);

  const sessionExpired = useCallback(() => {
    setLoadState("session_expired");
    if (!expiredShown.current) {
      expiredShown.current = true;
      toast({ title: t.sessionExpired, description: TEXTS.auth.sessionExpired, variant: "destructive" });
    }
  }, [toast, t.sessionExpired]);

  const refresh = useCallback(
    async (showLoading: boolean) => {
      if (showLoading) setLoadState("loading");
      try {
        setDocuments(await fetchDocuments());
        setLoadState("ready");
      } catch (error) {
        if (error instanceof DocumentsApiError && error.unauthorized) sessionExpired();
        else if (error instanceof DocumentsApiError || (error instanceof DOMException && error.name === "TimeoutError")) {
          // A failed background refresh keeps the list on screen; a failed load says so.
          if (showLoading) setLoadState("error");
        } else throw error;
      }
    },
    [sessionExpired],
  );

  const live = useLiveStatus() === "connected";
  useLiveEvents(
    (stream) => stream.startsWith("document_processing_"),
    () => {
      if (loadState !== "session_expired") void refresh(false);
    },
  );

  const moving = documents.some(isInFlight);
  useEffect(() => {
    if (!moving || live || loadState === "session_expired") return;
    const timer = window.setInterval(() => void refresh(false), POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [moving, live, loadState, refresh]);

  const onUploaded = (uploaded: DocumentItem[]) => {
    // Spec §7: if the upload answer lists no documents, the list is fetched again.
    if (uploaded.length === 0) void refresh(false);
    else setDocuments((list) => [...uploaded, ...list.filter((d) => !uploaded.some((u) => u.id === d.id))]);
  };

  const tabProps = (id: "mine" | "suppliers") => ({
    id: `${tabsId}-${id}-tab`,
    role: "tab",
    type: "button" as const,
    "aria-selected": tab === id,
    "aria-controls": `${tabsId}-${id}-panel`,
    tabIndex: tab === id ? 0 : -1,
    className: `tab${tab === id ? " active" : ""}`,
    onClick: () => setTab(id),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      const next = tab === "mine" ? "suppliers" : "mine";
      setTab(next);
      document.getElementById(`${tabsId}-${next}-tab`)?.focus();
    },
  });

  return (
    <section className="container page documents-page">
      <h1>{t.title}</h1>
      <div className="tabs" role="tablist" aria-label={t.title}>
        <button {...tabProps("mine")}>{t.tabMine}</button>
        <button {...tabProps("suppliers")}>{t.tabSuppliers}</button>
      </div>

      <div id={`${tabsId}-mine-panel`} role="tabpanel" aria-labelledby={`${tabsId}-mine-tab`} hidden={tab !== "mine"} className="documents-panel">
        <p className="muted">{t.intro}</p>
        <div className="upload-grid">
          <UploadArea type="document_identitate" onUploaded={onUploaded} onSessionExpired={sessionExpired} />
          <UploadArea type="ultima_factura" onUploaded={onUploaded} onSessionExpired={sessionExpired} />
        </div>

        <section className="card documents-card" aria-labelledby={`${tabsId}-list-title`} aria-busy={loadState === "loading"}>
          <div className="documents-card-head">
            <h2 id={`${tabsId}-list-title`}>{t.listTitle}</h2>
            {moving && loadState === "ready" ? (
              <p className="live-note" role="status">
                <span className="live-dot" aria-hidden="true" /> {t.liveUpdates}
              </p>
            ) : null}
          </div>
          {loadState === "loading" ? (
            <p className="muted" role="status">
              <span className="spinner dark" aria-hidden="true" /> {t.loading}
            </p>
          ) : loadState === "error" ? (
            <div className="notice error" role="alert">
              <p className="notice-title">{t.loadFailed}</p>
              <p>{t.loadUnavailable}</p>
              <button type="button" className="link-button" onClick={() => void refresh(true)}>
                {t.retry}
              </button>
            </div>
          ) : loadState === "session_expired" ? (
            <div className="notice error" role="alert">
              <p className="notice-title">{t.sessionExpired}</p>
              <p>{TEXTS.auth.sessionExpired}</p>
              <Link to="/login?redirectTo=%2Fdocumente">{TEXTS.footer.login}</Link>
            </div>
          ) : documents.length === 0 ? (
            <p className="documents-empty">{t.empty}</p>
          ) : (
            <DocumentList
              documents={documents}
              onDeleted={(id) => setDocuments((list) => list.filter((d) => d.id !== id))}
              onChanged={(doc) => setDocuments((list) => list.map((d) => (d.id === doc.id ? doc : d)))}
              onSessionExpired={sessionExpired}
            />
          )}
        </section>

        <MeterReadings initial={initialMeterHistory} onPhotoUploaded={() => void refresh(false)} onSessionExpired={sessionExpired} />
      </div>

      <div id={`${tabsId}-suppliers-panel`} role="tabpanel" aria-labelledby={`${tabsId}-suppliers-tab`} hidden={tab !== "suppliers"} className="documents-panel">
        <SupplierDocuments items={supplierDocuments} />
      </div>
    </section>
  );
}

function SupplierDocuments({ items }: { items: SupplierDocumentView[] | null }) {
  const t = PIPELINE_TEXTS.supplierDocuments;
  if (items === null) {
    return (
      <div className="notice error" role="alert">
        <p>{t.loadFailed}</p>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="card coming-soon">
        <p>
          {t.empty} <Link to="/istoric-schimbari">{TEXTS.documents.suppliersLink}</Link>.
        </p>
      </div>
    );
  }
  return (
    <ul className="document-list supplier-documents">
      {items.map((item) => (
        <li key={item.requestId} className="document-item card">
          <div>
            <p className="document-name">
              {t.contract(item.contractNumber)} · {item.supplierName}
            </p>
            <p className="muted">
              {item.signedAt ? t.signedAt(formatUploadTime(item.signedAt)) : t.unsigned} ·{" "}
              <Link to={`/cereri-schimbare/${item.requestId}`}>{t.request(item.shortId)}</Link>
            </p>
          </div>
          <a className="button secondary" href={item.url} target="_blank" rel="noreferrer">
            {t.download}
          </a>
        </li>
      ))}
    </ul>
  );
}
