// /admin/invitatie/{token}: the invitee sets a password (admin password policy, stated and enforced on
// the server) and lands signed in on /admin. Outside the admin shell: no session is needed. A used,
// expired or unknown link gets one and the same page, so the answer tells nothing about the token.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminLoginFormEnd, AdminLoginFrame } from "~/components/admin/admin-login-frame";
import { parseWithZod, unreadableFormReply } from "~/lib/forms";
import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_PASSWORD_TEXTS,
  adminNewPasswordSchema,
} from "~/lib/schemas/admin-password";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { adminSessionCookies } from "~/server/admin/admin-auth.server";
import { withSetCookies } from "~/server/auth/cookies.server";
import { acceptInvitation, findOpenInvitation, invitationAttemptAllowed } from "~/server/admin/invitations.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { readFormData } from "~/server/http.server";
import adminStyles from "~/styles/admin.css?url";

const T = ADMIN_TEXTS.invitation;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: MetaFunction = () => [
  { title: `${T.title} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
  // the token is in the URL: never send it on to another site
  { name: "referrer", content: "no-referrer" },
];

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

// The document response carries them too, not only the data requests.
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

function refused(status: 404 | 429, retryAfterSeconds?: number) {
  return json(
    { state: status === 404 ? ("invalid" as const) : ("limited" as const), email: null, role: null },
    { status, headers: { ...NO_STORE, ...(retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {}) } },
  );
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const limit = await invitationAttemptAllowed(env, requestInfo(request).ip, now);
  if (!limit.allowed) return refused(429, limit.retryAfterSeconds);
  const invitation = await findOpenInvitation(context.db, params.token ?? "", now);
  if (!invitation) return refused(404);
  return json(
    { state: "open" as const, email: invitation.email, role: ADMIN_TEXTS.roles[invitation.role] },
    { headers: NO_STORE },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const now = Date.now();
  const info = requestInfo(request);
  const limit = await invitationAttemptAllowed(env, info.ip, now);
  if (!limit.allowed)
    return json({ result: unreadableFormReply(T.tooManyAttempts), invalid: false }, { status: 429, headers: NO_STORE });
  const formData = await readFormData(request);
  if (!formData)
    return json(
      { result: unreadableFormReply(TEXTS.api.unreadableBody), invalid: false },
      { status: 400, headers: NO_STORE },
    );
  const result = await acceptInvitation(
    env,
    context.db,
    params.token ?? "",
    {
      newPassword: formData.get("newPassword") ?? undefined,
      confirmPassword: formData.get("confirmPassword") ?? undefined,
    },
    info,
    now,
  );
  if (result.ok) {
    throw redirect("/admin", {
      headers: withSetCookies(await adminSessionCookies(env, request, result.token), NO_STORE),
    });
  }
  if (result.reason === "invalid_invitation")
    return json({ result: null, invalid: true }, { status: 404, headers: NO_STORE });
  // The same schema the server refused with, so the page shows exactly its messages.
  const submission = parseWithZod(formData, { schema: adminNewPasswordSchema(result.email) });
  return json(
    { result: submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), invalid: false },
    { status: 400, headers: NO_STORE },
  );
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <>
      <h1 id="invitation-title">{T.invalidTitle}</h1>
      <p className="admin-alert" role="alert">
        {message}
      </p>
      <Link to="/admin/login" className="button secondary">
        {T.goToLogin}
      </Link>
    </>
  );
}

export default function AdminInvitation() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const email = loaded.email ?? undefined;
  const [form, fields] = useForm({
    id: "admin-invitation",
    lastResult: actionData?.result ?? undefined,
    constraint: {
      newPassword: { required: true, minLength: ADMIN_PASSWORD_MIN_LENGTH, maxLength: ADMIN_PASSWORD_MAX_LENGTH },
      confirmPassword: { required: true },
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminNewPasswordSchema(email) }),
  });

  let body: React.ReactNode;
  if (loaded.state !== "open" || actionData?.invalid) {
    body = <InvalidInvitation message={loaded.state === "limited" ? T.tooManyAttempts : T.invalid} />;
  } else {
    body = (
      <>
        <h1 id="invitation-title">{T.title}</h1>
        <p className="admin-muted">{T.intro}</p>
        <dl className="invitation-facts">
          <div>
            <dt>{T.email}</dt>
            <dd>{loaded.email}</dd>
          </div>
          <div>
            <dt>{T.role}</dt>
            <dd>{loaded.role}</dd>
          </div>
        </dl>
        <Form method="post" {...getFormProps(form)} className="admin-login-form" aria-busy={busy}>
          {/* a hidden username lets password managers store the new password under the right account */}
          <input type="email" name="username" autoComplete="username" value={loaded.email ?? ""} readOnly hidden />
          <p className="admin-muted invitation-policy" id="password-policy">
            {ADMIN_PASSWORD_TEXTS.policy}
          </p>
          <div className="field">
            <label htmlFor={fields.newPassword.id}>{T.newPassword}</label>
            <input
              {...getInputProps(fields.newPassword, { type: "password" })}
              className={`input${fields.newPassword.errors ? " invalid" : ""}`}
              autoComplete="new-password"
              aria-describedby={`password-policy${fields.newPassword.errors ? ` ${fields.newPassword.errorId}` : ""}`}
              readOnly={busy}
            />
            {fields.newPassword.errors ? (
              <p className="field-error" id={fields.newPassword.errorId}>
                {fields.newPassword.errors[0]}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={fields.confirmPassword.id}>{T.confirmPassword}</label>
            <input
              {...getInputProps(fields.confirmPassword, { type: "password" })}
              className={`input${fields.confirmPassword.errors ? " invalid" : ""}`}
              autoComplete="new-password"
              readOnly={busy}
            />
            {fields.confirmPassword.errors ? (
              <p className="field-error" id={fields.confirmPassword.errorId}>
                {fields.confirmPassword.errors[0]}
              </p>
            ) : null}
          </div>
          <AdminLoginFormEnd errors={form.errors} errorId={form.errorId} busy={busy} label={T.submit} busyLabel={T.submitting} />
        </Form>
      </>
    );
  }

  return (
    <AdminLoginFrame labelledBy="invitation-title">
      {body}
    </AdminLoginFrame>
  );
}
