// Tab 'Toate cererile' (admin spec §2, §5, §8): search by name or phone, status filter, reset and
// refresh, one card per request with the spec's fields, 'Vezi detalii' in a new tab, cancel after the
// browser's confirmation, pages of 20 with 'Pagina X din Y', the empty state. Searching or changing
// the status filter goes back to page 1.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { ADMIN_SWITCH_PAGE_SIZE } from "~/lib/admin-queues";
import { apiClient } from "~/lib/api-client";
import { isClosedStatus } from "~/lib/switching";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { failureMessage, isApiFailure } from "./api-failure";
import { ListCount, ListEmpty, ListLoadStatus, ListPagination, type ListLoadState, useNewestLoad } from "./admin-list";

/** A request as GET /api/admin/switch-requests lists it (admin spec §3 "Switch request (admin view)"). */
export interface AdminSwitchRequestView {
  id: string;
  short_id: string;
  status: string;
  current_step: string | null;
  progress_percentage: number;
  switch_type: string;
  offer_name: string | null;
  offer_price_per_kwh: string | null;
  created_at: string;
  suppliers: { name: string };
  user_profiles: { first_name: string | null; last_name: string | null; phone_number: string };
}

interface Listing {
  requests: AdminSwitchRequestView[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

/** The statuses of admin spec §4 offered in the filter. */
const FILTER_STATUSES = ["created", "processing", "awaiting_signature", "completed", "failed", "cancelled"] as const;

const dateFormat = new Intl.DateTimeFormat("ro-RO", {
  timeZone: "Europe/Bucharest",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const priceFormat = new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 4, maximumFractionDigits: 4 });

function RequestCard({ request, cancelling, onCancel }: { request: AdminSwitchRequestView; cancelling: boolean; onCancel: () => void }) {
  const t = ADMIN_TEXTS.switchRequestsPage;
  const s = TEXTS.switching;
  const name = [request.user_profiles.first_name, request.user_profiles.last_name].filter(Boolean).join(" ") || t.unknownName;
  return (
    <article className="admin-card request-card" data-request={request.id} data-status={request.status}>
      <header className="request-card-head">
        <h3>{t.request(request.short_id)}</h3>
        <span className={`admin-badge status-${request.status}`}>{s.statusLabels[request.status] ?? request.status}</span>
      </header>
      <dl className="request-card-fields">
        <div>
          <dt>{t.client}</dt>
          <dd>
            {name} · {request.user_profiles.phone_number}
          </dd>
        </div>
        <div>
          <dt>{t.supplier}</dt>
          <dd>{request.suppliers.name}</dd>
        </div>
        <div>
          <dt>{t.offer}</dt>
          <dd>
            {request.offer_name ?? "—"}
            {request.offer_price_per_kwh !== null ? ` · ${t.price(priceFormat.format(Number(request.offer_price_per_kwh)))}` : ""}
          </dd>
        </div>
        <div>
          <dt>{t.step}</dt>
          <dd>{request.current_step ? (s.stepLabelsByStep[request.current_step] ?? request.current_step) : "—"}</dd>
        </div>
        <div>
          <dt>{t.switchType}</dt>
          <dd>{s.switchTypes[request.switch_type] ?? request.switch_type}</dd>
        </div>
        <div>
          <dt>{t.createdAt}</dt>
          <dd>{dateFormat.format(new Date(request.created_at))}</dd>
        </div>
      </dl>
      <div className="request-card-progress">
        <span>{t.progress}</span>
        <strong>{request.progress_percentage}%</strong>
      </div>
      <div className="progress" role="progressbar" aria-label={t.progress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={request.progress_percentage}>
        <div className="progress-bar" style={{ width: `${request.progress_percentage}%` }} />
      </div>
      <div className="request-card-actions">
        <a className="button secondary small" href={`/switch-requests/${request.id}`} target="_blank" rel="noopener noreferrer">
          {t.details}
        </a>
        {isClosedStatus(request.status) ? null : (
          <button type="button" className="button secondary danger small" disabled={cancelling} onClick={onCancel}>
            {cancelling ? t.cancelling : t.cancel}
          </button>
        )}
      </div>
    </article>
  );
}

export function SwitchRequestsList() {
  const t = ADMIN_TEXTS.switchRequestsPage;
  const toast = useToast();
  const ids = useId();
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const [listing, setListing] = useState<Listing | null>(null);
  const [state, setState] = useState<ListLoadState>("loading");
  const [cancelling, setCancelling] = useState<string | null>(null);

  const newestLoad = useNewestLoad();
  const load = useCallback(async () => {
    const signal = newestLoad();
    setState("loading");
    const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_SWITCH_PAGE_SIZE) });
    if (status) query.set("status", status);
    if (search) query.set("search", search);
    try {
      const body = await apiClient().request<{ data: Listing }>(`/api/admin/switch-requests?${query}`, { fresh: true, signal });
      if (signal.aborted) return;
      setListing(body.data);
      setState("ready");
    } catch (error) {
      if (signal.aborted) return;
      if (!isApiFailure(error)) throw error;
      setListing(null);
      setState("error");
    }
  }, [page, status, search, newestLoad]);

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
    setPage(1);
  }

  async function cancel(request: AdminSwitchRequestView) {
    if (!window.confirm(t.cancelConfirm(request.suppliers.name))) return;
    setCancelling(request.id);
    try {
      await apiClient().request(`/api/admin/switch-requests/${request.id}/cancel`, { method: "POST", body: { reason: ADMIN_TEXTS.switchQueues.cancelReason } });
      toast({ title: t.cancelled, variant: "success" });
      await load();
    } catch (error) {
      toast({ title: t.errorTitle, description: failureMessage(error, t.cancelFailed), variant: "destructive" });
    } finally {
      setCancelling(null);
    }
  }

  const pagination = listing?.pagination;

  return (
    <section className="admin-section" aria-label={t.tabRequests} data-section="switch-requests-list">
      <div className="admin-card request-filters">
        <form className="request-search" role="search" onSubmit={onSearch}>
          <label htmlFor={`${ids}-search`}>{t.searchLabel}</label>
          <div className="request-search-row">
            <input id={`${ids}-search`} type="search" value={draft} maxLength={100} placeholder={t.searchPlaceholder} onChange={(e) => setDraft(e.target.value)} />
            <button type="submit" className="button small">
              {t.search}
            </button>
          </div>
        </form>
        <div className="request-status-filter">
          <label htmlFor={`${ids}-status`}>{t.statusLabel}</label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t.allStatuses}</option>
            {FILTER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {TEXTS.switching.statusLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="request-filter-actions">
          <button type="button" className="button secondary small" onClick={reset}>
            {t.reset}
          </button>
          <button type="button" className="button secondary small" disabled={state === "loading"} onClick={() => void load()}>
            {t.refresh}
          </button>
        </div>
      </div>

      <ListLoadStatus state={state} loaded={listing !== null} loadingText={t.loading} errorText={t.requestsLoadFailed} reloadText={t.reload} onReload={() => void load()} />

      {listing && pagination ? (
        <>
          <ListCount text={t.found(pagination.total)} />
          {listing.requests.length === 0 ? (
            <ListEmpty text={t.empty} />
          ) : (
            <div className="request-list">
              {listing.requests.map((request) => (
                <RequestCard key={request.id} request={request} cancelling={cancelling === request.id} onCancel={() => void cancel(request)} />
              ))}
            </div>
          )}
          {listing.requests.length > 0 ? (
            <ListPagination page={pagination.page} pages={pagination.pages} busy={state === "loading"} texts={t} onStep={(delta) => setPage((p) => p + delta)} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
