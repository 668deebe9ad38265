import { desc } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { hubWaitlist } from "~/db/schema";
import { type ProbedPage, probedPage } from "~/lib/paging";

export const WAITLIST_PAGE_SIZE = 20;

export type WaitlistRow = typeof hubWaitlist.$inferSelect;
export type WaitlistEntry = Omit<WaitlistRow, "createdAt"> & { createdAt: string };

/** The hub waitlist, newest first (system administrators). */
export async function listWaitlist(db: Db, actor: Actor, page = 1): Promise<ProbedPage<WaitlistEntry>> {
  assertGate(actor, "system-admin");
  const rows = await db
    .select()
    .from(hubWaitlist)
    .orderBy(desc(hubWaitlist.createdAt), desc(hubWaitlist.id))
    .limit(WAITLIST_PAGE_SIZE + 1)
    .offset((page - 1) * WAITLIST_PAGE_SIZE);
  return probedPage(rows, page, WAITLIST_PAGE_SIZE, (r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
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

/** A character a spreadsheet reads as the start of a formula, in ASCII and in full width. */
const FORMULA_START = "=+\\-@\uFF1D\uFF0B\uFF0D\uFF20";
/** Starts like a formula, after any blanks or separators (";=cmd" is split by a ";" locale into "=cmd"). */
const LOOKS_LIKE_FORMULA = new RegExp(`(^|[,;|\\t])[\\s,;|]*[${FORMULA_START}]|^[\\t\\r]`);

/**
 * One CSV cell (OWASP CSV injection): a cell a spreadsheet could read as a formula, at its start
 * or after a separator a locale may split on (=, +, -, @ and their full-width forms, tab, carriage
 * return), gets a leading apostrophe; a cell with a quote, a separator or a line break is quoted,
 * so it stays one cell whatever separator the spreadsheet assumes.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (LOOKS_LIKE_FORMULA.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The whole waitlist as CSV (newest first), streamed in batches so a long list never sits in
 * memory at once. Checked for a system administrator before the first byte.
 */
export function waitlistCsv(db: Db, actor: Actor): ReadableStream<Uint8Array> {
  assertGate(actor, "system-admin");
  const encoder = new TextEncoder();
  const batch = 1000;
  let offset = 0;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // A byte order mark so spreadsheet programs read the names as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${CSV_COLUMNS.map(([h]) => h).join(",")}\r\n`));
        return;
      }
      const rows = await db
        .select()
        .from(hubWaitlist)
        .orderBy(desc(hubWaitlist.createdAt), desc(hubWaitlist.id))
        .limit(batch)
        .offset(offset);
      offset += rows.length;
      if (rows.length > 0) {
        controller.enqueue(
          encoder.encode(rows.map((r) => `${CSV_COLUMNS.map(([, v]) => csvCell(v(r))).join(",")}\r\n`).join("")),
        );
      }
      if (rows.length < batch) controller.close();
    },
  });
}
