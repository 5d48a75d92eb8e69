// /istoric-schimbari (and /cereri-schimbare, /switch-requests): the user's switch requests, newest
// first, with a status filter; the page loads up to 100 (user spec §2 "Switch history and detail").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { useRevalidateOnSwitchEvents } from "~/components/live/user-live";
import { RequestStatusBadge } from "~/components/switching/request-status";
import { formatRoDay } from "~/lib/dates";
import { formatUploadTime } from "~/lib/documents";
import { formatLei, formatPricePerKwh } from "~/lib/money";
import { SWITCH_LIST_MAX_LIMIT, switchRequestListQuerySchema } from "~/lib/schemas/switch-request";
import { SWITCH_STATUSES } from "~/lib/switching";
import { TEXTS } from "~/texts/user";
import { requireUser } from "~/server/auth/user-auth.server";
import { listUserRequests } from "~/server/switching/requests.server";
import { switchRequestView } from "~/server/switching/views.server";

export const meta: MetaFunction = () => [{ title: `${TEXTS.switching.historyTitle} – ${TEXTS.brand.tagline}` }];

/** One entry per label: 'canceled' is the spec's other spelling of 'cancelled'. */
const FILTER_STATUSES = SWITCH_STATUSES.filter((status) => status !== "canceled");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "page" });
  const parsed = switchRequestListQuerySchema.safeParse({
    status: new URL(request.url).searchParams.get("status") ?? undefined,
    limit: String(SWITCH_LIST_MAX_LIMIT),
  });
  // An unknown status in the address shows every request rather than an error page.
  const status = parsed.success ? parsed.data.status : undefined;
  const rows = await listUserRequests(context.db, user.id, { status, limit: SWITCH_LIST_MAX_LIMIT });
  return { status: status ?? "", requests: rows.map(({ request: row, supplier }) => switchRequestView(row, supplier)) };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function SwitchHistoryPage() {
  useRevalidateOnSwitchEvents();
  const { status, requests } = useLoaderData<typeof loader>();
  const t = TEXTS.switching;
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/istoric-schimbari";

  return (
    <section className="container page history-page">
      <h1>{t.historyTitle}</h1>
      <p className="muted">{t.historyIntro}</p>
      <Form method="get" action="/istoric-schimbari" className="history-filter" onChange={(event) => submit(event.currentTarget)}>
        <div className="field">
          <label htmlFor="history-status">{t.statusFilter}</label>
          <select id="history-status" name="status" className="input" defaultValue={status} key={status}>
            <option value="">{t.allStatuses}</option>
            {FILTER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t.statusLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="button secondary">
            {t.applyFilter}
          </button>
        </noscript>
      </Form>

      <div aria-busy={loading} aria-live="polite">
        {loading ? (
          <p className="muted" role="status">
            <span className="spinner dark" aria-hidden="true" /> {t.historyLoading}
          </p>
        ) : requests.length === 0 ? (
          <div className="card empty-history">
            <p>{status ? t.historyEmptyFiltered : t.historyEmpty}</p>
            {status ? null : (
              <Link to="/" className="button primary">
                {t.compareOffers}
              </Link>
            )}
          </div>
        ) : (
          <ul className="request-list">
            {requests.map((request) => (
              <li key={request.id} className="request-item" data-request-id={request.id}>
                <div className="request-head">
                  <h2 className="request-title">{t.requestNumber(request.short_id)}</h2>
                  <RequestStatusBadge status={request.status} />
                </div>
                <p className="request-supplier">
                  <strong>{request.suppliers.name}</strong> · {request.offer_name} · {t.perKwh(formatPricePerKwh(request.offer_price_per_kwh))}
                </p>
                <p className="request-meta">
                  <span>
                    {t.createdAt}: {formatUploadTime(request.created_at)}
                  </span>
                  <span>
                    {t.desiredDate}: {formatRoDay(request.desired_switch_date)}
                  </span>
                  {request.estimated_monthly_savings !== null ? (
                    <span>
                      {request.estimated_monthly_savings < 0 ? t.estimatedExtraCost : t.estimatedSavings}:{" "}
                      {t.perMonth(formatLei(Math.abs(request.estimated_monthly_savings)))}
                    </span>
                  ) : null}
                </p>
                <div
                  className="progress"
                  role="progressbar"
                  aria-label={t.progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={request.progress_percentage}
                >
                  <div className="progress-bar" style={{ width: `${request.progress_percentage}%` }} />
                </div>
                <Link to={`/cereri-schimbare/${request.id}`} className="request-link">
                  {t.details}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const t = TEXTS.switching;
  const revalidator = useRevalidator();
  return (
    <section className="container page history-page">
      <h1>{t.historyTitle}</h1>
      <div className="notice error" role="alert">
        <p className="notice-title">{t.listLoadFailed}</p>
        <button type="button" className="link-button" onClick={() => revalidator.revalidate()}>
          {t.retry}
        </button>
      </div>
    </section>
  );
}
