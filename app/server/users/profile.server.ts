// The signed-in user's own profile (user spec §2 "Profile", §3 "User profile"): names and e-mail are
// editable, the phone is not.
import { eq } from "drizzle-orm";
import type { ProfileUpdateInput } from "../../lib/schemas/profile";
import type { Database } from "../db/client.server";
import { users } from "../db/schema.server";

export interface UserProfile {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string;
  status: "active" | "inactive" | "suspended";
  created_at: string;
  last_login: string | null;
}

function toProfile(row: typeof users.$inferSelect): UserProfile {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
    last_login: row.lastLoginAt === null ? null : new Date(row.lastLoginAt).toISOString(),
  };
}

export async function getProfile(db: Database, userId: string): Promise<UserProfile | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ? toProfile(row) : null;
}

export async function updateProfile(
  db: Database,
  userId: string,
  input: ProfileUpdateInput,
  now: number = Date.now(),
): Promise<UserProfile | null> {
  const [row] = await db
    .update(users)
    .set({ firstName: input.first_name, lastName: input.last_name, email: input.email, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row ? toProfile(row) : null;
}
