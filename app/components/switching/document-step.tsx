// Wizard steps 1 and 2 (user spec §2): the user's documents of the step's type to choose from, and an
// upload area in place. Only verified documents can be chosen; pending and processing ones show
// 'în curs de aprobare' and change as soon as the wizard's polling sees them change.
import { UploadArea } from "~/components/documents/upload-area";
import type { DocumentItem } from "~/components/documents/documents-client";
import { formatUploadTime, statusLabel } from "~/lib/documents";
import { isAwaitingApproval } from "~/lib/switching";
import { TEXTS } from "~/texts/user";

interface DocumentStepProps {
  type: "document_identitate" | "ultima_factura";
  documents: DocumentItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onUploaded: (documents: DocumentItem[]) => void;
  onSessionExpired: () => void;
}

function StatusBadge({ document }: { document: DocumentItem }) {
  const t = TEXTS.switching;
  if (document.status === "verified") return <span className="status-badge ok">{statusLabel("verified")}</span>;
  if (isAwaitingApproval(document)) {
    return (
      <span className="status-badge busy">
        <span className="spinner dark" aria-hidden="true" /> {t.awaitingApproval}
      </span>
    );
  }
  return <span className="status-badge bad">{statusLabel(document.status)}</span>;
}

export function DocumentStep({ type, documents, selectedId, onSelect, onUploaded, onSessionExpired }: DocumentStepProps) {
  const t = TEXTS.switching;
  const identity = type === "document_identitate";
  return (
    <div className="wizard-documents">
      <p className="muted">{identity ? t.identityIntro : t.billIntro}</p>
      {documents.length === 0 ? (
        <p className="wizard-empty">{identity ? t.noIdentity : t.noBill}</p>
      ) : (
        <fieldset className="choice-list">
          <legend className="visually-hidden">{identity ? t.stepTitles[0] : t.stepTitles[1]}</legend>
          {documents.map((document) => {
            const selectable = document.status === "verified";
            const selected = selectedId === document.id;
            return (
              <label
                key={document.id}
                className={`choice${selected ? " selected" : ""}${selectable ? "" : " disabled"}`}
                data-status={document.status}
              >
                <input
                  type="radio"
                  name={`wizard-${type}`}
                  value={document.id}
                  checked={selected}
                  disabled={!selectable}
                  onChange={() => onSelect(document.id)}
                />
                <span className="choice-body">
                  <span className="choice-title">{document.fileName}</span>
                  <span className="choice-meta">
                    {TEXTS.documents.uploadedAt}: {formatUploadTime(document.uploadedAt)}
                  </span>
                </span>
                <StatusBadge document={document} />
              </label>
            );
          })}
        </fieldset>
      )}
      {documents.length > 0 && !documents.some((d) => d.id === selectedId && d.status === "verified") ? (
        <p className="hint">{t.selectVerified}</p>
      ) : null}
      <div className="wizard-upload">
        <h3>{t.uploadAnother}</h3>
        <UploadArea type={type} onUploaded={onUploaded} onSessionExpired={onSessionExpired} />
      </div>
    </div>
  );
}
