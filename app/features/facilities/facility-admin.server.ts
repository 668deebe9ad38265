import { and, asc, count, desc, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import { data } from "react-router";
import sharp from "sharp";
import { type Actor, assertGate, type UserActor } from "~/auth/actor.server";
import type { Db } from "~/db/client.server";
import {
  facilities,
  facilityPhotoFiles,
  facilityPhotos,
  facilityReports,
  facilitySearchDocument,
  facilitySlugHistory,
  users,
} from "~/db/schema";
import { simpleMail } from "~/email/layout";
import { mayMailRecipient } from "~/email/mail-limit.server";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmail, queueEmailInTheirLanguages } from "~/features/messaging/public.server";
import { facilityAdminReaders } from "~/features/referrals/public.server";
import { containsPattern } from "~/lib/like-pattern";
import { type ProbedPage, probedPage } from "~/lib/paging";
import { parsePhone } from "~/lib/phone";
import { hitRateLimit, tooManyAttemptsMessage } from "~/lib/rate-limit.server";
import { parseOrRefuse, refusalOf, refuse } from "~/lib/refusal";
import { type FacilityProfile, nextFreeSlug } from "./facilities.server";
import { MAX_PHOTO_BYTES, PHOTO_WIDTHS, photoHeight } from "./facility-photo";
import { type FacilityInput, type FacilityReportInput, facilityReportSchema, facilitySchema } from "./facility-schema";
import { namesLookAlike } from "./name-skeleton";
import { hoursFromForm } from "./opening-hours";

/*
 * Facilities managed in the product (issue 17). System administrators add, edit, deactivate and
 * reactivate any facility and verify licences; a facility administrator edits their own facility's
 * profile and photo, nothing else. Every rule is checked here, whatever posted the form.
 */

/** The editor's answer for a refused input: each field's first message. */
export type FacilityFieldErrors = Record<string, string>;
export type SaveResult =
  | { ok: true; id: string; slug: string; changed: string[]; verificationCleared?: boolean }
  | { ok: false; fieldErrors: FacilityFieldErrors };

