// The mobile bar's unread badge (user spec §2, §9): the count, capped at '9+', hidden at 0.
export function unreadBadge(count: number, cap = 9): string | null {
  if (count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
}
