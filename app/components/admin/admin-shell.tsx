// The back-office shell (admin spec §2): a collapsible side navigation (a drawer under 768 px), a
// header with the notifications bell and the profile menu, and the content area. Only the entries the
// admin may use are listed.
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { isNavEntryActive, type AdminNavEntry } from "~/lib/admin-access";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { LogoMark } from "~/components/layout/logo";
import { AdminIcon } from "./admin-icons";
import { adminNavCookie } from "./nav-state";
import { NotificationsBell } from "./notifications-bell";
import { ProfileMenu, type ShellAdmin } from "./profile-menu";

export type ShellNavEntry = Pick<AdminNavEntry, "key" | "label" | "href" | "exact">;

interface AdminShellProps {
  admin: ShellAdmin;
  nav: ShellNavEntry[];
  initiallyCollapsed: boolean;
  children: ReactNode;
}

export function AdminShell({ admin, nav, initiallyCollapsed, children }: AdminShellProps) {
  const t = ADMIN_TEXTS.shell;
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const current = nav.find((entry) => isNavEntryActive(entry, pathname));

  // A navigation closes the drawer (mobile); Escape closes it too.
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setDrawerOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const toggleCollapsed = () => {
    const next = !collapsed;
    setCollapsed(next);
    document.cookie = adminNavCookie(next);
  };

  const classes = ["admin-shell", collapsed ? "is-collapsed" : "", drawerOpen ? "drawer-open" : ""].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <aside className="admin-sidebar" id="admin-sidebar">
        <div className="admin-sidebar-head">
          <Link to="/admin" className="admin-brand">
            <LogoMark size={32} />
            <span className="admin-brand-text">
              <span className="admin-brand-name">{TEXTS.brand.tagline}</span>
              <span className="admin-brand-sub">{t.brand}</span>
            </span>
          </Link>
          <button
            type="button"
            className="admin-icon-button admin-drawer-close"
            aria-label={t.closeNav}
            onClick={() => setDrawerOpen(false)}
          >
            <AdminIcon name="close" />
          </button>
        </div>
        <nav className="admin-nav" aria-label={t.navLabel}>
          <ul>
            {nav.map((entry) => {
              const active = isNavEntryActive(entry, pathname);
              return (
                <li key={entry.key}>
                  <Link
                    to={entry.href}
                    className={`admin-nav-link${active ? " active" : ""}`}
                    aria-current={active ? "page" : undefined}
                    title={collapsed ? entry.label : undefined}
                    data-nav-key={entry.key}
                  >
                    <AdminIcon name={entry.key} />
                    <span className="admin-nav-label">{entry.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="admin-sidebar-foot">
          <Form method="post" action="/admin/logout">
            <button type="submit" className="admin-nav-link admin-logout" title={collapsed ? ADMIN_TEXTS.nav.logout : undefined}>
              <AdminIcon name="logout" />
              <span className="admin-nav-label">{ADMIN_TEXTS.nav.logout}</span>
            </button>
          </Form>
          <button
            type="button"
            className="admin-nav-link admin-collapse"
            aria-expanded={!collapsed}
            aria-controls="admin-sidebar"
            title={collapsed ? t.expandNav : undefined}
            onClick={toggleCollapsed}
          >
            <AdminIcon name={collapsed ? "expand" : "collapse"} />
            <span className="admin-nav-label">{collapsed ? t.expandNav : t.collapseNav}</span>
          </button>
        </div>
      </aside>
      {drawerOpen ? <div className="admin-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} /> : null}
      <div className="admin-main">
        <header className="admin-header">
          <button
            type="button"
            className="admin-icon-button admin-drawer-open"
            aria-label={t.openNav}
            aria-expanded={drawerOpen}
            aria-controls="admin-sidebar"
            onClick={() => setDrawerOpen(true)}
          >
            <AdminIcon name="menu" />
          </button>
          <p className="admin-header-title">{current?.label ?? t.brand}</p>
          <NotificationsBell />
          <ProfileMenu admin={admin} />
        </header>
        <main id="continut" className="admin-content">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The content of an admin page that could not be shown (not built yet, forbidden, not found). */
export function AdminNotice({ title, message }: { title: string; message: string }) {
  return (
    <section className="admin-page admin-notice-page" aria-labelledby="admin-notice-title">
      <div className="admin-card admin-notice">
        <h1 id="admin-notice-title">{title}</h1>
        <p>{message}</p>
        <Link to="/admin" className="button">
          {ADMIN_TEXTS.shell.backToDashboard}
        </Link>
      </div>
    </section>
  );
}
