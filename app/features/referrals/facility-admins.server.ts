import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";

/** The approved administrators of a facility: their addresses and the language they read. */
export async function facilityAdminReaders(
  db: Pick<Db, "select">,
  facilityId: string,
): Promise<Array<{ email: string; language: "en" | "fr" }>> {
  return db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(
      and(eq(users.facilityId, facilityId), eq(users.approvalStatus, "approved"), eq(effectiveRole, "facility_admin")),
    );
}

/** The user's effective role (spec section 3: user_roles overrides users.role). */
const effectiveRole = sql<string>`coalesce((select ur.role from user_roles ur where ur.user_id = ${users.id}), ${users.role})`;