const notFound = () => data("Facility Not Found", { status: 404 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who may edit facility `id`: an approved system administrator, or the approved administrator of that facility. */
export function assertCanEditFacility(actor: Actor, facilityId: string): UserActor {
  const editor = assertGate(actor, "facility-editor");
  if (editor.role === "system_admin" || editor.facilityId === facilityId) return editor;
  throw data("You can only edit your own facility.", { status: 403 });
}

const isSystemAdmin = (actor: UserActor) => actor.role === "system_admin";

/** The on-call number in E.164; one that cannot receive an SMS is refused under its field. */
function onCallPhoneOf(value: string | null): string | null {
  if (!value) return null;
  const parsed = parsePhone(value, { mobile: true });
  if (!parsed.ok) refuse(400, parsed.message, { on_call_phone: parsed.message });
  return parsed.e164;
}

/** The columns a validated form sets (the licence's verified date and the Verified mark are decided by the caller). */
function columnsOf(input: FacilityInput) {
  return {
    name: input.name,
    type: input.type,
    location: input.location,
    country: input.country,
    address: input.address,
    description: input.description,
    descriptionFr: input.description_fr,
    about: input.about,
    mission: input.mission,
    vision: input.vision,
    partnerships: input.partnerships.length ? input.partnerships : null,
    services: input.services,
    serviceCategories: [...new Set([...input.service_categories, ...(input.emergency ? ["emergency"] : [])])],
    specialties: input.specialties.map((s) => s.name),
    specialtyDetails: input.specialties,
    professionals: input.professionals,
    languages: input.languages,
    insurance: input.insurance,
    emergency: input.emergency,
    nhisAccepted: input.nhis_accepted,
    hefraLicence: input.hefra_licence,
    onCallPhone: onCallPhoneOf(input.on_call_phone),
    latitude: input.latitude,
    longitude: input.longitude,
    openingHours: hoursFromForm(input.hours_mode, input as unknown as Record<string, string>),
    contact: {
      phones: input.phones,
      email: input.email,
      address: input.address,
      ...(input.website ? { website: input.website } : {}),
      ...(input.facebook ? { facebook: input.facebook } : {}),
      ...(input.instagram ? { instagram: input.instagram } : {}),
    },
  };
}

/** The two a system administrator alone sets: the directory card's Verified mark and the licence's verified date. */
type Columns = ReturnType<typeof columnsOf> & { verified?: boolean; licenceVerifiedOn?: string | null };

/** How the audit log names each column. */
const FIELD_NAMES: Record<keyof Columns, string> = {
  name: "name",
  type: "type",
  location: "location",
  country: "country",
  address: "address",
  description: "description",
  descriptionFr: "French description",
  about: "about",
  mission: "mission",
  vision: "vision",
  partnerships: "partnerships",
  services: "services",
  serviceCategories: "service categories",
  specialties: "specialties",
  specialtyDetails: "specialty descriptions",
  professionals: "professionals",
  languages: "languages",
  insurance: "insurance",
  emergency: "emergency",
  nhisAccepted: "NHIS",
  hefraLicence: "licence number",
  onCallPhone: "on-call number",
  latitude: "latitude",
  longitude: "longitude",
  verified: "verified mark",
  licenceVerifiedOn: "licence verified date",
  openingHours: "opening hours",
  contact: "contact",
};

/** The form checked with its schema (parseOrRefuse), its refusal as a result (addFacility answers with one). */
function validate(
  fields: Record<string, unknown>,
): { ok: true; input: FacilityInput } | { ok: false; fieldErrors: FacilityFieldErrors } {
  try {
    return { ok: true, input: parseOrRefuse(facilitySchema, fields) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal?.fieldErrors) throw error;
    // A message about no one field (the post was not a form at all) is shown on the name.
    const { "": unplaced, ...fieldErrors } = refusal.fieldErrors as FacilityFieldErrors;
    return { ok: false, fieldErrors: unplaced ? { name: unplaced, ...fieldErrors } : fieldErrors };
  }
}

/** A refused save: 400, each field's message under it, the first one as the refusal's own. */
function refuseFields(fieldErrors: FacilityFieldErrors): never {
  return refuse(400, Object.values(fieldErrors)[0] ?? "Please check the form", fieldErrors);
}

/** The image shown until a photo is uploaded: a drawn illustration per type. */
const ILLUSTRATIONS: Record<FacilityInput["type"], string> = {
  hospital: "/images/facilities/ridgeview-specialist-hospital.svg",
  clinic: "/images/facilities/ashanti-childrens-clinic.svg",
  diagnostic: "/images/facilities/takoradi-harbour-diagnostic-centre.svg",
  specialty: "/images/facilities/lagoon-heart-institute.svg",
};

/**
 * A slug no facility has now or had before (an old address keeps redirecting to its facility);
 * `own` may take back one of its own earlier addresses.
 */
async function freeSlug(db: Pick<Db, "select">, name: string, own?: string): Promise<string> {
  const base = await nextFreeSlug(db as Db, name);
  const heldByAnother = async (slug: string) => {
    const rows = await db
      .select({ facilityId: facilitySlugHistory.facilityId })
      .from(facilitySlugHistory)
      .where(eq(facilitySlugHistory.slug, slug));
    return rows.some((r) => r.facilityId !== own);
  };
  if (!(await heldByAnother(base))) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    const [current] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.slug, candidate));
    if (!current && !(await heldByAnother(candidate))) return candidate;
  }
}

/** The answer on the name field when another active facility has the name (issue 24). */
export const NAME_TAKEN_MESSAGE =
  "Another facility in the network already has this name. Add what tells them apart, such as the town.";

/**
 * Holds, until the transaction ends, the right to give an active facility a name: each save that
 * may do so (add, rename, reactivate) takes it first, before any row lock, so the look-alike check
 * below and the write it allows are one step for every server sharing the database.
 */
