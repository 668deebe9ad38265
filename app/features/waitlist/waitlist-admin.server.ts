import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { hubs, hubWaitlist } from "~/db/schema";
import { recordExport } from "~/features/audit/public.server";
import { csvStream } from "~/lib/csv.server";
import { type ProbedPage, probedPage } from "~/lib/paging";
import { formatPhone, phoneLink } from "~/lib/phone";
import type { PhoneLink } from "~/lib/phone-link";
import { USER_TYPES, type UserType } from "./waitlist-schema";

export const WAITLIST_PAGE_SIZE = 20;

export type WaitlistRow = typeof hubWaitlist.$inferSelect;
/**
 * A row of the admin's waitlist table, as the page shows it: `phone` is already written in groups
 * (`+233 20 555 0147`) here on the server, so the dashboard's JavaScript carries no phone metadata.
 */
export type WaitlistEntry = Omit<WaitlistRow, "createdAt" | "notifiedAt"> & {
  /** The phone as a grouped tel: link, with WhatsApp for a mobile. */
  call: PhoneLink | null;
  createdAt: string;
  notifiedAt: string | null;
  hubTitle: string | null;
};

/** How many of each kind signed up: patients and families apart from professionals and facilities. */
export type WaitlistByType = Record<UserType, number>;

/** The hub waitlist, newest first, with the count of each kind (system administrators). */
export async function listWaitlist(
  db: Db,
  actor: Actor,
  page = 1,
): Promise<ProbedPage<WaitlistEntry> & { byType: WaitlistByType }> {
  assertGate(actor, "system-admin");
  const counted = await db
    .select({ userType: hubWaitlist.userType, n: sql<number>`count(*)::int` })
    .from(hubWaitlist)
    .groupBy(hubWaitlist.userType);
  const byType = Object.fromEntries(
    USER_TYPES.map((t) => [t, counted.find((c) => c.userType === t)?.n ?? 0]),
  ) as WaitlistByType;
  const rows = await db
    .select({ ...getTableColumns(hubWaitlist), hubTitle: hubs.title })
    .from(hubWaitlist)
    .leftJoin(hubs, eq(hubs.slug, hubWaitlist.hubId))
    .orderBy(desc(hubWaitlist.createdAt), desc(hubWaitlist.id))
    .limit(WAITLIST_PAGE_SIZE + 1)
    .offset((page - 1) * WAITLIST_PAGE_SIZE);
  const listed = probedPage(rows, page, WAITLIST_PAGE_SIZE, (r) => ({
    ...r,
    phone: r.phone ? formatPhone(r.phone) : null,
    call: r.phone ? phoneLink(r.phone) : null,
    createdAt: r.createdAt.toISOString(),
    notifiedAt: r.notifiedAt?.toISOString() ?? null,
  }));
  return { ...listed, byType };
}

const CSV_COLUMNS: ReadonlyArray<[header: string, value: (r: WaitlistRow) => unknown]> = [
  ["created_at", (r) => r.createdAt.toISOString()],
  ["hub_id", (r) => r.hubId],
  ["user_type", (r) => r.userType],
  // Empty for a patient who gave only a mobile number (decision 029): the phone column has it.
  ["email", (r) => r.email ?? ""],
  ["full_name", (r) => r.fullName],
  ["professional_title", (r) => r.professionalTitle],
  ["specialty", (r) => r.specialty],
  ["years_of_experience", (r) => r.yearsOfExperience],
  ["facility_name", (r) => r.facilityName],
  ["facility_type", (r) => r.facilityType],
  ["country", (r) => r.country],
  ["phone", (r) => r.phone],
  ["sms_consent", (r) => (r.smsConsentAt && !r.smsStoppedAt ? "yes" : "no")],
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
