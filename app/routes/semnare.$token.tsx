// /semnare/{token}: the contract signing page the SMS links to (issue #10, item 5). The token finds the
// request; signing also needs the code sent to the account's phone. Expired or exhausted links can ask
// for a new one. The token is in the URL, so this page sends no Referer anywhere.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useParams } from "@remix-run/react";
import { useState } from "react";
import { SignaturePad } from "~/components/signing/signature-pad";
import { formatRoDay } from "~/lib/dates";
import { parseWithZod } from "~/lib/forms";
import { microToDecimal } from "~/lib/money";
import { contractSigningSchema } from "~/lib/schemas/contract-signing";
import { SIGNING_TEXTS } from "~/lib/texts-signing";
import { requestInfo } from "~/server/auth/request-info.server";
import { createDb } from "~/server/db/client.server";
import { supplierQueue } from "~/server/switching/pipeline.server";
import {
  checkSigningCode,
  findSigningRequest,
  sendSigningCode,
  signingState,
} from "~/server/switching/signing.server";
import { withdrawalDeadline } from "~/lib/withdrawal";

const T = SIGNING_TEXTS;

export const meta: MetaFunction = () => [{ title: `${T.title} – CEL MAI IEFTIN CURENT!` }, { name: "referrer", content: "no-referrer" }];

export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" });

