// The administrators list (admin spec §2 "Administrators", §3 "Administrator").
import { asc } from "drizzle-orm";
import { parseAdminPermissions } from "../../lib/admin-access";
import type { Database } from "../db/client.server";
import { admins } from "../db/schema.server";

export async function listAdmins(db: Database) {
  const rows = await db.select().from(admins).orderBy(asc(admins.createdAt), asc(admins.email));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    status: row.status,
    permissions: parseAdminPermissions(row.permissionsJson),
    created_at: new Date(row.createdAt).toISOString(),
    last_login: row.lastLoginAt === null ? null : new Date(row.lastLoginAt).toISOString(),
  }));
}
