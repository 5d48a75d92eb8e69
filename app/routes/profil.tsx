// /profil (and /cont): editable names and e-mail, read-only phone, account status, quick actions.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod, unreadableFormReply } from "~/lib/forms";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { SignOutButton } from "~/components/layout/sign-out-button";
import { useToast } from "~/components/ui/toaster";
import { bucharestDay, formatRoDayLong } from "~/lib/dates";
import { profileUpdateSchema } from "~/lib/schemas/profile";
import { TEXTS } from "~/texts/user";
import { requireUser } from "~/server/auth/user-auth.server";
import { readFormData } from "~/server/http.server";
import { getProfile, updateProfile } from "~/server/users/profile.server";

export const meta: MetaFunction = () => [{ title: `${TEXTS.profile.title} – ${TEXTS.brand.tagline}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "page" });
  const profile = await getProfile(context.db, user.id);
  if (!profile) throw new Response(TEXTS.profile.loadFailed, { status: 404 });
  return { profile };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, { mode: "page" });
  const formData = await readFormData(request);
  if (!formData) return { result: unreadableFormReply(TEXTS.api.unreadableBody), saved: false };
  const submission = parseWithZod(formData, { schema: profileUpdateSchema });
  if (submission.status !== "success") return { result: submission.reply(), saved: false };
  const profile = await updateProfile(context.db, user.id, submission.value);
  if (!profile) return { result: submission.reply({ formErrors: [TEXTS.profile.updateFailed] }), saved: false };
  return { result: submission.reply(), saved: true };
}

export default function ProfilePage() {
  const { profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const t = TEXTS.profile;
  const saving = navigation.state === "submitting";

  const [form, fields] = useForm({
    id: "profile",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileUpdateSchema }),
    defaultValue: {
      first_name: profile.first_name ?? "",
      last_name: profile.last_name ?? "",
      email: profile.email ?? "",
    },
  });

  useEffect(() => {
    if (navigation.state !== "idle" || !actionData) return;
    if (actionData.saved) toast({ title: t.updated, variant: "success" });
    else if (actionData.result.error?.[""]) toast({ title: t.updateFailed, variant: "destructive" });
  }, [actionData, navigation.state, toast, t.updated, t.updateFailed]);

  return (
    <section className="container page profile-page">
      <h1>{t.title}</h1>
      <div className="page-grid">
        <Form method="post" {...getFormProps(form)} className="card profile-form" noValidate>
          <h2>{t.personalData}</h2>
          <div className="form-row">
            <div className="field">
              <label htmlFor={fields.first_name.id}>{t.firstName}</label>
              <input
                {...getInputProps(fields.first_name, { type: "text" })}
                className={`input${fields.first_name.errors ? " invalid" : ""}`}
                autoComplete="given-name"
              />
              {fields.first_name.errors ? <p className="field-error">{fields.first_name.errors[0]}</p> : null}
            </div>
            <div className="field">
              <label htmlFor={fields.last_name.id}>{t.lastName}</label>
              <input
                {...getInputProps(fields.last_name, { type: "text" })}
                className={`input${fields.last_name.errors ? " invalid" : ""}`}
                autoComplete="family-name"
              />
              {fields.last_name.errors ? <p className="field-error">{fields.last_name.errors[0]}</p> : null}
            </div>
          </div>
          <div className="field">
            <label htmlFor={fields.email.id}>{t.email}</label>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              className={`input${fields.email.errors ? " invalid" : ""}`}
              autoComplete="email"
            />
            {fields.email.errors ? <p className="field-error">{fields.email.errors[0]}</p> : null}
          </div>
          <div className="field">
            <label htmlFor="profile-phone">{t.phone}</label>
            <input id="profile-phone" className="input" value={profile.phone} readOnly aria-describedby="phone-note" />
            <p id="phone-note" className="hint">
              {t.phoneReadOnly}
            </p>
          </div>
          {form.errors ? (
            <p className="form-error" role="alert">
              {form.errors[0]}
            </p>
          ) : null}
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? t.saving : t.save}
          </button>
        </Form>

        <aside className="card account-card">
          <h2>{t.account}</h2>
          <dl className="facts">
            <dt>{t.status}</dt>
            <dd>
              <span className={`badge ${profile.status === "active" ? "green" : ""}`}>
                {t.statusLabels[profile.status] ?? profile.status}
              </span>
            </dd>
            <dt>{t.memberSince}</dt>
            <dd>{formatRoDayLong(bucharestDay(new Date(profile.created_at)))}</dd>
          </dl>
          <h3>{t.quickActions}</h3>
          <ul className="quick-actions">
            <li>
              <Link to="/">{TEXTS.search.submit} ofertele</Link>
            </li>
            <li>
              <Link to="/schimba-furnizor">{TEXTS.nav.switchSupplier}</Link>
            </li>
            <li>
              <Link to="/documente">{TEXTS.nav.documents}</Link>
            </li>
            <li>
              <Link to="/istoric-schimbari">{TEXTS.nav.history}</Link>
            </li>
          </ul>
          <SignOutButton className="button secondary wide" label={TEXTS.nav.logout} />
        </aside>
      </div>
    </section>
  );
}
