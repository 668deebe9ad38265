import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { hubs, hubWaitlist } from "~/db/schema";
import { recordExport } from "~/features/audit/audit.server";
import { csvStream } from "~/lib/csv.server";
import { type ProbedPage, probedPage } from "~/lib/paging";

export const WAITLIST_PAGE_SIZE = 20;

export type WaitlistRow = typeof hubWaitlist.$inferSelect;
export type WaitlistEntry = Omit<WaitlistRow, "createdAt" | "notifiedAt"> & {
  createdAt: string;
  notifiedAt: string | null;
  hubTitle: string | null;
};

/** The hub waitlist, newest first (system administrators). */
export async function listWaitlist(db: Db, actor: Actor, page = 1): Promise<ProbedPage<WaitlistEntry>> {
  assertGate(actor, "system-admin");
  const rows = await db
    .select({ ...getTableColumns(hubWaitlist), hubTitle: hubs.title })
    .from(hubWaitlist)
    .leftJoin(hubs, eq(hubs.slug, hubWaitlist.hubId))
    .orderBy(desc(hubWaitlist.createdAt), desc(hubWaitlist.id))
    .limit(WAITLIST_PAGE_SIZE + 1)
    .offset((page - 1) * WAITLIST_PAGE_SIZE);
  return probedPage(rows, page, WAITLIST_PAGE_SIZE, (r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    notifiedAt: r.notifiedAt?.toISOString() ?? null,
  }));
}

const CSV_COLUMNS: ReadonlyArray<[header: string, value: (r: WaitlistRow) => unknown]> = [
  ["created_at", (r) => r.createdAt.toISOString()],
  ["hub_id", (r) => r.hubId],
  ["user_type", (r) => r.userType],
  ["email", (r) => r.email],
  ["full_name", (r) => r.fullName],
  ["professional_title", (r) => r.professionalTitle],
  ["specialty", (r) => r.specialty],
  ["years_of_experience", (r) => r.yearsOfExperience],
  ["facility_name", (r) => r.facilityName],
  ["facility_type", (r) => r.facilityType],
  ["country", (r) => r.country],
  ["phone", (r) => r.phone],
  ["message", (r) => r.message],
  ["status", (r) => (r.notified ? "Notified" : "Pending")],
];

/**
 * The whole waitlist as CSV (newest first), streamed by keyset in batches so a long list never
 * sits in memory at once. Checked for a system administrator before the first byte, and audited.
 */
export async function waitlistCsv(db: Db, actor: Actor): Promise<ReadableStream<Uint8Array>> {
  const admin = assertGate(actor, "system-admin");
  await recordExport(db, admin, "waitlist");
  return csvStream<WaitlistRow & { cursorAt: string }>(CSV_COLUMNS, (after, limit) =>
    db
      .select({ ...getTableColumns(hubWaitlist), cursorAt: sql<string>`${hubWaitlist.createdAt}::text` })
      .from(hubWaitlist)
      .where(
        after
          ? sql`(${hubWaitlist.createdAt}, ${hubWaitlist.id}) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      )
      .orderBy(desc(hubWaitlist.createdAt), desc(hubWaitlist.id))
      .limit(limit),
  );
}
