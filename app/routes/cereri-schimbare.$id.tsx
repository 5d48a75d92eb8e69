// /cereri-schimbare/{id} (and /switch-requests/{id}): one switch request (user spec §2 "Switch history
// and detail") — status, supplier, dates, type, reason, offer, price, validity, progress, savings, the
// log and the signature link when there is one; cancel (optional reason) and stop the automation.
// Another user's request, or none, is 'Cerere negăsită' (404).
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { useRevalidateOnSwitchEvents } from "~/components/live/user-live";
import { RequestStatusBadge } from "~/components/switching/request-status";
import { useToast } from "~/components/ui/toaster";
import { formatRoDay } from "~/lib/dates";
import { formatUploadTime } from "~/lib/documents";
import { parseWithZod, unreadableFormReply } from "~/lib/forms";
import { formatLei, formatPricePerKwh } from "~/lib/money";
import { validityPeriod } from "~/lib/offers";
import { CANCEL_REASON_MAX_LENGTH, cancelSwitchRequestSchema } from "~/lib/schemas/switch-request";
import { TEXTS } from "~/texts/user";
import { PIPELINE_TEXTS } from "~/texts/pipeline";
import { SIGNING_TEXTS } from "~/texts/signing";
import { requireUser } from "~/server/auth/user-auth.server";
import { cancelSwitchAutomation, cancelSwitchRequest } from "~/server/switching/lifecycle.server";
import { findOwnedRequestWithLogs } from "~/server/switching/requests.server";
import { stopSwitchInQueue } from "~/server/switching/pipeline.server";
import { readFormData } from "~/server/http.server";
import { switchRequestDetailView } from "~/server/switching/views.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: `${loaded ? TEXTS.switching.requestNumber(loaded.request.short_id) : TEXTS.switching.notFound} – ${TEXTS.brand.tagline}`,
  },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "page" });
  const found = await findOwnedRequestWithLogs(context.db, user.id, params.id ?? "");
  // Someone else's request, or none: the same 404 ('Cerere negăsită', below).
  if (!found) throw new Response(null, { status: 404 });
  return { request: switchRequestDetailView(found.request, found.supplier, found.logs) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "page" });
  const db = context.db;
  const formData = await readFormData(request);
  if (!formData) return { intent: "cancel", result: unreadableFormReply(TEXTS.api.unreadableBody), message: null, ok: false };
  const id = params.id ?? "";
  if (formData.get("intent") === "cancel-automation") {
    const result = await cancelSwitchAutomation(env, db, user.id, id);
    if (!result.ok && result.failure.code === "not_found") throw new Response(null, { status: 404 });
    if (result.ok) await stopSwitchInQueue(env, result.changed.request);
    return { intent: "cancel-automation", result: null, message: result.ok ? TEXTS.switching.automationCancelled : result.failure.message, ok: result.ok };
  }
  const submission = parseWithZod(formData, { schema: cancelSwitchRequestSchema });
  if (submission.status !== "success") return { intent: "cancel", result: submission.reply(), message: null, ok: false };
  const result = await cancelSwitchRequest(env, db, user.id, id, submission.value);
  if (!result.ok && result.failure.code === "not_found") throw new Response(null, { status: 404 });
  if (result.ok) await stopSwitchInQueue(env, result.changed.request);
  return {
    intent: "cancel",
    result: submission.reply({ resetForm: result.ok }),
    message: result.ok ? TEXTS.switching.cancelled : result.failure.message,
    ok: result.ok,
  };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function SwitchRequestPage() {
  useRevalidateOnSwitchEvents();
  const { request } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const t = TEXTS.switching;
  const P = PIPELINE_TEXTS.detail;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  const [form, fields] = useForm({
    id: "cancel-request",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cancelSwitchRequestSchema }),
  });

  useEffect(() => {
    if (navigation.state !== "idle" || !actionData?.message) return;
    toast({ title: actionData.message, variant: actionData.ok ? "success" : "destructive" });
  }, [actionData, navigation.state, toast]);

  const savings = request.estimated_monthly_savings;
  return (
    <section className="container page request-page">
      <Link to="/istoric-schimbari" className="back-link">
        ← {t.backToHistory}
      </Link>
      <div className="request-head">
        <h1 className="request-title">{t.requestNumber(request.short_id)}</h1>
        <RequestStatusBadge status={request.status} />
      </div>
      <div className="page-grid">
        <div className="card">
          <dl className="facts">
            <dt>{t.newSupplier}</dt>
            <dd>
              <strong>{request.suppliers.name}</strong>
              {request.suppliers.website ? (
                <>
                  {" · "}
                  <a href={request.suppliers.website} target="_blank" rel="noreferrer noopener">
                    {request.suppliers.website.replace(/^https?:\/\//, "")}
                  </a>
                </>
              ) : null}
            </dd>
            {request.current_supplier_name ? (
              <>
                <dt>{t.oldSupplier}</dt>
                <dd>{request.current_supplier_name}</dd>
              </>
            ) : null}
            <dt>{t.createdAt}</dt>
            <dd>{formatUploadTime(request.created_at)}</dd>
            <dt>{t.updatedAt}</dt>
            <dd>{formatUploadTime(request.updated_at)}</dd>
            <dt>{t.desiredDate}</dt>
            <dd>{formatRoDay(request.desired_switch_date)}</dd>
            <dt>{t.switchType}</dt>
            <dd>{t.switchTypes[request.switch_type] ?? request.switch_type}</dd>
            <dt>{t.reason}</dt>
            <dd>{t.reasons[request.switchReason] ?? request.switchReason}</dd>
            <dt>{t.offerName}</dt>
            <dd>{request.offer_name}</dd>
            <dt>{t.pricePerKwh}</dt>
            <dd>{t.perKwh(formatPricePerKwh(request.offer_price_per_kwh))}</dd>
            {request.offer_valid_from ? (
              <>
                <dt>{t.offerValidity}</dt>
                <dd>{validityPeriod(request.offer_valid_from, request.offer_valid_until)}</dd>
              </>
            ) : null}
            <dt>{savings !== null && savings < 0 ? t.estimatedExtraCost : t.estimatedSavings}</dt>
            <dd>{savings === null ? "—" : t.perMonth(formatLei(Math.abs(savings)))}</dd>
            {request.pod ? (
              <>
                <dt>{t.fields.pod}</dt>
                <dd>{request.pod}</dd>
              </>
            ) : null}
            <dt>{t.titleHolderQuality}</dt>
            <dd>{request.title_holder_quality}</dd>
            <dt>{t.currentStep}</dt>
            <dd>{t.stepLabelsByStep[request.current_step] ?? request.current_step}</dd>
            <dt>{t.progress}</dt>
            <dd>{request.progress_percentage}%</dd>
          </dl>
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

          <h2>{t.logTitle}</h2>
          {request.logs.length === 0 ? (
            <p className="muted">{t.logEmpty}</p>
          ) : (
            <ol className="request-log">
              {request.logs.map((log) => (
                <li key={log.id} className={log.log_type}>
                  <span>{log.message}</span>
                  <time dateTime={log.created_at}>
                    {formatUploadTime(log.created_at)} · {t.logTypes[log.log_type] ?? log.log_type}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </div>

        <aside className="page-grid-side">
          {request.failure_reason && request.status === "failed" ? (
            <div className="notice error" role="status">
              <p className="notice-title">{P.failure}</p>
              <p>{request.failure_reason}</p>
            </div>
          ) : null}
          {request.contract_url ? (
            <div className="card contract-card">
              <h2>{P.contractTitle}</h2>
              {request.contract_number ? <p>{P.contractNumber(request.contract_number)}</p> : null}
              {request.signed_at ? <p>{P.signedAt(formatUploadTime(request.signed_at))}</p> : null}
              {request.supplier_switch_date ? <p>{P.switchDate(formatRoDay(request.supplier_switch_date))}</p> : null}
              {request.withdrawal_until && request.can_cancel ? <p className="hint">{SIGNING_TEXTS.withdrawal(formatRoDay(request.withdrawal_until))}</p> : null}
              <a className="button secondary wide" href={request.contract_url} target="_blank" rel="noreferrer">
                {request.signed_at ? P.openSignedContract : P.openContract}
              </a>
            </div>
          ) : null}
          {request.signatureLink && request.status === "awaiting_signature" ? (
            <div className="card signature-card">
              <h2>{t.signatureTitle}</h2>
              {request.signatureLink.expiresAt ? <p>{t.signatureExpires(formatUploadTime(request.signatureLink.expiresAt))}</p> : null}
              {request.signatureLink.attemptsRemaining !== null && request.signatureLink.maxAttempts !== null ? (
                <p>{t.signatureAttempts(request.signatureLink.attemptsRemaining, request.signatureLink.maxAttempts)}</p>
              ) : null}
              <a className="button primary wide" href={request.signatureLink.url}>
                {t.signatureOpen}
              </a>
            </div>
          ) : null}

          {request.can_cancel_automation ? (
            <Form method="post" className="card">
              <input type="hidden" name="intent" value="cancel-automation" />
              <button type="submit" className="button secondary wide" disabled={busy}>
                {t.cancelAutomation}
              </button>
            </Form>
          ) : null}

          {request.can_cancel ? (
            <Form method="post" {...getFormProps(form)} className="card cancel-form" noValidate>
              <h2>{t.cancelTitle}</h2>
              <input type="hidden" name="intent" value="cancel" />
              <div className="field">
                <label htmlFor={fields.reason.id}>{t.cancelReason}</label>
                <textarea
                  id={fields.reason.id}
                  name={fields.reason.name}
                  className={`input${fields.reason.errors ? " invalid" : ""}`}
                  maxLength={CANCEL_REASON_MAX_LENGTH}
                  defaultValue=""
                />
                {fields.reason.errors ? <p className="field-error">{fields.reason.errors[0]}</p> : null}
              </div>
              <button type="submit" className="button danger-solid wide" disabled={busy}>
                {t.cancelConfirm}
              </button>
            </Form>
          ) : null}
        </aside>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  const t = TEXTS.switching;
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container narrow page request-page">
      <div className={notFound ? "card" : "notice error"} role={notFound ? undefined : "alert"}>
        {notFound ? <h1>{t.notFound}</h1> : <p className="notice-title">{t.detailLoadFailed}</p>}
        <Link to="/istoric-schimbari" className={notFound ? "button primary" : undefined}>
          {t.backToHistory}
        </Link>
      </div>
    </section>
  );
}
