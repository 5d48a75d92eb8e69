// The admin profile menu of the header (admin spec §2): initials, full name, e-mail and role, then
// Profil, Setări and Deconectare.
import { Form, Link } from "@remix-run/react";
import { useCallback, useId, useRef, useState } from "react";
import { useDismiss } from "~/components/ui/use-dismiss";
import type { AdminRole } from "~/lib/admin-access";
import { ADMIN_TEXTS } from "~/texts/admin";
import { AdminIcon } from "./admin-icons";
import { adminFullName, adminInitials } from "./admin-profile";

export interface ShellAdmin {
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: AdminRole;
}

export function ProfileMenu({ admin }: { admin: ShellAdmin }) {
  const t = ADMIN_TEXTS.shell;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback((reason: "outside" | "escape") => {
    setOpen(false);
    if (reason === "escape") buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  const name = adminFullName(admin);
  return (
    <div className="admin-profile" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="admin-avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t.profileMenu}: ${name}`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="admin-avatar" aria-hidden="true">
          {adminInitials(admin)}
        </span>
      </button>
      {open ? (
        <div className="admin-profile-menu" id={menuId} role="menu" aria-label={t.profileMenu}>
          <div className="admin-profile-head">
            <span className="admin-avatar large" aria-hidden="true">
              {adminInitials(admin)}
            </span>
            <div className="admin-profile-who">
              <p className="admin-profile-name">{name}</p>
              <p className="admin-profile-email">{admin.email}</p>
              <p className="admin-profile-role">
                {t.role}: <strong>{ADMIN_TEXTS.roles[admin.role]}</strong>
              </p>
            </div>
          </div>
          <Link role="menuitem" className="admin-menu-item" to="/admin/settings?tab=profil" onClick={() => setOpen(false)}>
            {t.profile}
          </Link>
          <Link role="menuitem" className="admin-menu-item" to="/admin/settings" onClick={() => setOpen(false)}>
            {t.settings}
          </Link>
          <Form method="post" action="/admin/logout" className="admin-menu-form">
            <button type="submit" role="menuitem" className="admin-menu-item danger">
              <AdminIcon name="logout" size={18} />
              {ADMIN_TEXTS.nav.logout}
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
