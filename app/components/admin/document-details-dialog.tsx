// The full-details dialog (admin spec §2 "Documents", §3 "Document (full details)"): the document, its
// owner, the extracted fields with their confidence (and, issue #14, each field's status and reason), the
// processing history and the admin audit log.
import { useCallback, useEffect, useState } from "react";
import { Modal } from "~/components/ui/modal";
import { apiClient } from "~/lib/api-client";
import { confidenceDisplay, formatFileSize } from "~/lib/document-review";
import type { FieldReview } from "~/lib/schemas/admin-documents";
import { ADMIN_TEXTS } from "~/texts/admin";
import { isApiFailure } from "./api-failure";
import { formatAdminDate } from "./document-format";

interface FullDetails {
  document: {
    id: string;
    document_type: string;
    document_subtype: string | null;
    file_name: string;
    file_size: number;
    verification_status: string;
    upload_date: string;
    processed_at: string | null;
    confidence_score: number | null;
  };
  user: { id: string; first_name: string | null; last_name: string | null; email: string | null; phone_number: string };
  extractedData: { processing_method: string | null; extracted_fields: Record<string, string | null>; confidence_scores: Record<string, number>; field_reviews: FieldReview[] };
  processingHistory: { id: string; action: string; admin_email: string | null; notes: string | null; created_at: string }[];
  auditLog: { action: string; timestamp: string; admin_id: string | null; admin_email: string | null; ip_address: string | null; details: Record<string, unknown> | null }[];
}

const T = ADMIN_TEXTS.documentsPage;

export function DocumentDetailsDialog({ documentId, onClose }: { documentId: string | null; onClose: () => void }) {
  const [details, setDetails] = useState<FullDetails | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (id: string) => {
    setError(null);
    try {
      const body = await apiClient().request<{ data: FullDetails }>(`/api/admin/documents/${encodeURIComponent(id)}/details`, { fresh: true });
      setDetails(body.data);
    } catch (failure) {
      if (!isApiFailure(failure)) throw failure;
      setError(T.detailsFailedFull(failure.message || T.unknownError));
    }
  }, []);

  useEffect(() => {
    setDetails(null);
    if (documentId) void load(documentId);
  }, [documentId, load]);

  const doc = details?.document;
  const fields = Object.entries(details?.extractedData.extracted_fields ?? {}).filter(([, value]) => value !== null);
  const reviews = new Map((details?.extractedData.field_reviews ?? []).map((r) => [r.field, r]));
  return (
    <Modal open={documentId !== null} title={doc ? T.detailsTitle(doc.file_name) : T.details} onClose={onClose} className="doc-modal">
      {!details && !error ? (
        <p role="status" className="admin-muted">
          {T.loading}
        </p>
      ) : null}
      {error ? (
        <div className="admin-inline-error" role="alert">
          <p>{error}</p>
        </div>
      ) : null}
      {details && doc ? (
        <div className="doc-details">
          <section>
            <h3>{T.documentSection}</h3>
            <dl className="doc-meta">
              <div>
                <dt>{T.columns.type}</dt>
                <dd>{T.typeLabels[doc.document_type] ?? doc.document_type}</dd>
              </div>
              {doc.document_subtype ? (
                <div>
                  <dt>{T.subtype}</dt>
                  <dd>{T.subtypeLabels[doc.document_subtype] ?? doc.document_subtype}</dd>
                </div>
              ) : null}
              <div>
                <dt>{T.columns.status}</dt>
                <dd>{T.statusLabels[doc.verification_status] ?? doc.verification_status}</dd>
              </div>
              <div>
                <dt>{T.columns.size}</dt>
                <dd>{formatFileSize(doc.file_size)}</dd>
              </div>
              <div>
                <dt>{T.uploaded}</dt>
                <dd>{formatAdminDate(doc.upload_date)}</dd>
              </div>
              <div>
                <dt>{T.processed}</dt>
                <dd>{formatAdminDate(doc.processed_at)}</dd>
              </div>
              <div>
                <dt>{T.confidence}</dt>
                <dd>{confidenceDisplay(doc.confidence_score).text}</dd>
              </div>
              <div>
                <dt>{T.user}</dt>
                <dd>{[details.user.first_name, details.user.last_name, details.user.phone_number].filter(Boolean).join(" · ")}</dd>
              </div>
              <div>
                <dt>{T.processingMethod}</dt>
                <dd>{details.extractedData.processing_method ?? "—"}</dd>
              </div>
            </dl>
          </section>
          <section>
            <h3>{T.extractionSection}</h3>
            {fields.length === 0 ? (
              <p className="admin-muted">{T.noExtraction}</p>
            ) : (
              <dl className="doc-meta">
                {fields.map(([field, value]) => {
                  const review = reviews.get(field);
                  return (
                    <div key={field} data-field={field} data-status={review?.status ?? undefined}>
                      <dt>
                        {T.fieldLabels[field] ?? field}
                        {review?.status ? (
                          <>
                            {" "}
                            <span className={`doc-field-status status-${review.status}`}>{T.fieldReview.status[review.status]}</span>
                          </>
                        ) : null}
                      </dt>
                      <dd>{value}</dd>
                      {review?.reason ? <dd className="doc-field-reason">{review.reason.message}</dd> : null}
                    </div>
                  );
                })}
              </dl>
            )}
          </section>
          <section>
            <h3>{T.history}</h3>
            {details.processingHistory.length === 0 ? (
              <p className="admin-muted">{T.noHistory}</p>
            ) : (
              <ol className="doc-timeline" data-list="history">
                {details.processingHistory.map((h) => (
                  <li key={h.id}>
                    <strong>{h.action}</strong> · {formatAdminDate(h.created_at)}
                    {h.admin_email ? ` · ${h.admin_email}` : ""}
                    {h.notes ? <div className="admin-muted">{h.notes}</div> : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section>
            <h3>{T.auditLog}</h3>
            {details.auditLog.length === 0 ? (
              <p className="admin-muted">{T.noAudit}</p>
            ) : (
              <ol className="doc-timeline" data-list="audit">
                {details.auditLog.map((a, i) => (
                  <li key={`${a.timestamp}-${i}`}>
                    <strong>{a.action}</strong> · {formatAdminDate(a.timestamp)} · {a.admin_email ?? a.admin_id ?? "—"}
                    {a.ip_address ? ` · ${a.ip_address}` : ""}
                    {a.details ? <pre className="doc-audit-details">{JSON.stringify(a.details, null, 1)}</pre> : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