function bucharestTime(ms: number): string {
  return new Intl.DateTimeFormat("ro-RO", {
    timeZone: "Europe/Bucharest",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(ms));
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const found = await findSigningRequest(createDb(env.DB), params.token ?? "");
  if (!found) return { state: "invalid" as const };
  const { request, supplier } = found;
  const now = Date.now();
  const deadline = withdrawalDeadline(request.signedAt);
  return {
    state: signingState(request, now),
    requestId: request.id,
    supplierName: supplier.name,
    offerName: request.offerName,
    pricePerKwh: microToDecimal(request.offerPriceMicroLei, 4).replace(".", ","),
    desiredSwitchDate: formatRoDay(request.desiredSwitchDate),
    pod: request.pod,
    contractNumber: request.contractNumber,
    expiresAt: request.signatureExpiresAt ? bucharestTime(request.signatureExpiresAt) : null,
    attemptsRemaining: request.signatureAttemptsRemaining ?? 0,
    maxAttempts: request.signatureMaxAttempts ?? 0,
    codeActive: (request.signatureCodeExpiresAt ?? 0) > now,
    withdrawalUntil: deadline ? formatRoDay(deadline) : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const db = createDb(env.DB);
  const token = params.token ?? "";
  const found = await findSigningRequest(db, token);
  if (!found) return { intent: "invalid" as const };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { intent: "sign" as const, message: T.errors.failed };
  }
  const intent = form.get("intent");
  if (intent === "send-code") {
    const sent = await sendSigningCode(env, db, found);
    if (sent.ok) return { intent: "send-code" as const, message: T.codeSent, ok: true };
    const message = sent.reason === "cooldown" ? T.cooldown(sent.retryAfterSeconds ?? 60) : T.smsFailed;
    return { intent: "send-code" as const, message, ok: false };
  }
  if (intent === "new-link") {
    const renewed = await supplierQueue(env, found.supplier.id).renewSignatureLink(found.request.id);
    return { intent: "new-link" as const, message: renewed ? T.newLinkSent : T.states.invalid.message, ok: renewed };
  }

  const submission = parseWithZod(form, { schema: contractSigningSchema });
  if (submission.status !== "success") return { intent: "sign" as const, result: submission.reply() };
  const check = await checkSigningCode(env, db, found, submission.value.code);
  if (!check.ok) {
    const message = check.reason === "wrong_code" ? T.errors.wrongCode(check.attemptsRemaining) : T.errors.noCode(check.attemptsRemaining);
    return { intent: "sign" as const, result: submission.reply({ fieldErrors: { code: [message] } }) };
  }
  const value = submission.value;
  const mark =
    value.method === "typed"
      ? { method: "typed" as const, name: value.typedName }
      : { method: "drawn" as const, png: Uint8Array.from(atob(value.signaturePng.split(",")[1] ?? ""), (c) => c.charCodeAt(0)) };
  const info = requestInfo(request);
  try {
    const stored = await supplierQueue(env, found.supplier.id).completeSignature(found.request.id, {
      mark,
      ipAddress: info.ip === "unknown" ? null : info.ip,
      userAgent: info.userAgent,
    });
    if (!stored.ok) return { intent: "sign" as const, result: submission.reply({ formErrors: [T.errors.failed] }) };
  } catch (error) {
    // A drawn "signature" that is not a real PNG ends here too.
    console.error("signing: the signed contract could not be made", found.request.id, error instanceof Error ? error.message : error);
    return { intent: "sign" as const, result: submission.reply({ formErrors: [T.errors.failed] }) };
  }
  throw redirect(`/semnare/${token}`);
}

function StateNotice({ title, message }: { title: string; message: string }) {
  return (
    <div className="card">
      <h1>{title}</h1>
      <p>{message}</p>
    </div>
  );
}

export default function SigningPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { token } = useParams();
  const [method, setMethod] = useState<"typed" | "drawn">("typed");
  const signResult = actionData?.intent === "sign" && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "contract-signing",
    lastResult: navigation.state === "idle" ? signResult : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contractSigningSchema }),
  });

  if (data.state === "invalid") {
    return (
      <section className="container page signing-page">
        <StateNotice {...T.states.invalid} />
      </section>
    );
  }

  const detailLink = `/cereri-schimbare/${data.requestId}`;
  const notice =
    actionData && "message" in actionData && actionData.message ? (
      <div className={`notice ${"ok" in actionData && actionData.ok ? "success" : "error"}`} role="status">
        <p>{actionData.message}</p>
      </div>
    ) : null;

  if (data.state !== "ready") {
    const text = T.states[data.state];
    return (
      <section className="container page signing-page">
        <div className="card">
          <h1>{text.title}</h1>
          <p>{data.state === "signed" ? T.done : text.message}</p>
          {data.state === "signed" && data.withdrawalUntil ? <p className="hint">{T.withdrawal(data.withdrawalUntil)}</p> : null}
          {notice}
          {data.state === "expired" || data.state === "exhausted" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="new-link" />
              <button type="submit" className="button primary" disabled={busy}>
                {T.newLink}
              </button>
            </Form>
          ) : null}
          <p>
            <Link to={detailLink}>{T.seeRequest}</Link>
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="container page signing-page">
      <h1>{T.title}</h1>
      <p>{T.intro(data.supplierName)}</p>
      <div className="card">
        {data.contractNumber ? <h2>{T.contractNumber(data.contractNumber)}</h2> : null}
        <dl className="facts">
          <dt>{T.summary.supplier}</dt>
          <dd>{data.supplierName}</dd>
          <dt>{T.summary.offer}</dt>
          <dd>{data.offerName}</dd>
          <dt>{T.summary.price}</dt>
          <dd>{data.pricePerKwh} lei/kWh</dd>
          <dt>{T.summary.startDate}</dt>
          <dd>{data.desiredSwitchDate}</dd>
          <dt>{T.summary.pod}</dt>
          <dd>{data.pod}</dd>
        </dl>
        <p>
          <a className="button secondary" href={`/semnare/${token}/contract`} target="_blank" rel="noreferrer">
            {T.openContract}
          </a>
        </p>
        {data.expiresAt ? <p className="hint">{T.expiresAt(data.expiresAt)}</p> : null}
        <p className="hint">{T.attemptsLeft(data.attemptsRemaining, data.maxAttempts)}</p>
      </div>

      <div className="card">
        {notice}
        <Form method="post">
          <input type="hidden" name="intent" value="send-code" />
          <button type="submit" className="button secondary" disabled={busy}>
            {data.codeActive ? T.resendCode : T.sendCode}
          </button>
        </Form>

        <Form method="post" {...getFormProps(form)} noValidate>
          <input type="hidden" name="intent" value="sign" />
          <div className="field">
            <label htmlFor={fields.code.id}>{T.codeLabel}</label>
            <input
              {...getInputProps(fields.code, { type: "text" })}
              className={`input${fields.code.errors ? " invalid" : ""}`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            {fields.code.errors ? <p className="field-error">{fields.code.errors[0]}</p> : null}
          </div>
          <fieldset className="field">
            <legend>{T.methodLabel}</legend>
            <div className="method-choice">
              <label>
                <input type="radio" name="method" value="typed" checked={method === "typed"} onChange={() => setMethod("typed")} /> {T.typed}
              </label>
              <label>
                <input type="radio" name="method" value="drawn" checked={method === "drawn"} onChange={() => setMethod("drawn")} /> {T.drawn}
              </label>
            </div>
          </fieldset>
          {method === "typed" ? (
            <div className="field">
              <label htmlFor={fields.typedName.id}>{T.typedNameLabel}</label>
              <input
                {...getInputProps(fields.typedName, { type: "text" })}
                className={`input${fields.typedName.errors ? " invalid" : ""}`}
                autoComplete="name"
              />
              {fields.typedName.errors ? <p className="field-error">{fields.typedName.errors[0]}</p> : null}
            </div>
          ) : (
            <div className="field">
              <SignaturePad name={fields.signaturePng.name} invalid={Boolean(fields.signaturePng.errors)} />
              {fields.signaturePng.errors ? <p className="field-error">{fields.signaturePng.errors[0]}</p> : null}
            </div>
          )}
          <label className="consent">
            <input type="checkbox" name={fields.consent.name} value="on" />
            <span>{T.consent}</span>
          </label>
          {fields.consent.errors ? <p className="field-error">{fields.consent.errors[0]}</p> : null}
          {form.errors ? (
            <p className="form-error" role="alert">
              {form.errors[0]}
            </p>
          ) : null}
          <button type="submit" className="button primary wide" disabled={busy}>
            {busy && navigation.formData?.get("intent") === "sign" ? T.signing : T.sign}
          </button>
        </Form>
      </div>
    </section>
  );
}
