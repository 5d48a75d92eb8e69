// /admin/users, 'Gestionare Utilizatori' (admin spec §2 "Users", §4, §5, §8): phone search, status and
// registration-date filters, the table with document progress, pages of 50 with 'Pagina X din Y', the
// actions menu (Activează / Suspendă / Dezactivează by the spec's rule, and the detail dialog), loading,
// error and empty states. Searching or changing a filter goes back to page 1.
import { useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useDismiss } from "~/components/ui/use-dismiss";
import { useToast } from "~/components/ui/toaster";
import { EMPTY_FILTERS, filtersFromAddress, progressCell, userDisplayName, type DocumentProgressView, type UserListFilters as Filters } from "~/lib/admin-users";
import { apiClient } from "~/lib/api-client";
import { ADMIN_USERS_PAGE_SIZE, USER_STATUSES, userStatusActions, type UserStatus } from "~/lib/schemas/admin-users";
import { ADMIN_TEXTS } from "~/texts/admin";
import { failureMessage, isApiFailure } from "./api-failure";
import { UserDetailDialog } from "./user-detail-dialog";
import { ListCount, ListEmpty, ListLoadStatus, ListPagination, type ListLoadState, useNewestLoad } from "./admin-list";

/** A user as GET /api/admin/users lists it (admin spec §3 "User (list)"). */
export interface AdminUserListItem {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string;
  status: UserStatus;
  created_at: string;
  last_login: string | null;
  document_progress: DocumentProgressView;
}

interface Listing {
  users: AdminUserListItem[];
  pagination: { page: number; limit: number; total: number; total_pages: number };
}

const dateFormat = new Intl.DateTimeFormat("ro-RO", { timeZone: "Europe/Bucharest", day: "2-digit", month: "2-digit", year: "numeric" });

