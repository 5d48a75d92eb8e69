// The review dialog (admin spec §2 "Documents", §4, §5; issue #12 item 2): the uploaded file itself
// (an image, or the PDF framed from the sandboxed file route) beside the extracted fields — editable,
// so the reviewer can correct a misread value — and every issue the automatic checks found, with
// verify (notes, override), reject (reason required, notes) and reprocess (force). Side by side on a
// wide screen, stacked on a phone.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { Modal } from "~/components/ui/modal";
import { attentionFirst, canReprocess, confidenceDisplay, fieldNeedsAttention, REJECTION_REASONS, type RejectionReason } from "~/lib/document-review";
import type { FieldReview } from "~/lib/schemas/admin-documents";
import { apiClient } from "~/lib/api-client";
import { ADMIN_TEXTS } from "~/texts/admin";
import { failureMessage, isApiFailure } from "./api-failure";
import { formatAdminDate } from "./document-format";

/** One field of the review detail: the value and its correction, plus (issue #14) status, reason and source. */
export interface ReviewField extends FieldReview {
  kind: string;
  value: string | null;
  machine_value: string | null;
  corrected: boolean;
  confidence: number | null;
  missing: boolean;
}

interface ReviewIssue {
  code: string;
  message: string;
  field: string | null;
  severity: "error" | "warning";
  blocking: boolean;
}

export interface ReviewDetail {
  id: string;
  user: { id: string; phone: string; first_name: string | null; last_name: string | null; email: string | null };
  document_type: string;
  document_subtype: string | null;
  status: string;
  awaiting_review: boolean;
  file_name: string;
  file_size: number;
  mime_type: string;
  file_url: string;
  uploaded_at: string;
  processed_at: string | null;
  confidence_score: number | null;
  processing_method: string | null;
  unreadable_reason: string | null;
  fields: ReviewField[] | null;
  checks: { name: string; passed: boolean; detail: string }[];
  validation: { confidence: number; isValid: boolean; issues: ReviewIssue[] };
  review: { reviewed_at: string | null; reviewed_by: string | null; rejection_reason: string | null; notes: string | null } | null;
  actions: { verify: boolean; reject: boolean; reprocess: boolean; override_required: boolean };
}

const T = ADMIN_TEXTS.documentsPage;
const R = T.fieldReview;

function FilePane({ detail }: { detail: ReviewDetail }) {
  const isImage = detail.mime_type.startsWith("image/");
  return (
    <section className="doc-review-file" aria-label={T.fileLabel}>
      {isImage ? (
        <img src={detail.file_url} alt={T.fileLabel} />
      ) : (
        // No sandbox attribute: the file answers with its own CSP sandbox, and Chromium refuses to
        // show a PDF in a frame sandboxed by the attribute.
        <iframe src={detail.file_url} title={T.fileLabel} referrerPolicy="no-referrer" />
      )}
      <a className="admin-link-button" href={detail.file_url} target="_blank" rel="noopener noreferrer">
        {T.openFile}
      </a>
    </section>
  );
}

const STATUS_MARK: Record<NonNullable<FieldReview["status"]>, string> = { ok: "✓", uncertain: "?", failed: "✕", missing: "–" };

/** Where the value came from and what confirmed it: "Sursa: din zona MRZ · confirmat de cifrele de control MRZ". */
function sourceText(source: NonNullable<FieldReview["source"]>): string {
  return R.source([source.label, ...source.confirmed_by.map((c) => c.label)].join(" · "));
}

function FieldInputs({ fields, values, onChange, idPrefix }: { fields: ReviewField[]; values: Record<string, string>; onChange: (field: string, value: string) => void; idPrefix: string }) {
  const ordered = attentionFirst(fields);
  const attention = ordered.filter(fieldNeedsAttention).length;
  const judged = fields.some((f) => f.status !== null);
  return (
    <>
      <p className={`doc-fields-summary${attention > 0 ? " has-attention" : ""}`} data-attention={attention}>
        {!judged ? R.noVerdicts : attention > 0 ? R.attention(attention) : R.noAttention}
      </p>
      <div className="doc-fields">
        {ordered.map((f) => {
          const confidence = f.confidence === null ? null : confidenceDisplay(f.confidence);
          const changed = (values[f.field] ?? "") !== (f.value ?? "");
          const id = `${idPrefix}-${f.field}`;
          // The reason and the source are read with the input (aria-describedby), not only seen beside it.
          const describedBy = [f.status ? `${id}-status` : null, f.reason ? `${id}-reason` : null, f.source ? `${id}-source` : null].filter(Boolean).join(" ") || undefined;
          const classes = ["doc-field", f.corrected || changed ? "is-corrected" : "", f.missing ? "is-missing" : "", fieldNeedsAttention(f) ? "needs-attention" : ""];
          return (
            <div key={f.field} className={classes.filter(Boolean).join(" ")} data-field={f.field} data-status={f.status ?? undefined}>
              <div className="doc-field-head">
                <label htmlFor={id}>{T.fieldLabels[f.field] ?? f.field}</label>
                {f.status ? (
                  <span id={`${id}-status`} className={`doc-field-status status-${f.status}`}>
                    <span aria-hidden="true">{STATUS_MARK[f.status]}</span> {R.status[f.status]}
                    {f.required ? <span className="doc-field-required"> · {R.required}</span> : null}
                  </span>
                ) : null}
              </div>
              <input
                id={id}
                value={values[f.field] ?? ""}
                maxLength={200}
                inputMode={f.kind === "kwh" || f.kind === "cnp" ? "numeric" : undefined}
                placeholder={f.kind === "date" ? "AAAA-LL-ZZ" : undefined}
                aria-describedby={describedBy}
                aria-invalid={f.status === "failed" ? true : undefined}
                onChange={(e) => onChange(f.field, e.target.value)}
              />
              {f.reason ? (
                <p id={`${id}-reason`} className="doc-field-reason" data-reason={f.reason.code}>
                  {f.reason.message}
                </p>
              ) : null}
              {f.source ? (
                <p id={`${id}-source`} className="doc-field-source" data-source={f.source.code}>
                  {sourceText(f.source)}
                </p>
              ) : null}
              <small className="admin-muted">
                {f.corrected || changed ? `${T.corrected} · ${T.machineValue(f.machine_value ?? "—")}` : null}
                {confidence ? <span className={`doc-confidence tone-${confidence.tone}`}>{T.fieldConfidence(confidence.text)}</span> : null}
              </small>
            </div>
          );
        })}
      </div>
    </>
  );
}

