// What the profile menu shows about the signed-in admin (admin spec §2 "Shell and navigation").
import { ADMIN_TEXTS } from "~/texts/admin";

export interface AdminProfileView {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

const firstLetter = (text: string | null) => (text?.trim() ?? "").charAt(0).toLocaleUpperCase("ro-RO");

/** First letters of first and last name, otherwise the first letter of the e-mail, otherwise A. */
export function adminInitials(admin: AdminProfileView): string {
  const first = firstLetter(admin.firstName);
  const last = firstLetter(admin.lastName);
  if (first && last) return first + last;
  return firstLetter(admin.email) || "A";
}

/** First and last name, or "Admin User" when there is no name. */
export function adminFullName(admin: AdminProfileView): string {
  const name = [admin.firstName?.trim(), admin.lastName?.trim()].filter(Boolean).join(" ");
  return name || ADMIN_TEXTS.shell.fallbackName;
}
