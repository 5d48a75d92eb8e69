// Line icons for the admin navigation (24×24, currentColor), keyed like ADMIN_NAV entries.
import type { ReactNode } from "react";

const PATHS: Record<string, ReactNode> = {
  dashboard: (
    <>
      <rect x="3" y="3" width="7" height="9" rx="1.5" />
      <rect x="14" y="3" width="7" height="5" rx="1.5" />
      <rect x="14" y="12" width="7" height="9" rx="1.5" />
      <rect x="3" y="16" width="7" height="5" rx="1.5" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
      <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18.5 14.8c1.6.7 2.6 2.4 3 5.2" />
    </>
  ),
  documents: (
    <>
      <path d="M6 2.5h8l4.5 4.5v14a.5.5 0 0 1-.5.5H6a.5.5 0 0 1-.5-.5v-18a.5.5 0 0 1 .5-.5z" />
      <path d="M13.5 2.5V7.5h5M8.5 12.5h7M8.5 16.5h7" />
    </>
  ),
  "switch-requests": (
    <>
      <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />
    </>
  ),
  admins: (
    <>
      <path d="M12 2.5 4 5.5v6c0 4.7 3.3 8.6 8 10 4.7-1.4 8-5.3 8-10v-6l-8-3z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>
  ),
  system: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="1.5" />
      <path d="M8 20h8M12 16v4M6.5 11l2.5-2.5 2.5 2 3-3.5 3 2.5" />
    </>
  ),
  automation: (
    <>
      <path d="M13 2.5 5 13.5h6l-1 8 8-11h-6l1-8z" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v2.6M12 18.9v2.6M2.5 12h2.6M18.9 12h2.6M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8" />
    </>
  ),
  logout: (
    <>
      <path d="M9.5 20.5H5a.5.5 0 0 1-.5-.5V4a.5.5 0 0 1 .5-.5h4.5" />
      <path d="M15 7.5 19.5 12 15 16.5M19.5 12H9" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </>
  ),
  menu: <path d="M3.5 6.5h17M3.5 12h17M3.5 17.5h17" />,
  close: <path d="m5.5 5.5 13 13M18.5 5.5l-13 13" />,
  collapse: <path d="m14.5 6.5-5.5 5.5 5.5 5.5" />,
  expand: <path d="m9.5 6.5 5.5 5.5-5.5 5.5" />,
};

export function AdminIcon({ name, size = 20 }: { name: string; size?: number }) {
  return (
    <svg
      className="admin-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name] ?? PATHS.dashboard}
    </svg>
  );
}
