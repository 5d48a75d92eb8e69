// /admin/documents (admin spec §2 "Documents", §3 "Document (list)", §8, §9): the filter card (user id
// or phone, status, type), the table with size in B/KB/MB/GB and confidence in the 90/70 bands, pages of
// 20, the empty state, and the review and full-details dialogs. Changing a filter goes back to page 1.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { apiClient } from "~/lib/api-client";
import { ADMIN_DOCUMENT_STATUSES, ADMIN_DOCUMENTS_PAGE_SIZE, confidenceDisplay, formatFileSize } from "~/lib/document-review";
import { DOCUMENT_TYPES } from "~/lib/documents";
import { ADMIN_TEXTS } from "~/texts/admin";
import { isApiFailure } from "./api-failure";
import { DocumentDetailsDialog } from "./document-details-dialog";
import { formatAdminDate } from "./document-format";
import { DocumentReviewDialog } from "./document-review-dialog";
import { ListCount, ListEmpty, ListLoadStatus, ListPagination, type ListLoadState, useNewestLoad } from "./admin-list";

/** A row of GET /api/admin/documents (admin spec §3 "Document (list)"). */
interface AdminDocumentRow {
  id: string;
  user_id: string;
  user_phone: string;
  user_name: string | null;
  document_type: string;
  file_name: string;
  status: string;
  awaiting_review: boolean;
  uploaded_at: string;
  file_size: number;
  confidence_score: number | null;
}

interface Listing {
  documents: AdminDocumentRow[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

const T = ADMIN_TEXTS.documentsPage;

export function DocumentsPage({ initialSearch = "", initialStatus = "" }: { initialSearch?: string; initialStatus?: string }) {
  const toast = useToast();
  const ids = useId();
  const [draft, setDraft] = useState(initialSearch);
  const [search, setSearch] = useState(initialSearch);
  const [status, setStatus] = useState(initialStatus);
  const [type, setType] = useState("");
  const [page, setPage] = useState(1);
  const [listing, setListing] = useState<Listing | null>(null);
  const [state, setState] = useState<ListLoadState>("loading");
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [inspecting, setInspecting] = useState<string | null>(null);

  const newestLoad = useNewestLoad();
  const load = useCallback(async () => {
    const signal = newestLoad();
    setState("loading");
    const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_DOCUMENTS_PAGE_SIZE) });
    if (status) query.set("status", status);
    if (type) query.set("document_type", type);
    if (search) query.set("user_id", search);
    try {
      const body = await apiClient().request<{ data: Listing }>(`/api/admin/documents?${query}`, { fresh: true, signal });
      if (signal.aborted) return;
      setListing(body.data);
      setState("ready");
    } catch (error) {
      if (signal.aborted) return;
      if (!isApiFailure(error)) throw error;
      setListing(null);
      setState("error");
      toast({ title: T.errorTitle, description: T.loadFailed, variant: "destructive" });
    }
  }, [page, status, type, search, toast, newestLoad]);

  useEffect(() => {
    void load();
  }, [load]);

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  function reset() {
    setDraft("");
    setSearch("");
    setStatus("");
    setType("");
    setPage(1);
  }

  const pagination = listing?.pagination;

  return (
    <div className="admin-page" data-page="admin-documents">
      <div className="admin-page-head">
        <div>
          <h1>{T.title}</h1>
          <p className="admin-muted">{T.intro}</p>
        </div>
      </div>

      <div className="admin-card request-filters doc-filters">
        <form className="request-search" role="search" onSubmit={onSearch}>
          <label htmlFor={`${ids}-search`}>{T.searchLabel}</label>
          <div className="request-search-row">
            {/* Named as the list's address reads it: a search sent before the script ran is a GET the loader reads back. */}
            <input id={`${ids}-search`} name="user_id" type="search" value={draft} maxLength={100} placeholder={T.searchPlaceholder} onChange={(e) => setDraft(e.target.value)} />
            <button type="submit" className="button small">
              {T.search}
            </button>
          </div>
        </form>
        <div>
          <label htmlFor={`${ids}-status`}>{T.statusLabel}</label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{T.allStatuses}</option>
            {ADMIN_DOCUMENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {T.statusLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-type`}>{T.typeLabel}</label>
          <select
            id={`${ids}-type`}
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{T.allTypes}</option>
            {DOCUMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {T.typeLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="request-filter-actions">
          <button type="button" className="button secondary small" onClick={reset}>
            {T.reset}
          </button>
        </div>
      </div>

      <ListLoadStatus state={state} loaded={listing !== null} loadingText={T.loading} errorText={T.loadFailed} reloadText={T.reload} onReload={() => void load()} />

      {listing && pagination ? (
        <>
          <ListCount text={T.found(pagination.total)} />
          {listing.documents.length === 0 ? (
            <ListEmpty text={T.empty} />
          ) : (
            <div className="admin-card doc-table-card">
              <table className="doc-table">
                <thead>
                  <tr>
                    {Object.values(T.columns).map((label) => (
                      <th key={label} scope="col">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {listing.documents.map((doc) => {
                    const confidence = confidenceDisplay(doc.confidence_score);
                    return (
                      <tr key={doc.id} data-document={doc.id} data-status={doc.status}>
                        <td data-label={T.columns.user}>
                          <span className="doc-user">{doc.user_phone}</span>
                          {doc.user_name ? <span className="admin-muted doc-user-name">{doc.user_name}</span> : null}
                        </td>
                        <td data-label={T.columns.type}>{T.typeLabels[doc.document_type] ?? doc.document_type}</td>
                        <td data-label={T.columns.fileName} className="doc-file-name">
                          {doc.file_name}
                        </td>
                        <td data-label={T.columns.status}>
                          <span className={`admin-badge status-${doc.status}`}>{T.statusLabels[doc.status] ?? doc.status}</span>
                          {doc.awaiting_review ? <span className="admin-muted doc-awaiting">{T.awaitingReview}</span> : null}
                        </td>
                        <td data-label={T.columns.uploadedAt}>{formatAdminDate(doc.uploaded_at)}</td>
                        <td data-label={T.columns.size}>{formatFileSize(doc.file_size)}</td>
                        <td data-label={T.columns.confidence}>
                          <span className={`doc-confidence tone-${confidence.tone}`}>{confidence.text}</span>
                        </td>
                        <td data-label={T.columns.actions} className="doc-row-actions">
                          <button type="button" className="button small" onClick={() => setReviewing(doc.id)}>
                            {T.review}
                          </button>
                          <button type="button" className="button secondary small" onClick={() => setInspecting(doc.id)}>
                            {T.details}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {listing.documents.length > 0 && pagination.totalPages > 1 ? (
            <ListPagination page={pagination.page} pages={pagination.totalPages} busy={state === "loading"} texts={T} onStep={(delta) => setPage((p) => p + delta)} />
          ) : null}
        </>
      ) : null}

      <DocumentReviewDialog documentId={reviewing} onClose={() => setReviewing(null)} onChanged={() => void load()} />
      <DocumentDetailsDialog documentId={inspecting} onClose={() => setInspecting(null)} />
    </div>
  );
}
