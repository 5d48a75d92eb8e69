// The signed-in navigation of user spec §2 (header and mobile bar share the targets and active rules).
export interface UserNavItem {
  to: string;
  label: string;
  short: string;
  isActive: (pathname: string) => boolean;
}

const startsWithAny = (pathname: string, prefixes: string[]) =>
  prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

export const USER_NAV_ITEMS: UserNavItem[] = [
  { to: "/", label: "Compara", short: "Compara", isActive: (p) => p === "/" },
  {
    to: "/schimba-furnizor",
    label: "Schimbă Furnizor",
    short: "Schimbare",
    isActive: (p) => startsWithAny(p, ["/schimba-furnizor", "/schimba"]),
  },
  { to: "/documente", label: "Documente", short: "Documente", isActive: (p) => startsWithAny(p, ["/documente", "/documents"]) },
  {
    to: "/istoric-schimbari",
    label: "Istoric Schimbări",
    short: "Istoric",
    isActive: (p) => startsWithAny(p, ["/istoric-schimbari", "/cereri-schimbare", "/switch-requests"]),
  },
  {
    to: "/notificari",
    label: "Notificări",
    short: "Notificări",
    isActive: (p) => startsWithAny(p, ["/notificari", "/notifications"]),
  },
];
