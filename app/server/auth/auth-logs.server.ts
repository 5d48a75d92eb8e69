// The user authentication log (auth_logs): every code request, sign-in, refresh and logout, with the
// client's IP and user agent. Admins see the latest 10 per user (admin spec §9).
import { desc, eq, or } from "drizzle-orm";
import { newId } from "../../lib/ids";
import type { Database } from "../db/client.server";
import { authLogs } from "../db/schema.server";
import type { RequestInfo } from "./request-info.server";

export type AuthAction =
  | "sms_code_requested"
  | "sms_code_refused"
  | "sms_send_failed"
  | "sms_code_failed"
  | "login"
  | "login_blocked_suspended"
  | "login_blocked_inactive"
  | "token_refreshed"
  | "refresh_token_reuse"
  | "logout"
  // admin settings: new registrations closed (issue #12 item 4)
  | "registration_refused_closed";

export interface AuthLogEntry {
  id: string;
  action: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  success: boolean;
}

export interface AuthEvent {
  action: AuthAction;
  success: boolean;
  userId?: string | null;
  phone?: string | null;
  info: RequestInfo;
  now: number;
}

export async function logAuthEvent(db: Database, event: AuthEvent): Promise<void> {
  await authLogInsert(db, event);
}

/** The insert of one entry, for a db.batch with the change it records. */
export function authLogInsert(db: Database, event: AuthEvent) {
  return db.insert(authLogs).values({
    id: newId(event.now),
    userId: event.userId ?? null,
    phone: event.phone ?? null,
    action: event.action,
    ipAddress: event.info.ip,
    userAgent: event.info.userAgent,
    success: event.success,
    createdAt: event.now,
  });
}

/** The latest entries of one user, newest first; includes code requests made before the account existed. */
export async function recentAuthLogs(
  db: Database,
  user: { id: string; phone: string },
  limit = 10,
): Promise<AuthLogEntry[]> {
  const rows = await db
    .select()
    .from(authLogs)
    .where(or(eq(authLogs.userId, user.id), eq(authLogs.phone, user.phone)))
    .orderBy(desc(authLogs.createdAt), desc(authLogs.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    created_at: new Date(row.createdAt).toISOString(),
    success: row.success,
  }));
}
