import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { referralReads, referrals, userRoles, users } from "~/db/schema";

/*
 * Who has read a referral, and what is new for whom. Opening a referral's page records
 * when this person last read it; the queue's and History's rows count the messages from others
 * posted since (and the files attached), and a person's own message shows Unread until someone on
 * the other side has opened the page after it. A system administrator's visit marks nothing read
 * for the two sides.
 */

/** Records that `userId` has just read the referral (its page was opened); a later read only moves it forward. */
export async function markReferralRead(db: Db, userId: string, referralId: string, now = new Date()): Promise<void> {
  await db
    .insert(referralReads)
    .values({ referralId, userId, readAt: now })
    .onConflictDoUpdate({
      target: [referralReads.referralId, referralReads.userId],
      set: { readAt: sql`greatest(${referralReads.readAt}, excluded.read_at)` },
    });
}

/** Who (not a system administrator) has read the referral, and when last. */
export async function readersOf(db: Db, referralId: string): Promise<Array<{ userId: string; readAt: Date }>> {
  return db
    .select({ userId: referralReads.userId, readAt: referralReads.readAt })
    .from(referralReads)
    .innerJoin(users, eq(users.id, referralReads.userId))
    .where(
      and(
        eq(referralReads.referralId, referralId),
        sql`coalesce((select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${users.id}), ${users.role}) <> 'system_admin'`,
      ),
    );
}

export type ReferralActivity = { files: number; newMessages: number };

/**
 * For the rows of a list: each referral's files, and the messages from others posted since the
 * viewer last opened its page (all of them, if never).
 */
export async function activityOf(db: Db, viewerId: string, ids: string[]): Promise<Map<string, ReferralActivity>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: referrals.id,
      // Written out with the outer table's name: drizzle leaves a column of the queried table unqualified,
      // which inside a subquery would name the subquery's own column.
      files: sql<number>`(select count(*) from referral_attachments a where a.referral_id = "referrals"."id")::int`,
      newMessages: sql<number>`(select count(*) from referral_messages m
        where m.referral_id = "referrals"."id"
          and m.author_id is distinct from ${viewerId}::uuid
          and m.created_at > coalesce((select rr.read_at from referral_reads rr
            where rr.referral_id = "referrals"."id" and rr.user_id = ${viewerId}::uuid), '-infinity'::timestamptz))::int`,
    })
    .from(referrals)
    .where(inArray(referrals.id, ids));
  return new Map(rows.map((r) => [r.id, { files: Number(r.files), newMessages: Number(r.newMessages) }]));
}

/** The rows with their activity (files, new messages) for `viewerId`. */
export async function withActivity<T extends { id: string }>(
  db: Db,
  viewerId: string,
  rows: T[],
): Promise<Array<T & { activity: ReferralActivity }>> {
  const activity = await activityOf(
    db,
    viewerId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, activity: activity.get(r.id) ?? { files: 0, newMessages: 0 } }));
}
