// The four tabs of /admin/settings (admin spec §2 "Settings"): Profil (read-only e-mail and role, own
// password change), Sistem, Securitate, Notificări. Each tab is a form posted to the route's action
// and validated with the same schema on both sides; under each setting the page says what it drives.
import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { useToast } from "~/components/ui/toaster";
import type { AdminRole } from "~/lib/admin-access";
import { parseWithZod } from "~/lib/forms";
import { ADMIN_PASSWORD_TEXTS } from "~/lib/schemas/admin-password";
import {
  adminPasswordChangeSchema,
  settingsFormSchema,
  type AdminSettings,
  type SettingKey,
  type SettingsTab,
} from "~/lib/schemas/admin-settings";
import { ADMIN_TEXTS } from "~/texts/admin";

type Tab = "profil" | SettingsTab;
const TAB_ORDER: Tab[] = ["profil", "sistem", "securitate", "notificari"];

export interface SettingsActionData {
  intent: Tab | null;
  result: SubmissionResult<string[]>;
  saved: boolean;
}

interface SettingsPageProps {
  tab: Tab;
  settings: AdminSettings;
  canEdit: boolean;
  local: boolean;
  profile: { email: string; role: AdminRole; firstName: string | null; lastName: string | null };
  twoFactorEnabled: boolean;
}

const t = ADMIN_TEXTS.settings;

const checkbox = (value: boolean) => (value ? "on" : undefined);

