// The administrators page (admin spec §2 "Administrators", §3, §5, §8): the table (Email, Rol with the
// spec's badge styles, Data creării, Ultimul login or 'Niciodată', Acțiuni), pending invitations with
// their expiry, the invite dialog (admin or moderator, the permission checkboxes with the spec's
// defaults), revoke after the browser's confirmation (never on a super_admin row), and the toasts.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Modal } from "~/components/ui/modal";
import { useToast } from "~/components/ui/toaster";
import { DEFAULT_INVITE_PERMISSIONS } from "~/lib/admin-access";
import { INVITABLE_ROLES } from "~/lib/schemas/admin-invite";
import { ADMIN_TEXTS } from "~/texts/admin";
import type { AdminListItem } from "~/server/admin/admins.server";
import type { AdminsActionResult } from "~/routes/admin.admins";

const T = ADMIN_TEXTS.adminsPage;
/** Only the first three permissions appear in the UI (admin spec §3). */
const UI_PERMISSIONS = ["user_management", "document_verification", "system_monitoring"] as const;

const dateFormat = new Intl.DateTimeFormat("ro-RO", { timeZone: "Europe/Bucharest", day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("ro-RO", {
  timeZone: "Europe/Bucharest",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

type Admin = Omit<AdminListItem, "permissions"> & { permissions: Record<string, boolean | undefined> };

/** Shows the toast of a finished action once. */
function useActionToast(fetcher: ReturnType<typeof useFetcher<AdminsActionResult>>, onSuccess?: () => void) {
  const toast = useToast();
  const [shown, setShown] = useState<AdminsActionResult | null>(null);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || data === shown) return;
    setShown(data);
    if (data.ok) {
      toast({ title: data.title, description: data.message ?? undefined, variant: "success" });
      onSuccess?.();
    } else {
      toast({ title: data.title, description: data.message, variant: "destructive" });
    }
  }, [fetcher.state, fetcher.data, shown, toast, onSuccess]);
}

function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<AdminsActionResult>();
  useActionToast(fetcher, onClose);
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok && fetcher.data.intent === "invite" ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <Modal open={open} title={T.inviteTitle} onClose={onClose} className="invite-dialog">
      <p className="admin-muted">{T.inviteIntro}</p>
      <fetcher.Form method="post" className="invite-form" aria-busy={busy}>
        <input type="hidden" name="intent" value="invite" />
        <div className="field">
          <label htmlFor="invite-email">{T.email}</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            className={`input${errors.email ? " invalid" : ""}`}
            required
            maxLength={254}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "invite-email-error" : undefined}
          />
          {errors.email ? (
            <p className="field-error" id="invite-email-error">
              {errors.email}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="invite-role">{T.role}</label>
          <select id="invite-role" name="role" className="input" defaultValue="admin">
            {INVITABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ADMIN_TEXTS.roles[role]}
              </option>
            ))}
          </select>
          {errors.role ? <p className="field-error">{errors.role}</p> : null}
        </div>
        <fieldset className="invite-permissions">
          <legend>{T.permissionsLegend}</legend>
          {UI_PERMISSIONS.map((key) => (
            <label key={key} className="checkbox-row">
              <input type="checkbox" name={`permissions.${key}`} defaultChecked={DEFAULT_INVITE_PERMISSIONS[key] === true} />
              <span>{ADMIN_TEXTS.permissions[key]}</span>
            </label>
          ))}
        </fieldset>
        <div className="invite-actions">
          <button type="button" className="button secondary" onClick={onClose} disabled={busy}>
            {T.cancel}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {busy ? T.sending : T.send}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

function RowActions({ admin, self }: { admin: Admin; self: boolean }) {
  const revoke = useFetcher<AdminsActionResult>();
  const resend = useFetcher<AdminsActionResult>();
  useActionToast(revoke);
  useActionToast(resend);
  // A super_admin row has no revoke button (admin spec §2); neither has one's own row nor a revoked one.
  if (admin.role === "super_admin" || self || admin.status === "revoked") return null;
  return (
    <div className="admin-row-actions">
      {admin.status === "invited" ? (
        <resend.Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="adminId" value={admin.id} />
          <button type="submit" className="button secondary small" disabled={resend.state !== "idle"}>
            {T.resend}
          </button>
        </resend.Form>
      ) : null}
      <revoke.Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm(T.revokeConfirm)) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="adminId" value={admin.id} />
        <button type="submit" className="button secondary danger small" disabled={revoke.state !== "idle"}>
          {revoke.state !== "idle" ? T.revoking : T.revoke}
        </button>
      </revoke.Form>
    </div>
  );
}

function StatusNote({ admin }: { admin: Admin }) {
  if (admin.status === "invited") {
    const expired = !admin.invitation_expires_at || Date.parse(admin.invitation_expires_at) <= Date.now();
    return (
      <span className="admin-row-note">
        <span className="admin-badge status-invited">{T.statuses.invited}</span>{" "}
        {expired ? T.invitedExpired : T.invitedExpires(dateTimeFormat.format(new Date(admin.invitation_expires_at!)))}
      </span>
    );
  }
  if (admin.status === "revoked") return <span className="admin-badge status-revoked">{T.statuses.revoked}</span>;
  return admin.two_factor_enabled ? <span className="admin-badge status-two-factor">{T.twoFactorOn}</span> : null;
}

export function AdminsPage({ admins, selfId }: { admins: Admin[]; selfId: string }) {
  const [inviting, setInviting] = useState(false);
  return (
    <div className="admin-page admins-page">
      <div className="admin-page-head">
        <div>
          <h1>{T.title}</h1>
          <p className="admin-muted">{T.intro}</p>
        </div>
        <button type="button" className="button primary" onClick={() => setInviting(true)}>
          {T.invite}
        </button>
      </div>
      <section className="admin-card">
        {admins.length === 0 ? (
          <p className="admin-muted">{T.empty}</p>
        ) : (
          <table className="admin-table admins-table">
            <thead>
              <tr>
                <th scope="col">{T.email}</th>
                <th scope="col">{T.role}</th>
                <th scope="col">{T.createdAt}</th>
                <th scope="col">{T.lastLogin}</th>
                <th scope="col">{T.actions}</th>
              </tr>
            </thead>
            <tbody>
              {admins.map((admin) => (
                <tr key={admin.id} data-admin-email={admin.email} data-status={admin.status}>
                  <td data-label={T.email}>
                    <span className="admin-email">{admin.email}</span>
                    {admin.id === selfId ? <span className="admin-muted"> {T.you}</span> : null}
                    <div>
                      <StatusNote admin={admin} />
                    </div>
                  </td>
                  <td data-label={T.role}>
                    <span className={`admin-badge role-${admin.role}`}>{ADMIN_TEXTS.roles[admin.role]}</span>
                  </td>
                  <td data-label={T.createdAt}>{dateFormat.format(new Date(admin.created_at))}</td>
                  <td data-label={T.lastLogin}>{admin.last_login ? dateTimeFormat.format(new Date(admin.last_login)) : T.never}</td>
                  <td data-label={T.actions}>
                    <RowActions admin={admin} self={admin.id === selfId} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
