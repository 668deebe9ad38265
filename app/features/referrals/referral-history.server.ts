import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { referralSearchDocument, referrals } from "~/db/schema";
import { containsPattern } from "~/lib/like-pattern";
import { type ProbedPage, pageFrom, probedPage } from "~/lib/paging";
import { refuse } from "~/lib/refusal";
import { searchText } from "~/lib/search-text";
import { withActivity } from "./referral-reads.server";
import { isReferralStatus, REFERRAL_STATUSES, type ReferralStatus } from "./referral-status";
import { type RawReferral, type ReferralRow, referralQuery, toRow } from "./referrals.server";

export const HISTORY_PAGE_SIZE = 20;

/* ------------------------------------------------------------------------------------------------
 * History (every role)
 * ---------------------------------------------------------------------------------------------- */

export type HistoryFilters = { page: number; q: string; status: ReferralStatus | null };

/** History's filters from the address: the page, the search (control characters removed) and a status. */
export function historyFilters(params: URLSearchParams): HistoryFilters {
  const status = params.get("status");
  return {
    page: pageFrom(params.get("page")),
    q: searchText(params.get("q"), 100),
    status: isReferralStatus(status) ? status : null,
  };
}

export type History = ProbedPage<ReferralRow> & {
  /** Whose referrals: the doctor's own, the facility's, or every referral (system administrators). */
  scope: "doctor" | "facility" | "all";
  filters: HistoryFilters;
};

/**
 * History: the viewer's referrals in every status, newest first; the doctor's own, the facility
 * administrator's facility's, every referral for a system administrator (approved users only).
 * `q` looks for a referral number or a patient's name containing it (ILIKE on the trigram-indexed
 * search document, its wildcards taken literally); `status` keeps one status. Pages are probed
 * (a page and one more row), not counted: counting the matches of a search in a million referrals
 * costs more than the page itself.
 */
export async function referralHistory(db: Db, actor: Actor, filters: Partial<HistoryFilters> = {}): Promise<History> {
  const viewer = assertGate(actor, "history");
  const page = filters.page ?? 1;
  const q = searchText(filters.q, 100);
  const status = filters.status ?? null;
  const conditions: SQL[] = [];
  let scope: History["scope"];
  if (viewer.role === "doctor") {
    scope = "doctor";
    conditions.push(eq(referrals.doctorId, viewer.id));
  } else if (viewer.role === "facility_admin") {
    if (!viewer.facilityId) refuse(403, "Your account is not linked to a facility.");
    scope = "facility";
    conditions.push(eq(referrals.facilityId, viewer.facilityId));
  } else {
    scope = "all";
  }
  if (status) conditions.push(eq(referrals.status, status));
  const scoped = conditions.length > 0 ? and(...conditions) : undefined;
  const offset = (page - 1) * HISTORY_PAGE_SIZE;
  const wanted = offset + HISTORY_PAGE_SIZE + 1;
  const payout = { payout: scope === "doctor" };
  const number = REFERRAL_NUMBER.test(q) ? q.toUpperCase() : null;
  let rows: RawReferral[];
  if (q && scope === "all" && !number) {
    rows = await rowsInOrder(db, await searchIds(db, scoped, q, offset, wanted), payout);
  } else if (q && !number) {
    rows = await rowsInOrder(db, await scopedSearchIds(db, scoped, q, offset, wanted), payout);
  } else if (!q && scope === "facility" && !status && viewer.facilityId) {
    rows = await rowsInOrder(db, await facilityPageIds(db, viewer.facilityId, offset, wanted), payout);
  } else {
    // A complete referral number is that referral (its unique index).
    if (number) conditions.push(eq(referrals.referralNumber, number));
    rows = await referralQuery(db, "summary", payout)
      .where(and(...conditions))
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(HISTORY_PAGE_SIZE + 1)
      .offset(offset);
  }
  const probed = probedPage(rows, page, HISTORY_PAGE_SIZE, toRow);
  return {
    ...probed,
    rows: await withActivity(db, viewer.id, probed.rows),
    scope,
    filters: { page, q, status },
  };
}

/** A whole referral number as the database writes it (REF-<year>-<at least 6 digits>). */
const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,}$/i;

