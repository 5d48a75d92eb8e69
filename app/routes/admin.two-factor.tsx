// /admin/two-factor: the signed-in admin's own two-factor authentication (TOTP, RFC 6238). Enrol (the
// secret is made and sealed on the server; QR code plus the secret as text), confirm with a first
// code, see the 10 recovery codes once; disable with a current code. Any admin, for themselves only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { twoFactorActionSchema } from "~/lib/schemas/admin-two-factor";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import {
  cancelTwoFactorEnrolment,
  confirmTwoFactor,
  disableTwoFactor,
  startTwoFactor,
  twoFactorOverview,
  type TwoFactorChange,
} from "~/server/admin/two-factor-settings.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { readFormData } from "~/server/http.server";

const T = ADMIN_TEXTS.twoFactor;

export const meta: MetaFunction = () => [
  { title: `${T.title} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store" };

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const admin = await requireAdmin(request, context, { mode: "page" });
  return json(await twoFactorOverview(env, context.db, admin), { headers: NO_STORE });
}

const refusals: Record<Exclude<TwoFactorChange, { ok: true }>["reason"], string> = {
  already_enabled: T.alreadyEnabled,
  not_enabled: T.notEnabled,
  no_enrolment: T.noEnrolment,
  invalid_code: T.invalidCode,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const admin = await requireAdmin(request, context, { mode: "page" });
  const formData = await readFormData(request);
  const parsed = twoFactorActionSchema.safeParse(formData ? Object.fromEntries(formData) : {});
  if (!parsed.success) {
    return json({ error: parsed.error.issues[0]?.message ?? T.codeFormat, recoveryCodes: null, done: null }, { status: 400, headers: NO_STORE });
  }
  const db = context.db;
  const ip = requestInfo(request).ip;
  const now = Date.now();
  const input = parsed.data;
  let change: TwoFactorChange;
  switch (input.intent) {
    case "start":
      change = await startTwoFactor(env, db, admin, ip, now);
      break;
    case "cancel":
      change = await cancelTwoFactorEnrolment(db, admin, ip, now);
      break;
    case "confirm":
      change = await confirmTwoFactor(env, db, admin, input.code, ip, now);
      break;
    case "disable":
      change = await disableTwoFactor(env, db, admin, input.code, ip, now);
      break;
  }
  if (!change.ok) return json({ error: refusals[change.reason], recoveryCodes: null, done: null }, { status: 400, headers: NO_STORE });
  const done = input.intent === "confirm" ? T.enabledToast : input.intent === "disable" ? T.disabledToast : null;
  return json({ error: null, recoveryCodes: change.recoveryCodes ?? null, done }, { headers: NO_STORE });
}

function CodeField({ id, error }: { id: string; error: string | null }) {
  return (
    <div className="field">
      <label htmlFor={id}>{T.code}</label>
      <input
        id={id}
        name="code"
        className={`input two-factor-code${error ? " invalid" : ""}`}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={40}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

export default function AdminTwoFactor() {
  const overview = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const error = actionData?.error ?? null;

  let body: React.ReactNode;
  if (actionData?.recoveryCodes) {
    body = (
      <section className="admin-card admin-section" aria-labelledby="recovery-title">
        <p className="admin-success" role="status">
          {T.enabledToast}
        </p>
        <h2 id="recovery-title">{T.recoveryTitle}</h2>
        <p className="admin-muted">{T.recoveryIntro}</p>
        <ol className="recovery-codes">
          {actionData.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <Link to="/admin/two-factor" className="button primary" reloadDocument>
          {T.recoveryDone}
        </Link>
      </section>
    );
  } else if (overview.enabled) {
    body = (
      <>
        <section className="admin-card admin-section">
          <p className="two-factor-state on">{T.enabled}</p>
          {overview.enabledAt ? (
            <p className="admin-muted">
              {T.enabledSince(new Date(overview.enabledAt).toLocaleDateString("ro-RO", { timeZone: "Europe/Bucharest" }))}
            </p>
          ) : null}
          <p className="admin-muted">{T.recoveryLeft(overview.recoveryLeft)}</p>
        </section>
        <section className="admin-card admin-section" aria-labelledby="disable-title">
          <h2 id="disable-title">{T.disableTitle}</h2>
          <p className="admin-muted">{T.disableIntro}</p>
          <Form method="post" className="two-factor-form">
            <input type="hidden" name="intent" value="disable" />
            <CodeField id="disable-code" error={error} />
            <button type="submit" className="button danger" disabled={busy}>
              {T.disable}
            </button>
          </Form>
        </section>
      </>
    );
  } else if (overview.enrolment) {
    body = (
      <section className="admin-card admin-section two-factor-enrol">
        <p>{T.scan}</p>
        <div className="two-factor-qr" role="img" aria-label={T.qrLabel} dangerouslySetInnerHTML={{ __html: overview.enrolment.qrSvg }} />
        <p className="two-factor-secret">
          <span className="admin-muted">{T.secretLabel}</span>
          <code data-secret={overview.enrolment.secret}>{grouped(overview.enrolment.secret)}</code>
        </p>
        <p>{T.confirmStep}</p>
        <Form method="post" className="two-factor-form">
          <input type="hidden" name="intent" value="confirm" />
          <CodeField id="confirm-code" error={error} />
          <div className="two-factor-actions">
            <button type="submit" className="button primary" disabled={busy}>
              {T.confirm}
            </button>
          </div>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="button secondary" disabled={busy}>
            {T.cancelEnrolment}
          </button>
        </Form>
      </section>
    );
  } else {
    body = (
      <section className="admin-card admin-section">
        {actionData?.done ? (
          <p className="admin-success" role="status">
            {actionData.done}
          </p>
        ) : null}
        <p className="two-factor-state off">{T.disabled}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="start" />
          <button type="submit" className="button primary" disabled={busy}>
            {T.start}
          </button>
        </Form>
        {error ? (
          <p className="admin-alert" role="alert">
            {error}
          </p>
        ) : null}
      </section>
    );
  }

  return (
    <div className="admin-page two-factor-page">
      <div className="admin-page-head">
        <div>
          <h1>{T.title}</h1>
          <p className="admin-muted">{T.intro}</p>
        </div>
      </div>
      {body}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