interface ReviewDialogProps {
  documentId: string | null;
  onClose: () => void;
  /** after an action succeeded: the list reloads */
  onChanged: () => void;
}

export function DocumentReviewDialog({ documentId, onClose, onChanged }: ReviewDialogProps) {
  const toast = useToast();
  const ids = useId();
  const [detail, setDetail] = useState<ReviewDetail | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [values, setValues] = useState<Record<string, string>>({});
  const [verifyNotes, setVerifyNotes] = useState("");
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState<RejectionReason | "">("");
  const [rejectNotes, setRejectNotes] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (id: string) => {
    setState("loading");
    try {
      const body = await apiClient().request<{ data: ReviewDetail }>(`/api/admin/documents/${encodeURIComponent(id)}`, { fresh: true });
      setDetail(body.data);
      setValues(Object.fromEntries((body.data.fields ?? []).map((f) => [f.field, f.value ?? ""])));
      setState("ready");
    } catch (error) {
      if (!isApiFailure(error)) throw error;
      setState("error");
    }
  }, []);

  useEffect(() => {
    setDetail(null);
    setVerifyNotes("");
    setOverride(false);
    setReason("");
    setRejectNotes("");
    setReasonError(null);
    setForce(false);
    if (documentId) void load(documentId);
  }, [documentId, load]);

  async function act(path: string, body: Record<string, unknown>, done: string) {
    if (!detail) return;
    setBusy(true);
    try {
      await apiClient().request(`/api/admin/documents/${encodeURIComponent(detail.id)}/${path}`, { method: "POST", body });
      toast({ title: T.success, description: done, variant: "success" });
      onChanged();
      onClose();
    } catch (error) {
      toast({ title: T.errorTitle, description: failureMessage(error, T.actionFailed), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const corrections = Object.fromEntries(
      (detail?.fields ?? []).filter((f) => (values[f.field] ?? "").trim() !== "" && (values[f.field] ?? "").trim() !== (f.value ?? "")).map((f) => [f.field, values[f.field]!.trim()]),
    );
    void act("verify", { admin_notes: verifyNotes || undefined, override_validation: override, corrections }, T.verifiedToast);
  }

  function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) {
      setReasonError(T.rejectionReasonRequired);
      return;
    }
    setReasonError(null);
    void act("reject", { rejection_reason: reason, admin_notes: rejectNotes || undefined }, T.rejectedToast);
  }

  const issues = detail?.validation.issues ?? [];
  const confidence = confidenceDisplay(detail?.confidence_score);
  const name = detail ? [detail.user.first_name, detail.user.last_name].filter(Boolean).join(" ") : "";

  return (
    <Modal open={documentId !== null} title={detail ? T.reviewTitle(detail.file_name) : T.review} onClose={onClose} className="doc-modal">
      {state === "loading" ? (
        <p role="status" className="admin-muted">
          {T.loading}
        </p>
      ) : null}
      {state === "error" ? (
        <div className="admin-inline-error" role="alert">
          <p>{T.detailsFailed}</p>
          <button type="button" className="button secondary small" onClick={() => documentId && void load(documentId)}>
            {T.reload}
          </button>
        </div>
      ) : null}
      {detail && state === "ready" ? (
        <div className="doc-review" data-document={detail.id} data-status={detail.status}>
          <FilePane detail={detail} />
          <section className="doc-review-data" aria-label={T.extractedFields}>
            <dl className="doc-meta">
              <div>
                <dt>{T.user}</dt>
                <dd>{[name, detail.user.phone].filter(Boolean).join(" · ")}</dd>
              </div>
              <div>
                <dt>{T.columns.type}</dt>
                <dd>
                  {T.typeLabels[detail.document_type] ?? detail.document_type}
                  {detail.document_subtype ? ` · ${T.subtypeLabels[detail.document_subtype] ?? detail.document_subtype}` : ""}
                </dd>
              </div>
              <div>
                <dt>{T.columns.status}</dt>
                <dd>
                  <span className={`admin-badge status-${detail.status}`}>{T.statusLabels[detail.status] ?? detail.status}</span>
                  {detail.awaiting_review ? ` ${T.awaitingReview}` : ""}
                </dd>
              </div>
              <div>
                <dt>{T.uploaded}</dt>
                <dd>{formatAdminDate(detail.uploaded_at)}</dd>
              </div>
              <div>
                <dt>{T.confidence}</dt>
                <dd>
                  <span className={`doc-confidence tone-${confidence.tone}`}>{confidence.text}</span>
                </dd>
              </div>
            </dl>

            <h3>{T.issuesTitle}</h3>
            {issues.length === 0 ? (
              <p className="admin-muted">{T.noIssues}</p>
            ) : (
              <ul className="doc-issues">
                {issues.map((issue, i) => (
                  <li key={`${issue.code}-${i}`} className={`severity-${issue.severity}`} data-issue={issue.code}>
                    <strong>{T.severity[issue.severity]}</strong> {issue.message}
                    {issue.field ? <span className="admin-muted"> ({issue.field.split(",").map((f) => T.fieldLabels[f] ?? f).join(", ")})</span> : null}
                  </li>
                ))}
              </ul>
            )}
            {detail.checks.length > 0 ? (
              <>
                <h3>{T.checksTitle}</h3>
                <ul className="doc-checks">
                  {detail.checks.map((check) => (
                    <li key={check.name} className={check.passed ? "passed" : "failed"}>
                      {check.detail} — {check.passed ? T.checkPassed : T.checkFailed}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}

            <h3>{T.extractedFields}</h3>
            {detail.fields ? (
              <FieldInputs fields={detail.fields} values={values} onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))} idPrefix={ids} />
            ) : (
              <p className="admin-muted">{T.notCorrectable}</p>
            )}

            {detail.actions.verify ? (
              <div className="doc-actions">
                <form className="doc-action" onSubmit={verify} aria-label={T.verify}>
                  <label htmlFor={`${ids}-verify-notes`}>{T.notes}</label>
                  <textarea id={`${ids}-verify-notes`} value={verifyNotes} maxLength={1000} rows={2} placeholder={T.notesPlaceholder} onChange={(e) => setVerifyNotes(e.target.value)} />
                  {detail.actions.override_required ? (
                    <label className="doc-check">
                      <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} /> {T.override}
                    </label>
                  ) : null}
                  {detail.actions.override_required && !override ? <p className="admin-muted">{T.overrideHint}</p> : null}
                  <button type="submit" className="button small" disabled={busy || (detail.actions.override_required && !override)}>
                    {busy ? T.working : T.verify}
                  </button>
                </form>
                <form className="doc-action" onSubmit={reject} aria-label={T.reject} noValidate>
                  <label htmlFor={`${ids}-reason`}>{T.rejectionReason}</label>
                  <select
                    id={`${ids}-reason`}
                    value={reason}
                    aria-invalid={reasonError ? true : undefined}
                    aria-describedby={reasonError ? `${ids}-reason-error` : undefined}
                    onChange={(e) => setReason(e.target.value as RejectionReason | "")}
                  >
                    <option value="">{T.chooseReason}</option>
                    {REJECTION_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {T.rejectionReasons[r]}
                      </option>
                    ))}
                  </select>
                  {reasonError ? (
                    <p id={`${ids}-reason-error`} className="field-error" role="alert">
                      {reasonError}
                    </p>
                  ) : null}
                  <label htmlFor={`${ids}-reject-notes`}>{T.notes}</label>
                  <textarea id={`${ids}-reject-notes`} value={rejectNotes} maxLength={1000} rows={2} placeholder={T.notesPlaceholder} onChange={(e) => setRejectNotes(e.target.value)} />
                  {reason === "other" ? <p className="admin-muted">{T.otherNeedsNotes}</p> : null}
                  <button type="submit" className="button secondary danger small" disabled={busy}>
                    {busy ? T.working : T.reject}
                  </button>
                </form>
              </div>
            ) : (
              <p className="admin-muted">{T.decisionNotOffered}</p>
            )}
            {canReprocess(detail.status, true) ? (
              <div className="doc-reprocess">
                {!detail.actions.reprocess ? (
                  <label className="doc-check">
                    <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> {T.force}
                  </label>
                ) : null}
                <button
                  type="button"
                  className="button secondary small"
                  disabled={busy || (!detail.actions.reprocess && !force)}
                  onClick={() => void act("reprocess", { force_reprocess: force || undefined }, T.reprocessToast)}
                >
                  {T.reprocess}
                </button>
              </div>
            ) : null}
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
