// The frame of the back office's pages outside the shell: the sign-in, its two-factor step and the
// invitation. The centred card with the brand; the page puts its heading (labelledBy) and form inside.
import type { ReactNode } from "react";
import { LogoMark } from "~/components/layout/logo";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";

export function AdminLoginFrame({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className="admin-login-page">
      <main id="continut" className="admin-login-card" aria-labelledby={labelledBy}>
        <div className="admin-login-brand">
          <LogoMark size={44} />
          <div>
            <p className="admin-login-brand-name">{TEXTS.brand.tagline}</p>
            <p className="admin-login-brand-sub">{ADMIN_TEXTS.shell.brand}</p>
          </div>
        </div>
        {children}
      </main>
    </div>
  );
}

/** The end of every form in the frame: the form-level error, then the submit button with its busy state. */
export function AdminLoginFormEnd({
  errors,
  errorId,
  busy,
  label,
  busyLabel,
}: {
  errors?: string[];
  errorId: string;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {errors ? (
        <p className="admin-alert" role="alert" id={errorId}>
          {errors[0]}
        </p>
      ) : null}
      <button type="submit" className="button primary admin-login-submit" disabled={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