/** The referrals of `ids` in that order (a page chosen by a lean query first). */
async function rowsInOrder(db: Db, ids: string[], options: { payout: boolean }): Promise<RawReferral[]> {
  if (ids.length === 0) return [];
  const found = await referralQuery(db, "summary", options).where(inArray(referrals.id, ids));
  const byId = new Map(found.map((r) => [r.id as string, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of a facility's referrals in every status, newest first, from the index on
 * (facility, status, created_at): the newest of each status merged (five short index-only scans)
 * instead of sorting all of the facility's referrals.
 */
async function facilityPageIds(db: Db, facilityId: string, offset: number, wanted: number): Promise<string[]> {
  const branches = REFERRAL_STATUSES.map(
    (s) => sql`(select ${referrals.id} as id, ${referrals.createdAt} as created_at from ${referrals}
      where ${referrals.facilityId} = ${facilityId} and ${referrals.status} = ${s}
      order by ${referrals.createdAt} desc, ${referrals.id} desc limit ${wanted})`,
  );
  const result = await db.execute<{ id: string }>(sql`
    select u.id from (${sql.join(branches, sql` union all `)}) u
    order by u.created_at desc, u.id desc limit ${wanted - offset} offset ${offset}`);
  return result.rows.map((r) => r.id);
}

/**
 * The ids of one page of a search in a doctor's or a facility's referrals (and one more), newest
 * first: the scope's referrals (its index) filtered by the search, never the trigram index, whose
 * common trigrams (a frequent first name, the "REF-" of every number) cost more than filtering the
 * few thousand referrals of one doctor or facility. A materialized CTE keeps the planner to that.
 */
async function scopedSearchIds(db: Db, scoped: SQL | undefined, q: string, offset: number, wanted: number) {
  const result = await db.execute<{ id: string }>(sql`
    with s as materialized (
      select ${referrals.id} as id, ${referrals.createdAt} as created_at,
             ${referrals.referralNumber} as referral_number, ${referrals.patientName} as patient_name
      from ${referrals} ${scoped ? sql`where ${scoped}` : sql``}
    )
    select id from s
    -- The same document as referralSearchDocument, over the scope's columns.
    where (s.referral_number || chr(10) || s.patient_name) ilike ${containsPattern(q)}
    order by created_at desc, id desc limit ${wanted - offset} offset ${offset}`);
  return result.rows.map((r) => r.id);
}

/** How many of the newest referrals a search looks at first, to judge how common its term is. */
const SEARCH_PROBE = 1_000;
/** How many of the newest referrals the second try of a search filters, per page asked for. */
const SEARCH_WINDOW = 5_000;

/**
 * The ids of one page of a search over every referral (and one more), newest first, fast at a
 * million referrals whatever the term. The newest referrals in scope are read in index order and
 * filtered, first SEARCH_PROBE of them: a common term (a frequent name, a year) fills the page
 * there, and those are the newest matches of all. When the probe found enough to expect a page in
 * SEARCH_WINDOW rows, those are filtered next. Otherwise the term is rare and the trigram index
 * finds every match (few) before they are sorted; a materialized CTE makes the planner take that
 * path (it guesses 1% of the rows for any ILIKE and would walk the whole created_at index,
 * filtering row by row).
 */
async function searchIds(db: Db, scoped: SQL | undefined, q: string, offset: number, wanted: number) {
  const pattern = containsPattern(q);
  const newest = async (window: number) =>
    (
      await db.execute<{ id: string }>(sql`
        select w.id from (
          select ${referrals.id} as id, ${referrals.referralNumber} as referral_number,
                 ${referrals.patientName} as patient_name, ${referrals.createdAt} as created_at
          from ${referrals} ${scoped ? sql`where ${scoped}` : sql``}
          order by ${referrals.createdAt} desc, ${referrals.id} desc
          limit ${window}
        ) w
        -- The same document as referralSearchDocument, over the window's columns.
        where (w.referral_number || chr(10) || w.patient_name) ilike ${pattern}
        order by w.created_at desc, w.id desc
        limit ${wanted}`)
    ).rows.map((r) => r.id);
  const probe = await newest(SEARCH_PROBE);
  if (probe.length >= wanted) return probe.slice(offset);
  const window = SEARCH_WINDOW * Math.min(10, Math.ceil(wanted / HISTORY_PAGE_SIZE));
  if ((probe.length * window) / SEARCH_PROBE >= wanted) {
    const recent = await newest(window);
    if (recent.length >= wanted) return recent.slice(offset);
  }
  const matching = sql`${referralSearchDocument(referrals)} ilike ${pattern}`;
  const all = await db.execute<{ id: string }>(sql`
    with m as materialized (
      select ${referrals.id} as id, ${referrals.createdAt} as created_at from ${referrals}
      where ${scoped ? and(scoped, matching) : matching}
    )
    select id from m order by created_at desc, id desc limit ${wanted - offset} offset ${offset}`);
  return all.rows.map((r) => r.id);
}
