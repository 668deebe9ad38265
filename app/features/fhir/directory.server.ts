import { and, asc, desc, eq, exists, gt, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { ClientActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import { facilities, referrals, users } from "~/db/schema";

/*
 * The facilities, doctors and patients the FHIR API names (decision 034). Facilities are the public
 * directory: every client reads them. A doctor or a patient is visible to a facility's client
 * only through a referral to that facility (the network's client: every doctor, every patient),
 * and a patient is only what a referral holds: the latest visible referral's details.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const facilityColumns = {
  id: facilities.id,
  slug: facilities.slug,
  name: facilities.name,
  type: facilities.type,
  location: facilities.location,
  country: facilities.country,
  address: facilities.address,
  contact: facilities.contact,
  isActive: facilities.isActive,
  openingHours: facilities.openingHours,
  hefraLicence: facilities.hefraLicence,
  latitude: facilities.latitude,
  longitude: facilities.longitude,
  updatedAt: facilities.updatedAt,
};

export type DirectoryFacility = NonNullable<Awaited<ReturnType<typeof facilityById>>>;

export async function facilityById(db: Db, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db.select(facilityColumns).from(facilities).where(eq(facilities.id, id)).limit(1);
  return row ?? null;
}

/** `value%`, case-insensitive, pattern characters taken literally (FHIR's string search: starts with). */
function startsWith(value: string): string {
  return `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type FacilityQuery = {
  ids?: readonly string[];
  names?: readonly string[];
  /** HeFRA licence numbers or slugs. */
  identifiers?: readonly string[];
  cities?: readonly string[];
  after?: string | null;
  limit: number;
};

/** A page of facilities in id order (a new facility never shifts a later page), and whether more follow. */
export async function searchFacilities(db: Db, q: FacilityQuery) {
  const where: Array<SQL | undefined> = [];
  if (q.ids) {
    const ids = q.ids.filter((id) => UUID.test(id));
    if (ids.length === 0) return { rows: [], hasMore: false };
    where.push(inArray(facilities.id, ids));
  }
  if (q.names) where.push(or(...q.names.map((n) => ilike(facilities.name, startsWith(n)))));
  if (q.identifiers) {
    where.push(or(inArray(facilities.hefraLicence, [...q.identifiers]), inArray(facilities.slug, [...q.identifiers])));
  }
  if (q.cities) where.push(or(...q.cities.map((c) => ilike(facilities.location, startsWith(c)))));
  if (q.after) {
    if (!UUID.test(q.after)) return { rows: [], hasMore: false };
    where.push(gt(facilities.id, q.after));
  }
  const rows = await db
    .select(facilityColumns)
    .from(facilities)
    .where(and(...where))
    .orderBy(asc(facilities.id))
    .limit(q.limit + 1);
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}

/** A referral the client may see, as a condition on the referrals table. */
function clientReferral(client: ClientActor, condition: SQL): SQL | undefined {
  return and(condition, client.facilityId === null ? undefined : eq(referrals.facilityId, client.facilityId));
}

/** A doctor the client may see: any for the network's client; one who referred to its facility otherwise. */
export async function doctorForClient(db: Db, client: ClientActor, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      mdcNumber: users.mdcNumber,
      specialty: users.specialty,
      facilityId: users.facilityId,
      approved: sql<boolean>`${users.approvalStatus} = 'approved'`,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.role, "doctor"),
        client.facilityId === null
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(referrals)
                .where(clientReferral(client, eq(referrals.doctorId, users.id))),
            ),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type DirectoryDoctor = NonNullable<Awaited<ReturnType<typeof doctorForClient>>>;

/**
 * A patient as the latest referral the client may see holds them: for a facility's client its
 * name, phone, email and date of birth; for the network's client the name only (what system
 * administrators' lists show).
 */
export async function patientForClient(db: Db, client: ClientActor, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      id: referrals.patientId,
      name: referrals.patientName,
      phone: referrals.patientPhone,
      email: referrals.patientEmail,
      birthDate: referrals.patientDateOfBirth,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .where(clientReferral(client, eq(referrals.patientId, id)))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(1);
  if (!row) return null;
  return client.facilityId === null ? { ...row, phone: null, email: null, birthDate: null } : row;
}

export type DirectoryPatient = NonNullable<Awaited<ReturnType<typeof patientForClient>>>;
