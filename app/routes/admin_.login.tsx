// /admin/login (admin spec §2 "Admin login", §5, §8): e-mail and password, both non-empty. Outside the
// admin shell (the trailing underscore), so it needs no session. Signed-in admins go straight on.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod, unreadableFormReply } from "~/lib/forms";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TwoFactorStep } from "~/components/admin/two-factor-step";
import { AdminLoginFormEnd, AdminLoginFrame } from "~/components/admin/admin-login-frame";
import { adminTwoFactorLoginSchema } from "~/lib/schemas/admin-invite";
import { adminLoginSchema } from "~/lib/schemas/auth";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { getOptionalAdmin, signInAdmin } from "~/server/admin/admin-auth.server";
import { withSetCookies } from "~/server/auth/cookies.server";
import { adminRedirectPath } from "~/server/admin/shell.server";
import { readFormData } from "~/server/http.server";
import adminStyles from "~/styles/admin.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.login.title} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

// The lockout's Retry-After reaches the document response too, not only the data request.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = adminRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalAdmin(request, context)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // signInAdmin reads the body itself, so the form is parsed from a copy.
  const formData = await readFormData(request.clone());
  if (!formData) return json({ result: unreadableFormReply(TEXTS.api.unreadableBody), twoFactor: null }, { status: 400 });
  // The second step of an admin with two-factor on carries the first step's challenge.
  const challenge = formData.get("challenge");
  const twoFactor = typeof challenge === "string" ? { challenge } : null;
  const submission = twoFactor
    ? parseWithZod(formData, { schema: adminTwoFactorLoginSchema })
    : parseWithZod(formData, { schema: adminLoginSchema });
  const hideFields = twoFactor ? ["code"] : ["password"];
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields }), twoFactor }, { status: 400 });
  }
  let result: Awaited<ReturnType<typeof signInAdmin>>;
  try {
    result = await signInAdmin(request, context);
  } catch (error) {
    // Spec §8: any other failure reads 'Login failed'. The cause goes to the log.
    console.error("admin sign-in failed", error);
    return json(
      { result: submission.reply({ formErrors: [ADMIN_TEXTS.loginFailedGeneric], hideFields }), twoFactor },
      { status: 500 },
    );
  }
  if (!result.ok) {
    const { failure } = result;
    if (failure.code === "two_factor_required" && failure.challenge) {
      return json({ result: null, twoFactor: { challenge: failure.challenge } });
    }
    const headers: HeadersInit = failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : {};
    // A spent or expired challenge sends the admin back to the password.
    const stillTwoFactor = twoFactor && failure.code !== "challenge_expired" ? twoFactor : null;
    return json(
      {
        result: submission.reply({ formErrors: [failure.message || ADMIN_TEXTS.loginFailedGeneric], hideFields }),
        twoFactor: stillTwoFactor,
      },
      { status: failure.status, headers },
    );
  }
  throw redirect(adminRedirectPath(formData.get("redirectTo")), { headers: withSetCookies(result.setCookies) });
}

export default function AdminLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const t = ADMIN_TEXTS.login;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: actionData?.twoFactor ? null : actionData?.result,
    constraint: { email: { required: true, maxLength: 254 }, password: { required: true, maxLength: 1024 } },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminLoginSchema }),
  });

  // After a refused attempt the password field starts empty again (the e-mail stays). The input is
  // uncontrolled, so it is cleared in the DOM; conform reads the DOM when the form is next submitted.
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData?.result && passwordRef.current) passwordRef.current.value = "";
  }, [actionData]);

  if (actionData?.twoFactor) {
    return <TwoFactorStep challenge={actionData.twoFactor.challenge} redirectTo={redirectTo} lastResult={actionData.result} />;
  }

  return (
    <AdminLoginFrame labelledBy="admin-login-title">
      <h1 id="admin-login-title">{t.title}</h1>
      <p className="admin-muted">{t.intro}</p>
      <Form method="post" {...getFormProps(form)} className="admin-login-form" aria-busy={busy}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="field">
          <label htmlFor={fields.email.id}>{t.email}</label>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            className={`input${fields.email.errors ? " invalid" : ""}`}
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            readOnly={busy}
          />
          {fields.email.errors ? (
            <p className="field-error" id={fields.email.errorId}>
              {fields.email.errors[0]}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={fields.password.id}>{t.password}</label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            ref={passwordRef}
            className={`input${fields.password.errors ? " invalid" : ""}`}
            autoComplete="current-password"
            readOnly={busy}
          />
          {fields.password.errors ? (
            <p className="field-error" id={fields.password.errorId}>
              {fields.password.errors[0]}
            </p>
          ) : null}
        </div>
        <AdminLoginFormEnd errors={form.errors} errorId={form.errorId} busy={busy} label={t.submit} busyLabel={t.submitting} />
      </Form>
    </AdminLoginFrame>
  );
}