async function lockActiveNames(tx: Pick<Db, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('facilities:active-names'))`);
}

/**
 * Whether another active facility has this name, or one that looks like it. First as the unique
 * index compares names (the same expression as the generated `name_key` column, schema.ts, applied
 * by the database, so the check and the index never disagree); then by the names' confusable
 * skeletons (UTS #39, name-skeleton.ts: a Cyrillic "а", or "lnstitute" for "Institute", issue 33),
 * which no SQL expression computes. Run inside a transaction that holds lockActiveNames.
 */
async function nameTaken(db: Pick<Db, "select">, name: string, own?: string): Promise<boolean> {
  const key = sql`lower(regexp_replace(normalize(${name}::text, NFKD), '[^[:alnum:]]+', '', 'g'))`;
  const others = and(eq(facilities.isActive, true), own ? ne(facilities.id, own) : undefined);
  const [row] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(and(others, eq(facilities.nameKey, key)))
    .limit(1);
  if (row) return true;
  const active = await db.select({ name: facilities.name }).from(facilities).where(others);
  return active.some((other) => namesLookAlike(other.name, name));
}

const nameTakenResult = (): SaveResult => ({ ok: false, fieldErrors: { name: NAME_TAKEN_MESSAGE } });

/** Tries of a save whose slug another save took between the check and the write (`facilities_slug_key`). */
const SLUG_ATTEMPTS = 5;
export const SLUG_TAKEN_MESSAGE = "Another facility was saved under this name at the same moment. Please try again.";

/** A write refused by a unique index (drizzle wraps the driver's error: the SQLSTATE is on `cause`). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return (e?.cause?.code ?? e?.code) === "23505";
}

/**
 * Runs a save that picks a free slug and writes it. Two saves at once of one name (two
 * administrators adding, or a rename and an add) both find the name and the slug free; a unique
 * index (the active name, or the slug) refuses the second write, whose transaction is then run
 * again: it finds the name taken (a field error) or, for a name freed since, the next free slug.
 * Still refused after SLUG_ATTEMPTS tries: a message on the name, never a 500.
 */
async function withFreeSlug(save: () => Promise<SaveResult>): Promise<SaveResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await save();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= SLUG_ATTEMPTS) return { ok: false, fieldErrors: { name: SLUG_TAKEN_MESSAGE } };
    }
  }
}

/** A system administrator adds a facility (active, in the directory at once). */
export async function addFacility(
  db: Db,
  actor: Actor,
  fields: Record<string, unknown>,
): Promise<Extract<SaveResult, { ok: true }>> {
  const admin = assertGate(actor, "system-admin");
  const checked = validate(fields);
  if (!checked.ok) refuseFields(checked.fieldErrors);
  const columns = columnsOf(checked.input);
  const result = await withFreeSlug(() =>
    db.transaction(async (tx): Promise<SaveResult> => {
      await lockActiveNames(tx);
      if (await nameTaken(tx, columns.name)) return nameTakenResult();
      const slug = await freeSlug(tx, columns.name);
      const [row] = await tx
        .insert(facilities)
        .values({
          ...columns,
          slug,
          image: ILLUSTRATIONS[checked.input.type],
          verified: checked.input.verified,
          licenceVerifiedOn: columns.hefraLicence ? checked.input.licence_verified_on : null,
        })
        .returning({ id: facilities.id, slug: facilities.slug });
      await recordAudit(tx, {
        actorId: admin.id,
        action: "facility.created",
        subjectType: "facility",
        subjectId: row!.id,
        reason: columns.name,
      });
      return { ok: true, id: row!.id, slug: row!.slug, changed: [] };
    }),
  );
  // A value the rules refuse (the name is taken): 400, the message under its field.
  if (!result.ok) refuseFields(result.fieldErrors);
  return result;
}

/**
 * A value as JSON with every object's keys sorted: jsonb stores keys in its own order (shortest
 * first), so a stored `contact` or `openingHours` reads back in a different order than it was written.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fields that differ between the stored row and the new columns (JSON-equal values are unchanged). */
function changedFields(current: FacilityProfile, next: Columns): (keyof Columns)[] {
  return (Object.keys(next) as (keyof Columns)[]).filter(
    (key) => canonicalJson(current[key]) !== canonicalJson(next[key]),
  );
}

/**
 * Saves the editor. A rename moves the facility to a new slug and keeps the old one as a
 * redirect; an active facility cannot take the name of another active one (ignoring case,
 * accents, spacing and punctuation). The directory card's Verified mark and the licence's
 * verified date are set only by a system administrator (anyone else's post of them is ignored);
 * when anyone else changes the name or the licence number, what was verified no longer holds:
 * both are cleared (audited), and the system administrators are emailed to check again.
 */
export async function updateFacility(
  db: Db,
  actor: Actor,
  facilityId: string,
  fields: Record<string, unknown>,
): Promise<Extract<SaveResult, { ok: true }>> {
  if (!UUID.test(facilityId)) throw notFound();
  const editor = assertCanEditFacility(actor, facilityId);
  const checked = validate(fields);
  if (!checked.ok) refuseFields(checked.fieldErrors);
  const result = await withFreeSlug(() => saveFacility(db, editor, facilityId, checked.input));
  if (!result.ok) refuseFields(result.fieldErrors);
  return result;
}

/** Every approved system administrator's address (the effective role: user_roles overrides users.role). */
async function systemAdminEmails(db: Pick<Db, "select">): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.approvalStatus, "approved"),
        sql`coalesce((select ur.role from user_roles ur where ur.user_id = ${users.id}), ${users.role}) = 'system_admin'`,
      ),
    );
  return rows.map((r) => r.email);
}

/**
 * Tells every approved system administrator that a facility's administrator changed what had
 * been verified (the name or the licence number), with a link to the editor: never the old or
 * new values, which the audit log and the editor show. Queued in the save's transaction.
 */
async function queueVerificationCleared(
  tx: Pick<Db, "select" | "insert" | "execute">,
  facilityId: string,
  slug: string,
) {
  await queueEmail(
    tx,
    {
      to: await systemAdminEmails(tx),
      ...simpleMail(
        "A facility's verification needs your check",
        [
          "Hello,",
          `The administrator of a facility in the network (${env().APP_URL}/facility/${slug}) has changed its name or licence number.`,
          "Its Verified tick (the licence's verified date) has been removed until a system administrator checks the facility again.",
        ],
        { label: "Check the facility", href: `${env().APP_URL}/dashboard/facilities/${facilityId}` },
      ),
    },
    { event: "facility.verification-cleared" },
  );
}

/** One try of updateFacility's write (run again by withFreeSlug when a concurrent save took the new slug). */
async function saveFacility(db: Db, editor: UserActor, facilityId: string, input: FacilityInput): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    // Before the row lock: a reactivation takes the names' lock, then this row.
    await lockActiveNames(tx);
    const [current] = await tx.select().from(facilities).where(eq(facilities.id, facilityId)).for("update");
    if (!current) throw notFound();
    const next: Columns = columnsOf(input);
    let verificationCleared = false;
    if (isSystemAdmin(editor)) {
      next.verified = input.verified;
      next.licenceVerifiedOn = next.hefraLicence ? input.licence_verified_on : null;
    } else if (next.name !== current.name || next.hefraLicence !== current.hefraLicence) {
      // What a system administrator verified was this name and this licence: not the new ones.
      verificationCleared = current.verified || current.licenceVerifiedOn !== null;
      next.verified = false;
      next.licenceVerifiedOn = null;
    }
    const changed = changedFields(current, next);
    if (changed.length === 0) return { ok: true, id: current.id, slug: current.slug, changed: [] };
    if (changed.includes("name") && current.isActive && (await nameTaken(tx, next.name, facilityId))) {
      return nameTakenResult();
    }
    let slug = current.slug;
    if (changed.includes("name")) {
      const base = await freeSlug(tx, next.name, facilityId);
      // A rename that slugs the same ("St. Mary's" -> "St Marys") keeps its address.
      if (base !== current.slug && !base.startsWith(`${current.slug}-`)) {
        slug = base;
        await tx
          .insert(facilitySlugHistory)
          .values({ slug: current.slug, facilityId })
          .onConflictDoUpdate({ target: facilitySlugHistory.slug, set: { facilityId } });
        // Coming back to an earlier name: that address is the facility's own again.
        await tx.delete(facilitySlugHistory).where(eq(facilitySlugHistory.slug, slug));
      }
    }
    await tx
      .update(facilities)
      .set({ ...next, slug })
      .where(eq(facilities.id, facilityId));
    await recordAudit(tx, {
      actorId: editor.id,
      action: "facility.updated",
      subjectType: "facility",
      subjectId: facilityId,
      reason: `Changed: ${changed.map((key) => FIELD_NAMES[key]).join(", ")}`,
    });
    if (verificationCleared) {
      await recordAudit(tx, {
        actorId: editor.id,
        action: "facility.verification_cleared",
        subjectType: "facility",
        subjectId: facilityId,
        fromStatus: "verified",
        toStatus: "unverified",
        reason: `The facility's administrator changed the ${[
          next.name !== current.name ? "name" : null,
          next.hefraLicence !== current.hefraLicence ? "licence number" : null,
        ]
          .filter(Boolean)
          .join(" and ")}: a system administrator must verify it again`,
      });
      await queueVerificationCleared(tx, facilityId, slug);
    }
    return {
      ok: true,
      id: facilityId,
      slug,
      changed: changed.map((key) => FIELD_NAMES[key]),
      verificationCleared,
    };
  });
}

/** Deactivates (out of the directory, the sitemap and the referral form; profile 404) or reactivates. */
export async function setFacilityActive(db: Db, actor: Actor, facilityId: string, active: boolean): Promise<void> {
  const admin = assertGate(actor, "system-admin");
  if (!UUID.test(facilityId)) throw notFound();
  try {
    await setActive(db, admin, facilityId, active);
  } catch (error) {
    // Another facility took the name between the check and the write (the active-name index).
    if (active && isUniqueViolation(error)) throw reactivationConflict();
    throw error;
  }
}

const reactivationConflict = () =>
  data("Another active facility has this name. Rename one of them before reactivating this one.", { status: 409 });

async function setActive(db: Db, admin: UserActor, facilityId: string, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (active) {
      await lockActiveNames(tx);
      const [facility] = await tx
        .select({ name: facilities.name })
        .from(facilities)
        .where(eq(facilities.id, facilityId));
      if (facility && (await nameTaken(tx, facility.name, facilityId))) throw reactivationConflict();
    }
    const [row] = await tx
      .update(facilities)
      .set({ isActive: active })
      .where(and(eq(facilities.id, facilityId), ne(facilities.isActive, active)))
      .returning({ id: facilities.id });
    if (!row) {
      const [exists] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, facilityId));
      if (!exists) throw notFound();
      throw data(active ? "This facility is already active." : "This facility is already deactivated.", {
        status: 409,
      });
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: active ? "facility.reactivated" : "facility.deactivated",
      subjectType: "facility",
      subjectId: facilityId,
      fromStatus: active ? "inactive" : "active",
      toStatus: active ? "active" : "inactive",
    });
  });
}

/* ------------------------------------------------------------------------------------------------
 * Photos
 * ---------------------------------------------------------------------------------------------- */

/** A refused photo: its message under the file field (413 for one past the size limit, as the upload reader says). */
export function refusePhoto(message: string, status = 400): never {
  return refuse(status, message, { photo: message });
}

export const PHOTO_MESSAGES = {
  missing: "Choose a photo to upload",
  tooLarge: "The photo must be 5 MB or smaller",
  wrongType: "The photo must be a JPEG, PNG or WebP image",
  unreadable: "This image could not be read. Please try another photo.",
} as const;

/** The image type from the file's first bytes (the name and the browser's claimed type are not trusted). */
export function imageTypeOf(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** At most 40 megapixels are decoded (a small file can claim an enormous image). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The WebP sizes of an upload: each of PHOTO_WIDTHS, cropped to 16:9 around its most interesting part. */
export async function photoVersions(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; bytes: Uint8Array }[]> {
  const versions = [];
  for (const width of PHOTO_WIDTHS) {
    const height = photoHeight(width);
    const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width, height, fit: "cover", position: sharp.strategy.attention })
      .webp({ quality: 78, effort: 4 })
      .toBuffer();
    versions.push({ width, height, bytes: new Uint8Array(out) });
  }
  return versions;
}

/** Replaces a facility's photo with `bytes` (the facility's administrator or a system administrator). */
export async function uploadFacilityPhoto(
  db: Db,
  actor: Actor,
  facilityId: string,
  bytes: Uint8Array | null,
): Promise<{ ok: true; photoId: string }> {
  if (!UUID.test(facilityId)) throw notFound();
  const editor = assertCanEditFacility(actor, facilityId);
  if (!bytes || bytes.length === 0) refusePhoto(PHOTO_MESSAGES.missing);
  if (bytes.length > MAX_PHOTO_BYTES) refusePhoto(PHOTO_MESSAGES.tooLarge);
  if (!imageTypeOf(bytes)) refusePhoto(PHOTO_MESSAGES.wrongType);
  let versions: Awaited<ReturnType<typeof photoVersions>>;
  try {
    versions = await photoVersions(bytes);
  } catch {
    refusePhoto(PHOTO_MESSAGES.unreadable);
  }
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ photoId: facilities.photoId })
      .from(facilities)
      .where(eq(facilities.id, facilityId))
      .for("update");
    if (!current) throw notFound();
    const [photo] = await tx
      .insert(facilityPhotos)
      .values({ facilityId, uploadedBy: editor.id })
      .returning({ id: facilityPhotos.id });
    await tx.insert(facilityPhotoFiles).values(versions.map((v) => ({ photoId: photo!.id, ...v })));
    await tx.update(facilities).set({ photoId: photo!.id }).where(eq(facilities.id, facilityId));
    // The replaced photo goes (its files with it): pages now name the new one.
    if (current.photoId) await tx.delete(facilityPhotos).where(eq(facilityPhotos.id, current.photoId));
    await recordAudit(tx, {
      actorId: editor.id,
      action: "facility.photo",
      subjectType: "facility",
      subjectId: facilityId,
    });
    return { ok: true, photoId: photo!.id };
  });
}

/** One size of a photo, or null. Public: a photo is shown on a public profile. */
export async function readPhotoFile(db: Db, photoId: string, width: number): Promise<Uint8Array | null> {
  if (!UUID.test(photoId) || !PHOTO_WIDTHS.includes(width as (typeof PHOTO_WIDTHS)[number])) return null;
  const [row] = await db
    .select({ bytes: facilityPhotoFiles.bytes })
    .from(facilityPhotoFiles)
    .where(and(eq(facilityPhotoFiles.photoId, photoId), eq(facilityPhotoFiles.width, width)));
  return row?.bytes ?? null;
}

/* ------------------------------------------------------------------------------------------------
 * Reading, for the editors
 * ---------------------------------------------------------------------------------------------- */

/** A facility with everything its editor shows (either role; inactive ones too, for a system administrator). */
export async function facilityForEditing(db: Db, actor: Actor, facilityId: string) {
  if (!UUID.test(facilityId)) throw notFound();
  const editor = assertCanEditFacility(actor, facilityId);
  const [row] = await db.select().from(facilities).where(eq(facilities.id, facilityId));
  if (!row) throw notFound();
  const reports = await listReports(db, editor, { facilityId, open: true });
  return { facility: row, reports, canVerify: isSystemAdmin(editor), editor };
}

export const ADMIN_FACILITIES_PAGE_SIZE = 20;

export type AdminFacilityRow = {
  id: string;
  slug: string;
  name: string;
  location: string;
  type: string;
  isActive: boolean;
  nhisAccepted: boolean;
  licenceVerifiedOn: string | null;
  openReports: number;
};

/** Every facility (active or not), by name, for system administrators; search by name, location or description. */
export async function listFacilitiesForAdmin(
  db: Db,
  actor: Actor,
  options: { page: number; q?: string; status?: "active" | "inactive" | null },
): Promise<ProbedPage<AdminFacilityRow>> {
  assertGate(actor, "system-admin");
  const where: SQL[] = [];
  if (options.status) where.push(eq(facilities.isActive, options.status === "active"));
  const q = (options.q ?? "").trim().slice(0, 100);
  if (q) where.push(sql`${facilitySearchDocument(facilities)} ilike ${containsPattern(q)}`);
  const rows = await db
    .select({
      id: facilities.id,
      slug: facilities.slug,
      name: facilities.name,
      location: facilities.location,
      type: facilities.type,
      isActive: facilities.isActive,
      nhisAccepted: facilities.nhisAccepted,
      licenceVerifiedOn: facilities.licenceVerifiedOn,
      openReports: sql<number>`(select count(*)::int from ${facilityReports} r where r.facility_id = ${facilities.id} and r.resolved_at is null)`,
    })
    .from(facilities)
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`lower(${facilities.name})`, asc(facilities.id))
    .limit(ADMIN_FACILITIES_PAGE_SIZE + 1)
    .offset((Math.max(1, options.page) - 1) * ADMIN_FACILITIES_PAGE_SIZE);
  return probedPage(rows, options.page, ADMIN_FACILITIES_PAGE_SIZE, (r) => r);
}

/** Where an earlier address of a facility now lives (its current slug, if it is active). */
export async function currentSlugFor(db: Db, oldSlug: string): Promise<string | null> {
  if (!/^[a-z0-9_-]{1,200}$/.test(oldSlug)) return null;
  const [row] = await db
    .select({ slug: facilities.slug })
    .from(facilitySlugHistory)
    .innerJoin(facilities, eq(facilities.id, facilitySlugHistory.facilityId))
    .where(and(eq(facilitySlugHistory.slug, oldSlug), eq(facilities.isActive, true)));
  return row?.slug ?? null;
}

/* ------------------------------------------------------------------------------------------------
 * "Report wrong information"
 * ---------------------------------------------------------------------------------------------- */

/** 5 reports an hour per IP (many more for the e2e server, which posts from one address). */
export function reportRateLimit() {
  return { limit: process.env.E2E_RELAXED_RATE_LIMITS === "1" ? 500 : 5, windowMs: 60 * 60_000 };
}

/**
 * Files a report about an active facility's profile (public, rate limited per IP). The facility's
 * administrators are emailed a link to the queue, at most once an hour: never the text, which
 * anyone could have typed. Refuses (throws) an unknown facility (404), a value the form's schema
 * refuses (400, each field's first message under it) and a rate limit (429).
 */
export async function fileFacilityReport(
  db: Db,
  slug: string,
  fields: Record<string, unknown>,
  options: { ip: string; now?: Date },
): Promise<void> {
  const [facility] = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(and(eq(facilities.slug, slug), eq(facilities.isActive, true)));
  if (!facility) throw notFound();
  const input: FacilityReportInput = parseOrRefuse(facilityReportSchema, fields);
  const limit = await hitRateLimit(db, `facility-report:ip:${options.ip}`, reportRateLimit(), options.now);
  if (!limit.ok) refuse(429, tooManyAttemptsMessage(limit.retryAfterSeconds));
  // However many reports arrive, from however many addresses, the administrators hear of them at
  // most once an hour (the queue shows every one). The mail is queued with the report.
  const admins = await facilityAdminReaders(db, facility.id);
  const tell = admins.length > 0 && (await mayMailRecipient(db, "facility-report", facility.id, options.now));
  await db.transaction(async (tx) => {
    await tx.insert(facilityReports).values({ facilityId: facility.id, details: input.details, email: input.email });
    if (!tell) return;
    await queueEmailInTheirLanguages(
      tx,
      admins,
      (t) =>
        simpleMail(
          t("mail.facility-report.subject", { facility: facility.name }),
          [
            t("mail.hello"),
            t("mail.facility-report.body", { facility: facility.name }),
            t("mail.facility-report.next"),
          ],
          { label: t("mail.facility-report.action"), href: `${env().APP_URL}/dashboard/facility-reports` },
          t,
        ),
      { event: "facility.report" },
    );
  });
}

export type ReportRow = {
  id: string;
  facilityId: string;
  facilityName: string;
  facilitySlug: string;
  details: string;
  email: string | null;
  createdAt: string;
  resolvedAt: string | null;
};

/** Reports a reader may see: system administrators every facility's, a facility administrator their own. */
export async function listReports(
  db: Db,
  actor: Actor,
  options: { open: boolean; facilityId?: string },
): Promise<ReportRow[]> {
  const reader = assertGate(actor, "facility-editor");
  const where: SQL[] = [
    options.open ? isNull(facilityReports.resolvedAt) : sql`${facilityReports.resolvedAt} is not null`,
  ];
  if (reader.role !== "system_admin") {
    if (!reader.facilityId) return [];
    where.push(eq(facilityReports.facilityId, reader.facilityId));
  }
  if (options.facilityId) where.push(eq(facilityReports.facilityId, options.facilityId));
  const rows = await db
    .select({
      id: facilityReports.id,
      facilityId: facilityReports.facilityId,
      facilityName: facilities.name,
      facilitySlug: facilities.slug,
      details: facilityReports.details,
      email: facilityReports.email,
      createdAt: facilityReports.createdAt,
      resolvedAt: facilityReports.resolvedAt,
    })
    .from(facilityReports)
    .innerJoin(facilities, eq(facilities.id, facilityReports.facilityId))
    .where(and(...where))
    .orderBy(options.open ? asc(facilityReports.createdAt) : desc(facilityReports.resolvedAt))
    .limit(100);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }));
}

/** Open reports a reader may see, counted (the navigation's badge). */
export async function countOpenReports(db: Db, actor: UserActor): Promise<number> {
  const where = [isNull(facilityReports.resolvedAt)];
  if (actor.role !== "system_admin") {
    if (!actor.facilityId) return 0;
    where.push(eq(facilityReports.facilityId, actor.facilityId));
  }
  const [row] = await db
    .select({ n: count() })
    .from(facilityReports)
    .where(and(...where));
  return row?.n ?? 0;
}

/** Marks a report resolved (a system administrator, or the reported facility's administrator); 409 if it already is. */
export async function resolveReport(db: Db, actor: Actor, reportId: string): Promise<void> {
  if (!UUID.test(reportId)) throw data("Report not found", { status: 404 });
  const [report] = await db
    .select({ facilityId: facilityReports.facilityId, resolvedAt: facilityReports.resolvedAt })
    .from(facilityReports)
    .where(eq(facilityReports.id, reportId));
  if (!report) {
    // Checked in this order so a stranger cannot tell which report ids exist.
    if (actor.kind === "anonymous") throw data("Authentication Required", { status: 401 });
    throw data("Report not found", { status: 404 });
  }
  const editor = assertCanEditFacility(actor, report.facilityId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(facilityReports)
      .set({ resolvedAt: new Date(), resolvedBy: editor.id })
      .where(and(eq(facilityReports.id, reportId), isNull(facilityReports.resolvedAt)))
      .returning({ id: facilityReports.id });
    if (!row) throw data("This report has already been resolved.", { status: 409 });
    await recordAudit(tx, {
      actorId: editor.id,
      action: "facility.report_resolved",
      subjectType: "facility_report",
      subjectId: reportId,
    });
  });
}
