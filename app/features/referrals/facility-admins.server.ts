import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";

export async function facilityAdminEmails(db: Pick<Db, "select">, facilityId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(eq(users.facilityId, facilityId), eq(users.approvalStatus, "approved"), eq(effectiveRole, "facility_admin")),
    );
  return rows.map((r) => r.email);
}

/** The user's effective role (spec section 3: user_roles overrides users.role). */
const effectiveRole = sql<string>`coalesce((select ur.role from user_roles ur where ur.user_id = ${users.id}), ${users.role})`;