function Errors({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors ? (
    <p id={id} className="field-error">
      {errors[0]}
    </p>
  ) : null;
}

function Toggle({ field, name }: { field: FieldMetadata<boolean | string | undefined>; name: SettingKey }) {
  return (
    <div className="field settings-toggle">
      <label className="settings-toggle-label">
        <input {...getInputProps(field, { type: "checkbox" })} role="switch" className="settings-switch" />
        <span>{t.fields[name]}</span>
      </label>
      <p className="hint">{t.effects[name]}</p>
      <Errors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function TextSetting({ field, name, type, inputMode }: { field: FieldMetadata<string | number | undefined>; name: SettingKey; type: "url" | "number"; inputMode?: "numeric" }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{t.fields[name]}</label>
      <input {...getInputProps(field, { type })} inputMode={inputMode} className={`input${field.errors ? " invalid" : ""}`} />
      <p className="hint">{t.effects[name]}</p>
      <Errors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function SaveButton({ busy, disabled }: { busy: boolean; disabled?: boolean }) {
  return (
    <button type="submit" className="button primary" disabled={busy || disabled}>
      {busy ? t.saving : t.save}
    </button>
  );
}

function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-card settings-card">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function SettingsPage({ tab: initialTab, settings, canEdit, local, profile, twoFactorEnabled }: SettingsPageProps) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const tabsId = useId();
  const actionData = useActionData<SettingsActionData>();
  const navigation = useNavigation();
  const toast = useToast();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const resultFor = (intent: Tab) => (navigation.state === "idle" && actionData?.intent === intent ? actionData.result : null);

  useEffect(() => {
    if (navigation.state !== "idle" || !actionData) return;
    if (actionData.saved) toast({ title: actionData.intent === "profil" ? t.profileSaved : t.systemSaved, variant: "success" });
    else toast({ title: t.errorTitle, description: actionData.result.error?.[""]?.[0] ?? t.saveFailed, variant: "destructive" });
  }, [actionData, navigation.state, toast]);

  const [profileForm, profileFields] = useForm({
    id: "settings-profil",
    lastResult: resultFor("profil"),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminPasswordChangeSchema(profile.email) }),
  });
  const [systemForm, systemFields] = useForm({
    id: "settings-sistem",
    lastResult: resultFor("sistem"),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema("sistem", { local }) }),
    defaultValue: {
      maintenance_mode: checkbox(settings.maintenance_mode),
      new_registrations: checkbox(settings.new_registrations),
      auto_comparison: checkbox(settings.auto_comparison),
      backend_url: settings.backend_url,
      admin_api_url: settings.admin_api_url,
      api_timeout: String(settings.api_timeout),
    },
  });
  const [securityForm, securityFields] = useForm({
    id: "settings-securitate",
    lastResult: resultFor("securitate"),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema("securitate", { local }) }),
    defaultValue: { session_timeout: String(settings.session_timeout), activity_logging: checkbox(settings.activity_logging) },
  });
  const [notificationsForm, notificationFields] = useForm({
    id: "settings-notificari",
    lastResult: resultFor("notificari"),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema("notificari", { local }) }),
    defaultValue: {
      email_notifications: checkbox(settings.email_notifications),
      system_alerts: checkbox(settings.system_alerts),
      daily_reports: checkbox(settings.daily_reports),
    },
  });

  const tabProps = (id: Tab) => ({
    id: `${tabsId}-${id}-tab`,
    role: "tab",
    type: "button" as const,
    "aria-selected": tab === id,
    "aria-controls": `${tabsId}-${id}-panel`,
    tabIndex: tab === id ? 0 : -1,
    className: `tab${tab === id ? " active" : ""}`,
    onClick: () => setTab(id),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      const step = event.key === "ArrowRight" ? 1 : TAB_ORDER.length - 1;
      const next = TAB_ORDER[(TAB_ORDER.indexOf(tab) + step) % TAB_ORDER.length]!;
      setTab(next);
      document.getElementById(`${tabsId}-${next}-tab`)?.focus();
    },
  });
  const panelProps = (id: Tab) => ({
    id: `${tabsId}-${id}-panel`,
    role: "tabpanel",
    "aria-labelledby": `${tabsId}-${id}-tab`,
    hidden: tab !== id,
    className: "settings-panel",
  });
  const readOnlyNotice = canEdit ? null : (
    <p className="admin-muted settings-readonly" role="note">
      {t.readOnlyNotice}
    </p>
  );
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(" ") || ADMIN_TEXTS.shell.fallbackName;
  const passwordField = (field: FieldMetadata<string | undefined>, label: string, autoComplete: string, hint?: string) => (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type: "password" })} autoComplete={autoComplete} className={`input${field.errors ? " invalid" : ""}`} />
      {hint ? <p className="hint">{hint}</p> : null}
      <Errors id={field.errorId} errors={field.errors} />
    </div>
  );

  return (
    <div className="admin-page settings-admin">
      <div className="admin-page-head">
        <div>
          <h1>{t.title}</h1>
          <p className="admin-muted">{t.intro}</p>
        </div>
      </div>
      <div className="tabs" role="tablist" aria-label={t.title}>
        {TAB_ORDER.map((id) => (
          <button key={id} {...tabProps(id)}>
            {t.tabs[id]}
          </button>
        ))}
      </div>

      <div {...panelProps("profil")}>
        <SettingsCard title={t.profile.heading}>
          <div className="field">
            <label htmlFor="settings-name">{t.profile.name}</label>
            <input id="settings-name" className="input" value={fullName} readOnly />
          </div>
          <div className="field">
            <label htmlFor="settings-email">{t.profile.email}</label>
            <input id="settings-email" className="input" type="email" value={profile.email} readOnly aria-describedby="settings-email-note" />
            <p id="settings-email-note" className="hint">
              {t.emailReadOnly}
            </p>
          </div>
          <div className="field">
            <label htmlFor="settings-role">{t.profile.role}</label>
            <input id="settings-role" className="input" value={ADMIN_TEXTS.roles[profile.role]} readOnly />
          </div>
        </SettingsCard>
        <SettingsCard title={t.profile.passwordHeading}>
          <Form method="post" {...getFormProps(profileForm)} noValidate className="settings-form">
            <input type="hidden" name="intent" value="profil" />
            <input type="text" name="username" value={profile.email} autoComplete="username" readOnly hidden />
            {passwordField(profileFields.currentPassword, t.profile.currentPassword, "current-password")}
            {passwordField(profileFields.newPassword, t.profile.newPassword, "new-password", ADMIN_PASSWORD_TEXTS.policy)}
            {passwordField(profileFields.confirmPassword, t.profile.confirmPassword, "new-password", t.profile.otherSessionsEnded)}
            <button type="submit" className="button primary" disabled={submittingIntent === "profil"}>
              {submittingIntent === "profil" ? t.saving : t.profile.changePassword}
            </button>
          </Form>
        </SettingsCard>
      </div>

      <div {...panelProps("sistem")}>
        <SettingsCard title={t.tabs.sistem}>
          {readOnlyNotice}
          <Form method="post" {...getFormProps(systemForm)} noValidate className="settings-form">
            <input type="hidden" name="intent" value="sistem" />
            <fieldset disabled={!canEdit}>
              <Toggle field={systemFields.maintenance_mode} name="maintenance_mode" />
              <Toggle field={systemFields.new_registrations} name="new_registrations" />
              <Toggle field={systemFields.auto_comparison} name="auto_comparison" />
              <TextSetting field={systemFields.backend_url} name="backend_url" type="url" />
              <TextSetting field={systemFields.admin_api_url} name="admin_api_url" type="url" />
              <TextSetting field={systemFields.api_timeout} name="api_timeout" type="number" inputMode="numeric" />
              <SaveButton busy={submittingIntent === "sistem"} />
            </fieldset>
          </Form>
        </SettingsCard>
      </div>

      <div {...panelProps("securitate")}>
        <SettingsCard title={t.tabs.securitate}>
          <div className="field settings-two-factor">
            <p className="settings-toggle-label">
              <span>{t.fields.two_factor_enabled}</span>
              <span className={`badge ${twoFactorEnabled ? "green" : ""}`}>{twoFactorEnabled ? t.twoFactorOn : t.twoFactorOff}</span>
            </p>
            <p className="hint">{t.effects.two_factor_enabled}</p>
            <Link to="/admin/two-factor" className="button secondary">
              {t.twoFactorManage}
            </Link>
          </div>
          {readOnlyNotice}
          <Form method="post" {...getFormProps(securityForm)} noValidate className="settings-form">
            <input type="hidden" name="intent" value="securitate" />
            <fieldset disabled={!canEdit}>
              <TextSetting field={securityFields.session_timeout} name="session_timeout" type="number" inputMode="numeric" />
              <Toggle field={securityFields.activity_logging} name="activity_logging" />
              <SaveButton busy={submittingIntent === "securitate"} />
            </fieldset>
          </Form>
        </SettingsCard>
      </div>

      <div {...panelProps("notificari")}>
        <SettingsCard title={t.tabs.notificari}>
          {readOnlyNotice}
          <Form method="post" {...getFormProps(notificationsForm)} noValidate className="settings-form">
            <input type="hidden" name="intent" value="notificari" />
            <fieldset disabled={!canEdit}>
              <Toggle field={notificationFields.email_notifications} name="email_notifications" />
              <Toggle field={notificationFields.system_alerts} name="system_alerts" />
              <Toggle field={notificationFields.daily_reports} name="daily_reports" />
              <SaveButton busy={submittingIntent === "notificari"} />
            </fieldset>
          </Form>
        </SettingsCard>
      </div>
    </div>
  );
}
