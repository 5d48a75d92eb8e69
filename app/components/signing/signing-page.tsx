// The contract signing page (issue #10, item 5), shared by /semnare/{token} (the SMS link) and
// /cereri-schimbare/{id}/semnare (the owner's request page): the contract's summary and PDF, the SMS
// code, a typed or drawn signature, the consent; the expired, exhausted, signed and closed states.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { parseWithZod } from "~/lib/forms";
import { contractSigningSchema } from "~/lib/schemas/contract-signing";
import { SIGNING_TEXTS } from "~/texts/signing";
import type { SigningActionData, SigningPageData } from "~/server/switching/signing-page.server";
import { SignaturePad } from "./signature-pad";

const T = SIGNING_TEXTS;

function StateNotice({ title, message }: { title: string; message: string }) {
  return (
    <div className="card">
      <h1>{title}</h1>
      <p>{message}</p>
    </div>
  );
}

export function SigningPage() {
  const data = useLoaderData<SigningPageData>();
  const actionData = useActionData<SigningActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
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
          <a className="button secondary" href={data.contractUrl} target="_blank" rel="noreferrer">
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
