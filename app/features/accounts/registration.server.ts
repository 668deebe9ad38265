import { and, eq, isNull, or, sql } from "drizzle-orm";
import { type Actor, actorById, isApprovedSystemAdmin } from "~/auth/actor.server";
import type { Role } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { facilities, users } from "~/db/schema";
import { recordAudit } from "~/features/audit/public.server";
import { refuse } from "~/lib/refusal";
import { type RegistrationKind, registrationKindOf } from "./registration-number";

/*
 * Registration numbers: doctors give their MDC registration number and facility
 * administrators their facility's HeFRA licence number, at registration or, for accounts made
 * before, on the page they land on after signing in until they give it. A system administrator
 * checks the number against the register and records it (audited); the account then reads
 * "Verified by Qurhealth on {date}". A changed number is a new number: its check is cleared.
 */

/** Where a signed-in doctor or facility administrator without a number is sent (until they give it). */
export const REGISTRATION_PATH = "/account/registration";

export type Registration = {
  kind: RegistrationKind;
  number: string | null;
  /** ISO time of the system administrator's check; null until checked. */
  checkedAt: string | null;
};

const columnOf = (kind: RegistrationKind) => (kind === "mdc" ? users.mdcNumber : users.hefraLicence);

/** The person's registration (null for system administrators, who give none). */
export async function registrationOf(db: Db, userId: string, role: Role): Promise<Registration | null> {
  const kind = registrationKindOf(role);
  if (!kind) return null;
  const [row] = await db
    .select({ number: columnOf(kind), checkedAt: users.registrationCheckedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { kind, number: row.number, checkedAt: row.checkedAt?.toISOString() ?? null };
}

/** True when this doctor or facility administrator has not given their number yet. */
export async function needsRegistrationNumber(db: Db, userId: string, role: Role): Promise<boolean> {
  const registration = await registrationOf(db, userId, role);
  return registration !== null && registration.number === null;
}

/**
 * Saves the signed-in doctor's or facility administrator's number (401 signed out; 403 for a
 * system administrator, who has none to give). The same number again changes nothing; another
 * number clears the earlier check.
 */
export async function giveRegistrationNumber(db: Db, actor: Actor, number: string): Promise<{ role: Role }> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  const kind = registrationKindOf(actor.role);
  if (!kind) refuse(403, "System administrators have no registration number to give.");
  const column = columnOf(kind);
  await db
    .update(users)
    .set(
      kind === "mdc"
        ? { mdcNumber: number, registrationCheckedAt: null, registrationCheckedBy: null, updatedAt: new Date() }
        : { hefraLicence: number, registrationCheckedAt: null, registrationCheckedBy: null, updatedAt: new Date() },
    )
    .where(and(eq(users.id, actor.id), or(isNull(column), sql`${column} <> ${number}`)));
  return { role: actor.role };
}

export type RegistrationCheck = { userId: string; alreadyChecked: boolean };

/**
 * A system administrator records that they checked the account's number against the register
 * (approved system administrators only: 403, 401 signed out; 404 unknown account; 409 when the
 * account has no number to check). Audited. Once per number: a second record changes nothing.
 * A facility administrator's checked HeFRA licence is also their facility's Verified tick, when
 * the facility has no licence number yet or the same one.
 */
export async function recordRegistrationChecked(db: Db, actor: Actor, userId: string): Promise<RegistrationCheck> {
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  if (!isApprovedSystemAdmin(actor)) refuse(403, "Only approved system administrators can record a check.");
  const target = await actorById(db, userId);
  if (target.kind === "anonymous") refuse(404, "Account not found");
  const registration = await registrationOf(db, userId, target.role);
  if (!registration?.number) refuse(409, "This account has not given a registration number to check.");
  const number = registration.number;
  const now = new Date();
  const checked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ registrationCheckedAt: now, registrationCheckedBy: actor.id, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.registrationCheckedAt), eq(columnOf(registration.kind), number)))
      .returning({ id: users.id, facilityId: users.facilityId });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "account.registration_checked",
      subjectType: "user",
      subjectId: row.id,
      toStatus: "checked",
      reason: `${registration.kind === "mdc" ? "MDC registration number" : "HeFRA licence number"} ${number}`,
    });
    if (registration.kind === "hefra" && row.facilityId) {
      await tx
        .update(facilities)
        .set({ hefraLicence: number, licenceVerifiedOn: now.toISOString().slice(0, 10) })
        .where(
          and(
            eq(facilities.id, row.facilityId),
            or(isNull(facilities.hefraLicence), sql`lower(${facilities.hefraLicence}) = lower(${number})`),
          ),
        );
    }
    return true;
  });
  return { userId, alreadyChecked: !checked };
}
