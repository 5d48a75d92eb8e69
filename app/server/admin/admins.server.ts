// The administrators list (admin spec §2 "Administrators", §3 "Administrator"), with what the table
// shows beside the spec's fields: the status (a pending invitation and when it expires) and whether
// two-factor is on.
import { asc, isNotNull } from "drizzle-orm";
import { parseAdminPermissions } from "../../lib/admin-access";
import type { Database } from "../db/client.server";
import { adminTwoFactor, admins } from "../db/schema.server";
import { pendingInvitationExpiries } from "./invitations.server";

export async function listAdmins(db: Database) {
  const [rows, expiries, twoFactor] = await Promise.all([
    db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.email)),
    pendingInvitationExpiries(db),
    db.select({ adminId: adminTwoFactor.adminId }).from(adminTwoFactor).where(isNotNull(adminTwoFactor.enabledAt)),
  ]);
  const withTwoFactor = new Set(twoFactor.map((row) => row.adminId));
  return rows.map((row) => {
    const expiresAt = row.status === "invited" ? expiries.get(row.id) : undefined;
    return {
      id: row.id,
      email: row.email,
      first_name: row.firstName,
      last_name: row.lastName,
      role: row.role,
      status: row.status,
      permissions: parseAdminPermissions(row.permissionsJson),
      created_at: new Date(row.createdAt).toISOString(),
      last_login: row.lastLoginAt === null ? null : new Date(row.lastLoginAt).toISOString(),
      invitation_expires_at: expiresAt === undefined ? null : new Date(expiresAt).toISOString(),
      two_factor_enabled: withTwoFactor.has(row.id),
    };
  });
}

export type AdminListItem = Awaited<ReturnType<typeof listAdmins>>[number];
