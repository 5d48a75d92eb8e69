// The user's documents (user spec §2): file name, upload time, status, confidence % (capped at 100),
// processing method; actions view (new tab), download, delete (after confirmation), reprocess.
import { useState } from "react";
import { Modal } from "~/components/ui/modal";
import { useToast } from "~/components/ui/toaster";
import { confidencePercent, formatUploadTime, isInFlight, processingMethodLabel, statusLabel } from "~/lib/documents";
import { TEXTS } from "~/texts/user";
import { DocumentsApiError, deleteDocument, downloadDocument, reprocessDocument, type DocumentItem } from "./documents-client";

interface DocumentListProps {
  documents: DocumentItem[];
  onDeleted: (id: string) => void;
  onChanged: (document: DocumentItem) => void;
  onSessionExpired: () => void;
}

const STATUS_TONE: Record<string, string> = {
  verified: "ok",
  rejected: "bad",
  failed: "bad",
  processing: "busy",
  pending: "wait",
};

export function DocumentList({ documents, onDeleted, onChanged, onSessionExpired }: DocumentListProps) {
  const t = TEXTS.documents;
  const toast = useToast();
  const [confirming, setConfirming] = useState<DocumentItem | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function run(id: string, work: () => Promise<void>, failure: string) {
    setBusyId(id);
    try {
      await work();
    } catch (error) {
      if (!(error instanceof DocumentsApiError)) throw error;
      toast({ title: failure, description: error.message, variant: "destructive" });
      if (error.unauthorized) onSessionExpired();
    } finally {
      setBusyId(null);
    }
  }

  const remove = (doc: DocumentItem) =>
    run(
      doc.id,
      async () => {
        await deleteDocument(doc.id);
        setConfirming(null);
        onDeleted(doc.id);
        toast({ title: t.deleted, variant: "success" });
      },
      t.deleteFailed,
    );

  const reprocess = (doc: DocumentItem) =>
    run(
      doc.id,
      async () => {
        onChanged(await reprocessDocument(doc.id));
        toast({ title: t.reprocessStarted });
      },
      t.reprocessFailed,
    );

  const download = (doc: DocumentItem) => run(doc.id, () => downloadDocument(doc), t.downloadFailed);

  return (
    <>
      <ul className="document-list">
        {documents.map((doc) => {
          const percent = confidencePercent(doc.confidenceScore);
          const busy = busyId === doc.id;
          return (
            <li key={doc.id} className="document-item" data-status={doc.status}>
              <div className="document-main">
                <p className="document-name" title={doc.fileName}>
                  {doc.fileName}
                </p>
                <p className="document-meta">
                  <span>{t.typeLabels[doc.document_type] ?? doc.document_type}</span>
                  <span>
                    {t.uploadedAt}: <time dateTime={doc.uploadedAt}>{formatUploadTime(doc.uploadedAt)}</time>
                  </span>
                </p>
              </div>
              <dl className="document-facts">
                <div>
                  <dt>{t.status}</dt>
                  <dd>
                    <span className={`status-badge ${STATUS_TONE[doc.status] ?? ""}`}>
                      {isInFlight(doc) ? <span className="spinner dark" aria-hidden="true" /> : null}
                      {statusLabel(doc.status)}
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>{t.confidence}</dt>
                  <dd>{percent === null ? "—" : `${percent}%`}</dd>
                </div>
                <div>
                  <dt>{t.processingMethod}</dt>
                  <dd>{processingMethodLabel(doc.processingMethod)}</dd>
                </div>
              </dl>
              {doc.awaitingReview ? <p className="document-note">{t.awaitingReview}</p> : null}
              {(doc.status === "rejected" || doc.awaitingReview) && doc.issues.length > 0 ? (
                <ul className="document-issues">
                  {doc.issues
                    .filter((i) => i.severity === "error")
                    .slice(0, 3)
                    .map((i) => (
                      <li key={i.code}>{i.message}</li>
                    ))}
                </ul>
              ) : null}
              <div className="document-actions" role="group" aria-label={t.actionsFor(doc.fileName)}>
                <a className="button secondary small" href={`/api/documents/view/${doc.id}`} target="_blank" rel="noopener noreferrer">
                  {t.view}
                </a>
                <button type="button" className="button secondary small" disabled={busy} onClick={() => void download(doc)}>
                  {t.download}
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  disabled={busy || doc.status === "processing"}
                  onClick={() => void reprocess(doc)}
                >
                  {t.reprocess}
                </button>
                <button type="button" className="button secondary small danger" disabled={busy} onClick={() => setConfirming(doc)}>
                  {t.delete}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <Modal open={confirming !== null} title={t.deleteTitle} onClose={() => setConfirming(null)}>
        {confirming ? (
          <>
            <p className="modal-intro">{t.deleteConfirm(confirming.fileName)}</p>
            <div className="modal-actions">
              <button type="button" className="button secondary" onClick={() => setConfirming(null)}>
                {t.cancel}
              </button>
              <button type="button" className="button danger-solid" disabled={busyId === confirming.id} onClick={() => void remove(confirming)}>
                {t.deleteConfirmButton}
              </button>
            </div>
          </>
        ) : null}
      </Modal>
    </>
  );
}
