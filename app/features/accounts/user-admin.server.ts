import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Actor, assertGate } from "~/auth/actor.server";
import type { Role } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { facilities, userRoles, userSearchDocument, users } from "~/db/schema";
import { containsPattern } from "~/lib/like-pattern";
import { type ProbedPage, probedPage } from "~/lib/paging";
import { searchText } from "~/lib/search-text";
import type { AccountStatus } from "./account-status";

export const USERS_PAGE_SIZE = 20;

export type UserRow = {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  specialty: string | null;
  facilityName: string | null;
  /** Doctors: is_verified; administrators: approval status approved. */
  verified: boolean;
  /** Pending, Approved or Declined ("Approved" rather than the spec's "Verified"). */
  status: AccountStatus;
  createdAt: string;
  /** The number the person gave (MDC for doctors, HeFRA for facility administrators), and its check. */
  registrationNumber: string | null;
  registrationCheckedAt: string | null;
  registrationCheckedBy: string | null;
  /** Decision 033: a system administrator's approval asked by this administrator, waiting for a second one. */
  approvalRequestedBy: string | null;
};

const checker = alias(users, "checker");
const requester = alias(users, "requester");

/** An account's status in SQL, by the same rule as the actor's approval (actor.server.ts). */
const approvedSql = sql`(${users.approvalStatus} <> 'declined' and case coalesce(${userRoles.role}, ${users.role}) when 'doctor' then ${users.isVerified} else ${users.approvalStatus} = 'approved' end)`;
function statusWhere(status: AccountStatus | null) {
  if (status === "approved") return approvedSql;
  if (status === "declined") return eq(users.approvalStatus, "declined");
  if (status === "pending") return sql`(${users.approvalStatus} <> 'declined' and not ${approvedSql})`;
  return undefined;
}

/**
 * Every account, newest first, with its effective role and approval (system administrators);
 * `query` narrows to names or email addresses containing it, `status` to pending, approved or
 * declined accounts.
 */
export async function listUsers(
  db: Db,
  actor: Actor,
  page = 1,
  query = "",
  status: AccountStatus | null = null,
): Promise<ProbedPage<UserRow>> {
  assertGate(actor, "system-admin");
  const q = searchText(query, 100);
  const where = and(q ? sql`${userSearchDocument(users)} ilike ${containsPattern(q)}` : undefined, statusWhere(status));
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      roleOverride: userRoles.role,
      specialty: users.specialty,
      facilityName: facilities.name,
      isVerified: users.isVerified,
      approvalStatus: users.approvalStatus,
      createdAt: users.createdAt,
      mdcNumber: users.mdcNumber,
      hefraLicence: users.hefraLicence,
      registrationCheckedAt: users.registrationCheckedAt,
      registrationCheckedBy: checker.fullName,
      approvalRequestedBy: requester.fullName,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(facilities, eq(facilities.id, users.facilityId))
    .leftJoin(checker, eq(checker.id, users.registrationCheckedBy))
    .leftJoin(requester, eq(requester.id, users.adminApprovalRequestedBy))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    // One more than a page: whether a next page exists, without counting every account.
    .limit(USERS_PAGE_SIZE + 1)
    .offset((page - 1) * USERS_PAGE_SIZE);
  return probedPage(rows, page, USERS_PAGE_SIZE, (r) => {
    const role = r.roleOverride ?? r.role;
    const verified =
      r.approvalStatus !== "declined" && (role === "doctor" ? r.isVerified : r.approvalStatus === "approved");
    return {
      id: r.id,
      fullName: r.fullName,
      email: r.email,
      role,
      specialty: r.specialty,
      facilityName: r.facilityName,
      verified,
      status: verified ? "approved" : r.approvalStatus === "declined" ? "declined" : "pending",
      createdAt: r.createdAt.toISOString(),
      registrationNumber: role === "doctor" ? r.mdcNumber : role === "facility_admin" ? r.hefraLicence : null,
      registrationCheckedAt: r.registrationCheckedAt?.toISOString() ?? null,
      registrationCheckedBy: r.registrationCheckedBy,
      approvalRequestedBy: verified ? null : r.approvalRequestedBy,
    };
  });
}
