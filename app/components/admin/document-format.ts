// Dates of the admin document views: ro-RO, Europe/Bucharest, day and time.
const dateTime = new Intl.DateTimeFormat("ro-RO", {
  timeZone: "Europe/Bucharest",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatAdminDate(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : "—";
}
