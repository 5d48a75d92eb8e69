// The development gate screen (user spec §1). Reached only when the gate is configured.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod, unreadableFormReply } from "~/lib/forms";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { devGateSchema } from "~/lib/schemas/dev-gate";
import { TEXTS } from "~/texts/user";
import { safeRedirectPath } from "~/server/auth/user-auth.server";
import { attemptDevGateLogin, devGateEnabled, devGatePassCookie } from "~/server/dev-gate.server";
import { readFormData } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const next = safeRedirectPath(new URL(request.url).searchParams.get("next"));
  if (!devGateEnabled(context.cloudflare.env)) throw redirect(next);
  return { next };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  if (!devGateEnabled(env)) throw redirect("/");
  const formData = await readFormData(request);
  if (!formData) return json({ result: unreadableFormReply(TEXTS.api.unreadableBody), granted: false, next: "/" }, 400);
  const submission = parseWithZod(formData, { schema: devGateSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), granted: false, next: "/" }, 400);
  const { username, password, next } = submission.value;
  const login = await attemptDevGateLogin(env, request, username, password);
  if (!login.ok && login.status === 429) {
    const minutes = Math.ceil(login.retryAfterSeconds / 60);
    return json(
      { result: submission.reply({ formErrors: [TEXTS.devGate.tooManyAttempts(minutes)], hideFields: ["password"] }), granted: false, next: "/" },
      { status: 429, headers: { "Retry-After": String(login.retryAfterSeconds) } },
    );
  }
  if (!login.ok) {
    return json(
      { result: submission.reply({ formErrors: [TEXTS.devGate.deniedMessage], hideFields: ["password"] }), granted: false, next: "/" },
      401,
    );
  }
  return json(
    { result: submission.reply(), granted: true, next: safeRedirectPath(next) },
    { headers: { "Set-Cookie": await devGatePassCookie(env, request) } },
  );
}

export default function DevGate() {
  const { next } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = TEXTS.devGate;
  const [form, fields] = useForm({
    id: "dev-gate",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: devGateSchema }),
  });

  useEffect(() => {
    if (!actionData?.granted) return;
    const timer = window.setTimeout(() => window.location.assign(actionData.next), 1_000);
    return () => window.clearTimeout(timer);
  }, [actionData]);

  return (
    <section className="container narrow auth-page">
      <div className="auth-card">
        <h1>{t.title}</h1>
        {actionData?.granted ? (
          <div className="notice success" role="status">
            <p className="notice-title">{t.grantedTitle}</p>
            <p>{t.grantedMessage}</p>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="sign-in-form" noValidate>
            <input type="hidden" name="next" value={next} />
            <div className="field">
              <label htmlFor={fields.username.id}>{t.username}</label>
              <input
                {...getInputProps(fields.username, { type: "text" })}
                className="input"
                autoComplete="username"
              />
              {fields.username.errors ? <p className="field-error">{fields.username.errors[0]}</p> : null}
            </div>
            <div className="field">
              <label htmlFor={fields.password.id}>{t.password}</label>
              <input
                {...getInputProps(fields.password, { type: "password" })}
                className="input"
                autoComplete="current-password"
              />
              {fields.password.errors ? <p className="field-error">{fields.password.errors[0]}</p> : null}
            </div>
            {form.errors ? (
              <div className="notice error" role="alert">
                <p className="notice-title">{t.deniedTitle}</p>
                <p>{form.errors[0]}</p>
              </div>
            ) : null}
            <button type="submit" className="button primary wide" disabled={navigation.state !== "idle"}>
              {navigation.state !== "idle" ? t.checking : t.submit}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
