// The second step of the admin sign-in (/admin/login) for an admin with two-factor on: the code from
// the authenticator app, or a recovery code, sent back with the first step's challenge.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { AdminLoginFormEnd, AdminLoginFrame } from "~/components/admin/admin-login-frame";
import { parseWithZod } from "~/lib/forms";
import { adminTwoFactorLoginSchema } from "~/lib/schemas/admin-invite";
import { ADMIN_TEXTS } from "~/texts/admin";

/** The second step: the code from the authenticator app, or a recovery code. */
export function TwoFactorStep({
  challenge,
  redirectTo,
  lastResult,
}: {
  challenge: string;
  redirectTo: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const t = ADMIN_TEXTS.twoFactor;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "admin-two-factor",
    lastResult,
    constraint: { code: { required: true, maxLength: 40 } },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminTwoFactorLoginSchema }),
  });
  return (
    <AdminLoginFrame labelledBy="admin-login-title">
      <h1 id="admin-login-title">{t.loginTitle}</h1>
      <p className="admin-muted">{t.loginIntro}</p>
      <Form method="post" {...getFormProps(form)} className="admin-login-form" aria-busy={busy}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="challenge" value={challenge} />
        <div className="field">
          <label htmlFor={fields.code.id}>{t.code}</label>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            className={`input${fields.code.errors ? " invalid" : ""}`}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            readOnly={busy}
          />
          {fields.code.errors ? (
            <p className="field-error" id={fields.code.errorId}>
              {fields.code.errors[0]}
            </p>
          ) : null}
        </div>
        <AdminLoginFormEnd
          errors={form.errors}
          errorId={form.errorId}
          busy={busy}
          label={t.loginSubmit}
          busyLabel={t.loginSubmitting}
        />
      </Form>
      <p className="admin-login-back">
        <Link to={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`} reloadDocument>
          {t.backToLogin}
        </Link>
      </p>
    </AdminLoginFrame>
  );
}
