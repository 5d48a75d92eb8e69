// One upload area per document type (user spec §2): what it accepts, 'Max 10MB per fișier', a file
// picker (or a drop), the browser's own checks before sending, and the spec's toasts.
import { useId, useRef, useState, type DragEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { acceptedFor, checkFileBeforeUpload, type DocumentType } from "~/lib/documents";
import { TEXTS } from "~/texts/user";
import { DocumentsApiError, uploadFiles, type DocumentItem } from "./documents-client";

interface UploadAreaProps {
  type: Extract<DocumentType, "document_identitate" | "ultima_factura">;
  onUploaded: (documents: DocumentItem[]) => void;
  onSessionExpired: () => void;
}

export function UploadArea({ type, onUploaded, onSessionExpired }: UploadAreaProps) {
  const t = TEXTS.documents;
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const area = t.areas[type]!;

  async function send(files: File[]) {
    if (files.length === 0 || busy) return;
    for (const file of files) {
      const problem = checkFileBeforeUpload(file, type);
      if (problem === "too_large") {
        toast({ title: t.fileTooLarge, description: `${file.name}: ${t.maxSize}`, variant: "destructive" });
        return;
      }
      if (problem === "unsupported_type") {
        toast({ title: t.unsupportedType, description: `${file.name}: ${area.accepts}`, variant: "destructive" });
        return;
      }
    }
    setBusy(true);
    try {
      const uploaded = await uploadFiles(type, files);
      toast({ title: t.uploadSucceeded, variant: "success" });
      onUploaded(uploaded);
    } catch (error) {
      if (!(error instanceof DocumentsApiError)) throw error;
      toast({ title: t.uploadFailed, description: error.message, variant: "destructive" });
      if (error.unauthorized) onSessionExpired();
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void send(Array.from(event.dataTransfer.files));
  }

  return (
    <div
      className={`upload-area${dragging ? " dragging" : ""}${busy ? " busy" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <h3>{area.title}</h3>
      <p className="upload-accepts" id={hintId}>
        {area.accepts} · <strong>{t.maxSize}</strong>
      </p>
      <label htmlFor={inputId} className={`button secondary upload-button${busy ? " disabled" : ""}`} aria-disabled={busy}>
        {busy ? (
          <>
            <span className="spinner dark" aria-hidden="true" /> {t.uploading}
          </>
        ) : (
          t.chooseFile
        )}
      </label>
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        name="documents"
        accept={acceptedFor(type).accept}
        multiple={type === "ultima_factura"}
        disabled={busy}
        aria-describedby={hintId}
        aria-label={`${area.title}: ${t.chooseFile}`}
        onChange={(event) => void send(Array.from(event.currentTarget.files ?? []))}
      />
    </div>
  );
}