function ActionsMenu({ user, busy, onDetails, onStatus }: { user: AdminUserListItem; busy: boolean; onDetails: () => void; onStatus: (to: UserStatus) => void }) {
  const t = ADMIN_TEXTS.users;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);
  const choose = (run: () => void) => {
    setOpen(false);
    run();
  };
  return (
    <div className="user-actions" ref={root}>
      <button
        type="button"
        className="button secondary small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t.actionsFor(userDisplayName(user))}
        disabled={busy}
        onClick={() => setOpen((was) => !was)}
      >
        {t.columns.actions} ▾
      </button>
      {open ? (
        <div className="admin-profile-menu user-actions-menu" role="menu" id={menuId}>
          <button type="button" role="menuitem" className="admin-menu-item" onClick={() => choose(onDetails)}>
            {t.details}
          </button>
          {userStatusActions(user.status).map((to) => (
            <button
              key={to}
              type="button"
              role="menuitem"
              className={`admin-menu-item${to === "active" ? "" : " danger"}`}
              onClick={() => choose(() => onStatus(to))}
            >
              {t.actions[to]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function UsersPage() {
  const t = ADMIN_TEXTS.users;
  const toast = useToast();
  const ids = useId();
  const [searchParams] = useSearchParams();
  const [draft, setDraft] = useState<Filters>(() => filtersFromAddress(searchParams));
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [listing, setListing] = useState<Listing | null>(null);
  const [state, setState] = useState<ListLoadState>("loading");
  const [loadError, setLoadError] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [detailOf, setDetailOf] = useState<AdminUserListItem | null>(null);

  const newestLoad = useNewestLoad();
  const load = useCallback(async () => {
    const signal = newestLoad();
    setState("loading");
    const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_USERS_PAGE_SIZE), sortBy: "created_at", sortOrder: "desc" });
    if (filters.search) query.set("search", filters.search);
    if (filters.status) query.set("status", filters.status);
    if (filters.dateFrom) query.set("date_from", filters.dateFrom);
    if (filters.dateTo) query.set("date_to", filters.dateTo);
    try {
      const body = await apiClient().request<{ data: Listing }>(`/api/admin/users?${query}`, { fresh: true, signal });
      if (signal.aborted) return;
      setListing(body.data);
      setState("ready");
    } catch (error) {
      if (signal.aborted) return;
      if (!isApiFailure(error)) throw error;
      const message = t.loadFailed(failureMessage(error, t.unknownError));
      setListing(null);
      setLoadError(message);
      setState("error");
      toast({ title: t.errorTitle, description: message, variant: "destructive" });
    }
  }, [page, filters, toast, t, newestLoad]);

  useEffect(() => {
    void load();
  }, [load]);

  function apply(next: Filters) {
    setFilters({ ...next, search: next.search.trim() });
    setPage(1);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(draft);
  }

  function reset() {
    setDraft(EMPTY_FILTERS);
    apply(EMPTY_FILTERS);
  }

  async function changeStatus(user: AdminUserListItem, to: UserStatus) {
    if (to !== "active" && !window.confirm(t.confirm(t.actions[to]!, userDisplayName(user)))) return;
    setBusy(user.id);
    try {
      await apiClient().request(`/api/admin/users/${user.id}/status`, { method: "PUT", body: { status: to } });
      toast({ title: t.successTitle, description: t.statusUpdated, variant: "success" });
      await load();
    } catch (error) {
      toast({ title: t.errorTitle, description: failureMessage(error, t.actionFailed), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  const pagination = listing?.pagination;

  return (
    <div className="admin-page users-admin">
      <div className="admin-page-head">
        <div>
          <h1>{t.title}</h1>
          <p className="admin-muted">{t.intro}</p>
        </div>
      </div>

      <form className="admin-card user-filters" role="search" onSubmit={onSubmit}>
        <div className="user-filter user-filter-search">
          <label htmlFor={`${ids}-search`}>{t.searchLabel}</label>
          <input
            id={`${ids}-search`}
            name="search"
            type="search"
            inputMode="tel"
            maxLength={100}
            placeholder={t.searchPlaceholder}
            value={draft.search}
            onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          />
        </div>
        <div className="user-filter">
          <label htmlFor={`${ids}-status`}>{t.statusFilter}</label>
          <select
            id={`${ids}-status`}
            name="status"
            value={draft.status}
            onChange={(e) => {
              const next = { ...draft, status: e.target.value };
              setDraft(next);
              apply(next);
            }}
          >
            <option value="">{t.allStatuses}</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t.statusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="user-filter">
          <label htmlFor={`${ids}-from`}>{t.dateFrom}</label>
          <input id={`${ids}-from`} name="date_from" type="date" value={draft.dateFrom} max={draft.dateTo || undefined} onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })} />
        </div>
        <div className="user-filter">
          <label htmlFor={`${ids}-to`}>{t.dateTo}</label>
          <input id={`${ids}-to`} name="date_to" type="date" value={draft.dateTo} min={draft.dateFrom || undefined} onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })} />
        </div>
        <div className="user-filter-actions">
          <button type="submit" className="button small">
            {t.search}
          </button>
          <button type="button" className="button secondary small" onClick={reset}>
            {t.reset}
          </button>
        </div>
      </form>

      <ListLoadStatus state={state} loaded={listing !== null} loadingText={t.loading} errorText={loadError} reloadText={t.reload} onReload={() => void load()} />

      {listing && pagination ? (
        <>
          <ListCount text={t.found(pagination.total)} />
          {listing.users.length === 0 ? (
            <ListEmpty text={t.empty} />
          ) : (
            <div className="admin-card user-table-card">
              <table className="user-table" aria-busy={state === "loading"}>
                <thead>
                  <tr>
                    <th scope="col">{t.columns.user}</th>
                    <th scope="col">{t.columns.phone}</th>
                    <th scope="col">{t.columns.status}</th>
                    <th scope="col">{t.columns.registered}</th>
                    <th scope="col">{t.columns.progress}</th>
                    <th scope="col">{t.columns.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {listing.users.map((user) => (
                    <tr key={user.id} data-user={user.id} data-status={user.status}>
                      <td data-label={t.columns.user}>
                        <strong>{userDisplayName(user)}</strong>
                        {user.email ? <span className="user-email">{user.email}</span> : null}
                      </td>
                      <td data-label={t.columns.phone}>{user.phone}</td>
                      <td data-label={t.columns.status}>
                        <span className={`admin-badge user-status-${user.status}`}>{t.statusLabels[user.status]}</span>
                      </td>
                      <td data-label={t.columns.registered}>{dateFormat.format(new Date(user.created_at))}</td>
                      <td data-label={t.columns.progress}>{progressCell(user.document_progress)}</td>
                      <td data-label={t.columns.actions}>
                        <ActionsMenu user={user} busy={busy === user.id} onDetails={() => setDetailOf(user)} onStatus={(to) => void changeStatus(user, to)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pagination.total_pages > 1 ? (
            <ListPagination page={pagination.page} pages={pagination.total_pages} busy={state === "loading"} texts={t} onStep={(delta) => setPage((p) => p + delta)} />
          ) : null}
        </>
      ) : null}

      <UserDetailDialog user={detailOf} onClose={() => setDetailOf(null)} />
    </div>
  );
}
