import { and, count, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, facilities, facilityPhotoFiles, facilityReports } from "~/db/schema";
import { auditFiltersFrom, listAuditLog } from "~/features/audit/audit-log.server";
import { refusalOf } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, refusedWith, statusOf } from "../../../tests/helpers/domain";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  getFacilityBySlug,
  listActiveFacilityOptions,
  listActiveFacilitySlugs,
  listFacilities,
} from "./facilities.server";
import { setFacilityActive } from "./facility-activation.server";
import { currentSlugFor, facilityForEditing } from "./facility-admin-reads.server";
import { addFacility } from "./facility-create.server";
import { updateFacility } from "./facility-edit.server";
import { NAME_TAKEN_MESSAGE, SLUG_TAKEN_MESSAGE } from "./facility-names.server";
import { PHOTO_WIDTHS } from "./facility-photo";
import { imageTypeOf, PHOTO_MESSAGES, readPhotoFile, uploadFacilityPhoto } from "./facility-photos.server";
import { fileFacilityReport, listReports, resolveReport } from "./facility-reports.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let sysAdmin: Actor;
let ownAdmin: Actor;
let otherAdmin: Actor;
let pendingAdmin: Actor;
let doctor: Actor;
let ownId: string;
let otherId: string;

/** A complete, valid editor form; `extra` overrides fields. */
function form(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    type: "clinic",
    location: "Ho, Ghana",
    country: "ghana",
    address: "12 Volta Street, Ho, Ghana",
    description: "A community clinic in Ho with maternal and child health services.",
    about: "The clinic has served families in the Volta Region since 1998 with outpatient care.",
    services: "Outpatient care\nAntenatal care",
    specialties: "Pediatrics: Child health clinics\nObstetrics: Antenatal and delivery care",
    languages: "English\nEwe",
    phones: "+233 36 202 1234",
    email: "hello@ho-clinic.example",
    hours_mode: "weekly",
    hours_mon_opens: "08:00",
    hours_mon_closes: "17:00",
    hours_sat_opens: "09:00",
    hours_sat_closes: "13:00",
    nhis_accepted: "on",
    hefra_licence: "HEFRA/VR/0042",
    ...extra,
  };
}

async function jpeg(width = 1600, height = 1000): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 100 } } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(buffer);
}

const audits = async (subjectId: string, action: string) =>
  (
    await h.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, subjectId), eq(auditEvents.action, action)))
  )[0]!.n;

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
  ownId = await insertFacility(h.db, "own-facility", "Own Facility");
  otherId = await insertFacility(h.db, "other-facility", "Other Facility");
  const as = async (options: Parameters<typeof createAccount>[1]) =>
    actorById(h.db, (await createAccount(h.db, options)).id);
  sysAdmin = await as({ role: "system_admin", approved: true });
  ownAdmin = await as({ role: "facility_admin", approved: true, facilityId: ownId, email: "own.admin@example.test" });
  otherAdmin = await as({ role: "facility_admin", approved: true, facilityId: otherId });
  pendingAdmin = await as({ role: "facility_admin", approved: false, facilityId: ownId });
  doctor = await as({ role: "doctor", approved: true });
});

afterAll(async () => {
  await h?.drop();
  await mail?.stop();
});

describe("adding a facility (system administrators)", () => {
  it("adds it to the directory, its profile, the sitemap and the referral form, audited", async () => {
    const result = await addFacility(h.db, sysAdmin, form("Volta Family Clinic"));
    expect(result).toMatchObject({ ok: true, slug: "volta-family-clinic" });
    if (!result.ok) return;
    const profile = await getFacilityBySlug(h.db, "volta-family-clinic");
    expect(profile).toMatchObject({
      name: "Volta Family Clinic",
      nhisAccepted: true,
      hefraLicence: "HEFRA/VR/0042",
      specialties: ["Pediatrics", "Obstetrics"],
      specialtyDetails: [
        { name: "Pediatrics", description: "Child health clinics" },
        { name: "Obstetrics", description: "Antenatal and delivery care" },
      ],
      contact: {
        phones: ["+233 36 202 1234"],
        email: "hello@ho-clinic.example",
        address: "12 Volta Street, Ho, Ghana",
      },
    });
    expect(profile!.openingHours).toEqual({
      allDay: false,
      week: [{ opens: "08:00", closes: "17:00" }, null, null, null, null, { opens: "09:00", closes: "13:00" }, null],
    });
    expect(await listActiveFacilitySlugs(h.db)).toContain("volta-family-clinic");
    expect((await listActiveFacilityOptions(h.db)).map((f) => f.name)).toContain("Volta Family Clinic");
    expect((await listFacilities(h.db, { q: "Volta Family", nhis: true })).total).toBe(1);
    expect(await audits(result.id, "facility.created")).toBe(1);
  });

  it("refuses bad input with each field's message and stores nothing", async () => {
    const before = (await h.db.select({ n: count() }).from(facilities))[0]!.n;
    const result = await refusedWith(
      addFacility(
        h.db,
        sysAdmin,
        form("X", {
          email: "not-an-email",
          phones: "call me",
          website: "javascript:alert(1)",
          specialties: "",
          type: "spaceship",
        }),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.fieldErrors).toMatchObject({
      name: "Name must be at least 2 characters",
      email: "Invalid email address",
      phones: "Enter phone numbers like +233 30 000 0000, one per line",
      website: "Website must be a web address starting with https://",
      specialties: "Add at least one specialty",
      type: "Please select a facility type",
    });
    const hours = await refusedWith(
      addFacility(h.db, sysAdmin, form("Hours Clinic", { hours_mon_closes: "07:00", hours_sat_opens: "" })),
    );
    expect(hours).toMatchObject({
      status: 400,
      fieldErrors: {
        hours_mon_closes: "Monday must close after it opens",
        hours_sat_opens: "Give both times for Saturday, or leave both empty if closed",
      },
    });
    expect((await h.db.select({ n: count() }).from(facilities))[0]!.n).toBe(before);
  });

  it("adds one of three facilities added at once under one name; the others get the name's message (never an error)", async () => {
    const results = await Promise.all(
      ["Twin Rivers Clinic", "twin rivers  clinic", "Twin Rivers Clinic"].map((name) =>
        addFacility(h.db, sysAdmin, form(name)).catch(refusalOf),
      ),
    );
    const added = results.filter((r) => r !== null && "ok" in r);
    expect(added).toHaveLength(1);
    expect(results.filter((r) => !(r !== null && "ok" in r))).toEqual([
      { status: 400, message: NAME_TAKEN_MESSAGE, fieldErrors: { name: NAME_TAKEN_MESSAGE } },
      { status: 400, message: NAME_TAKEN_MESSAGE, fieldErrors: { name: NAME_TAKEN_MESSAGE } },
    ]);
    const rows = await h.db
      .select({ slug: facilities.slug })
      .from(facilities)
      .where(eq(facilities.nameKey, "twinriversclinic"));
    expect(rows).toEqual([{ slug: "twin-rivers-clinic" }]);
    for (const r of added) expect(await audits(r.id, "facility.created")).toBe(1);
  });

  it("answers the name's message when another active facility takes the name between the check and the insert", async () => {
    // Another writer inserts "Kpong Dam Clinic" and holds its transaction open while addFacility runs:
    // on PostgreSQL the add finds the name free, its insert waits on the active-name index and fails
    // once the other commits; tried again, it finds the name taken.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const other = h.db.transaction(async (tx) => {
      await insertFacility(tx as unknown as typeof h.db, "kpong-dam-clinic", "Kpong Dam Clinic");
      inserted();
      await held;
    });
    await insertedYet;
    const adding = refusedWith(addFacility(h.db, sysAdmin, form("KPONG DAM CLINIC")));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await other;
    expect(await adding).toEqual({
      status: 400,
      message: NAME_TAKEN_MESSAGE,
      fieldErrors: { name: NAME_TAKEN_MESSAGE },
    });
  });

  it("takes the next free address when another facility takes its slug between the check and the insert", async () => {
    // Another writer inserts an inactive "Harbour View Clinic" and holds its transaction open while
    // addFacility runs: on PostgreSQL the add reads the slug as free, its insert waits on the unique
    // index and fails once the other commits; it then tries again with the next address.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const other = h.db.transaction(async (tx) => {
      const id = await insertFacility(tx as unknown as typeof h.db, "harbour-view-clinic", "Harbour View Clinic");
      await tx.update(facilities).set({ isActive: false }).where(eq(facilities.id, id));
      inserted();
      await held;
    });
    await insertedYet;
    const adding = addFacility(h.db, sysAdmin, form("Harbour View Clinic"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await other;
    expect(await adding).toMatchObject({ ok: true, slug: "harbour-view-clinic-2" });
  });

  it("answers a message on the name, not an error, when the address stays taken after every try", async () => {
    let tries = 0;
    const alwaysTaken = {
      transaction: async () => {
        tries += 1;
        throw Object.assign(new Error("Failed query"), { cause: { code: "23505" } });
      },
    } as unknown as typeof h.db;
    expect(await refusedWith(addFacility(alwaysTaken, sysAdmin, form("Crowded Clinic")))).toEqual({
      status: 400,
      message: SLUG_TAKEN_MESSAGE,
      fieldErrors: { name: SLUG_TAKEN_MESSAGE },
    });
    expect(tries).toBe(5);
    // Any other failure is a real error, not a message.
    const broken = {
      transaction: async () => {
        throw new Error("connection lost");
      },
    } as unknown as typeof h.db;
    await expect(addFacility(broken, sysAdmin, form("Crowded Clinic"))).rejects.toThrow("connection lost");
  });

  it("is for system administrators only (401 anonymous, 403 every other role or pending)", async () => {
    for (const [actor, status] of [
      [ANONYMOUS, 401],
      [doctor, 403],
      [ownAdmin, 403],
      [pendingAdmin, 403],
    ] as const) {
      expect(await statusOf(addFacility(h.db, actor, form("Not Allowed Clinic")))).toBe(status);
    }
    expect(await getFacilityBySlug(h.db, "not-allowed-clinic")).toBeNull();
  });
});

describe("editing (system administrators; a facility administrator only their own)", () => {
  it("lets a facility administrator edit their own facility, records which fields changed", async () => {
    const result = await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { hours_mode: "all-day" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.changed).toEqual(expect.arrayContaining(["opening hours", "NHIS", "licence number"]));
    const [row] = await h.db.select().from(facilities).where(eq(facilities.id, ownId));
    expect(row!.openingHours).toEqual({ allDay: true });
    const [event] = await h.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, ownId), eq(auditEvents.action, "facility.updated")));
    expect(event!.reason).toContain("opening hours");
    expect(event!.actorId).toBe((ownAdmin as { id: string }).id);
  });

  it("saves the short description in French beside the English (issue 38); empty is none; too long is refused", async () => {
    const french = "Cardiologie, chirurgie et urgences 24 h/24 pour la région.";
    const saved = await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { description_fr: ` ${french} ` }));
    expect(saved).toMatchObject({ ok: true });
    if (saved.ok) expect(saved.changed).toContain("French description");
    const row = async () => (await h.db.select().from(facilities).where(eq(facilities.id, ownId)))[0]!;
    expect((await row()).descriptionFr).toBe(french);
    expect(
      await refusedWith(
        updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { description_fr: "é".repeat(501) })),
      ),
    ).toMatchObject({
      status: 400,
      fieldErrors: { description_fr: "Short description in French must be less than 500 characters" },
    });
    expect((await row()).descriptionFr).toBe(french);
    await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { description_fr: "" }));
    expect((await row()).descriptionFr).toBeNull();
  });

  it("keeps the on-call mobile number in E.164 and audits it; a fixed line or garbage is refused under its field (issue 26)", async () => {
    const saved = await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { on_call_phone: "020 555 0147" }));
    expect(saved.ok && saved.changed).toContain("on-call number");
    const onCall = async () =>
      (await h.db.select({ phone: facilities.onCallPhone }).from(facilities).where(eq(facilities.id, ownId)))[0]!.phone;
    expect(await onCall()).toBe("+233205550147");
    for (const typed of ["0302 123456", "12345678"]) {
      const refused = await refusedWith(
        updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { on_call_phone: typed })),
      );
      expect(refused).toMatchObject({ status: 400, fieldErrors: { on_call_phone: expect.any(String) } });
    }
    expect(await onCall()).toBe("+233205550147");
    // Emptied, there is no on-call number (the referral SMS go to the administrators only).
    await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { on_call_phone: "" }));
    expect(await onCall()).toBeNull();
  });

  it("keeps the facility's position when both coordinates are given (the FHIR Location's), audited; half or out of range is refused", async () => {
    const saved = await updateFacility(
      h.db,
      ownAdmin,
      ownId,
      form("Own Facility", { latitude: " 6.6001 ", longitude: "0.4713" }),
    );
    expect(saved.ok && saved.changed).toEqual(expect.arrayContaining(["latitude", "longitude"]));
    const position = async () =>
      (
        await h.db
          .select({ latitude: facilities.latitude, longitude: facilities.longitude })
          .from(facilities)
          .where(eq(facilities.id, ownId))
      )[0];
    expect(await position()).toEqual({ latitude: 6.6001, longitude: 0.4713 });
    for (const [latitude, longitude, field] of [
      ["6.6", "", "longitude"],
      ["", "0.47", "latitude"],
      ["91", "0", "latitude"],
      ["6.6", "-180.5", "longitude"],
      ["north", "0", "latitude"],
      ["1e2", "0", "latitude"],
    ] as const) {
      const refused = await refusedWith(
        updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { latitude, longitude })),
      );
      expect(refused, `${latitude} ${longitude}`).toMatchObject({
        status: 400,
        fieldErrors: { [field]: expect.any(String) },
      });
    }
    expect(await position()).toEqual({ latitude: 6.6001, longitude: 0.4713 });
    await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { latitude: "", longitude: "" }));
    expect(await position()).toEqual({ latitude: null, longitude: null });
  });

  it("refuses a facility administrator on another facility, a doctor, a pending admin; nothing changes", async () => {
    const [before] = await h.db.select().from(facilities).where(eq(facilities.id, otherId));
    for (const [actor, status] of [
      [ANONYMOUS, 401],
      [ownAdmin, 403],
      [doctor, 403],
      [pendingAdmin, 403],
    ] as const) {
      expect(await statusOf(updateFacility(h.db, actor, otherId, form("Hijacked")))).toBe(status);
      expect(await statusOf(facilityForEditing(h.db, actor, otherId))).toBe(status);
      expect(await statusOf(uploadFacilityPhoto(h.db, actor, otherId, await jpeg(300, 200)))).toBe(status);
    }
    const [after] = await h.db.select().from(facilities).where(eq(facilities.id, otherId));
    expect(after).toEqual(before);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect(await statusOf(updateFacility(h.db, sysAdmin, "00000000-0000-4000-8000-000000000000", form("Nobody")))).toBe(
      404,
    );
    expect(await statusOf(updateFacility(h.db, sysAdmin, "not-a-uuid", form("Nobody")))).toBe(404);
  });

  it("only a system administrator verifies a licence; a new number from the facility clears the mark", async () => {
    // The facility administrator posts a verified date: ignored.
    await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { licence_verified_on: "2026-11-01" }));
    let [row] = await h.db.select().from(facilities).where(eq(facilities.id, ownId));
    expect(row!.licenceVerifiedOn).toBeNull();
    await updateFacility(h.db, sysAdmin, ownId, form("Own Facility", { licence_verified_on: "2026-11-01" }));
    [row] = await h.db.select().from(facilities).where(eq(facilities.id, ownId));
    expect(row!.licenceVerifiedOn).toBe("2026-11-01");
    // Saved again by the facility with the same number: the mark stays.
    await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { about: `${form("x").about} Updated.` }));
    [row] = await h.db.select().from(facilities).where(eq(facilities.id, ownId));
    expect(row!.licenceVerifiedOn).toBe("2026-11-01");
    // A new number from the facility: not verified any more.
    await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { hefra_licence: "HEFRA/VR/9999" }));
    [row] = await h.db.select().from(facilities).where(eq(facilities.id, ownId));
    expect(row!.licenceVerifiedOn).toBeNull();
    // A date in the future is refused.
    expect(
      await refusedWith(
        updateFacility(h.db, sysAdmin, ownId, form("Own Facility", { licence_verified_on: "2999-01-01" })),
      ),
    ).toMatchObject({
      status: 400,
      fieldErrors: { licence_verified_on: "Enter a date that is not in the future" },
    });
  });

  it("only a system administrator sets or clears the Verified mark; a facility administrator's post of it is ignored", async () => {
    const verifiedOf = async () =>
      (await h.db.select({ verified: facilities.verified }).from(facilities).where(eq(facilities.id, ownId)))[0]!
        .verified;
    const lastReason = async () =>
      (
        await h.db
          .select({ reason: auditEvents.reason })
          .from(auditEvents)
          .where(and(eq(auditEvents.subjectId, ownId), eq(auditEvents.action, "facility.updated")))
          .orderBy(desc(auditEvents.createdAt))
          .limit(1)
      )[0]?.reason;
    // From a known state: the form as it is, saved by a system administrator (no mark posted: none).
    await updateFacility(h.db, sysAdmin, ownId, form("Own Facility"));
    expect(await verifiedOf()).toBe(false);
    // The facility's own administrator posts verified=on: nothing changes, nothing is audited.
    const events = await audits(ownId, "facility.updated");
    const ignored = await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { verified: "on" }));
    expect(ignored).toMatchObject({ ok: true, changed: [] });
    expect(await verifiedOf()).toBe(false);
    expect(await audits(ownId, "facility.updated")).toBe(events);
    // A system administrator sets it: audited with the other changed fields.
    const set = await updateFacility(
      h.db,
      sysAdmin,
      ownId,
      form("Own Facility", { verified: "on", mission: "Care close to home." }),
    );
    expect(set).toMatchObject({ ok: true, changed: expect.arrayContaining(["verified mark", "mission"]) });
    expect(await verifiedOf()).toBe(true);
    expect(await lastReason()).toMatch(/verified mark/);
    // The facility's administrator saves without it (their form has no such box) or posts it empty: it stays.
    await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { mission: "Care close to home, always." }));
    await updateFacility(h.db, ownAdmin, ownId, form("Own Facility", { verified: "" }));
    expect(await verifiedOf()).toBe(true);
    // A system administrator clears it.
    const cleared = await updateFacility(h.db, sysAdmin, ownId, form("Own Facility"));
    expect(cleared).toMatchObject({ ok: true, changed: expect.arrayContaining(["verified mark"]) });
    expect(await verifiedOf()).toBe(false);
    expect(await lastReason()).toMatch(/verified mark/);
    // Set when adding.
    const added = await addFacility(h.db, sysAdmin, form("Anloga Verified Clinic", { verified: "on" }));
    expect(added.ok && (await getFacilityBySlug(h.db, added.slug))?.verified).toBe(true);
    const plain = await addFacility(h.db, sysAdmin, form("Anloga Plain Clinic"));
    expect(plain.ok && (await getFacilityBySlug(h.db, plain.slug))?.verified).toBe(false);
  });

  it("a rename moves the profile to a new slug and the old address redirects", async () => {
    const added = await addFacility(h.db, sysAdmin, form("Keta Lagoon Clinic"));
    if (!added.ok) throw new Error("not added");
    const renamed = await updateFacility(h.db, sysAdmin, added.id, form("Keta Beach Clinic"));
    expect(renamed).toMatchObject({ ok: true, slug: "keta-beach-clinic" });
    expect(await getFacilityBySlug(h.db, "keta-lagoon-clinic")).toBeNull();
    expect(await currentSlugFor(h.db, "keta-lagoon-clinic")).toBe("keta-beach-clinic");
    // A new facility cannot take the old address.
    const other = await addFacility(h.db, sysAdmin, form("Keta Lagoon Clinic"));
    expect(other).toMatchObject({ ok: true, slug: "keta-lagoon-clinic-2" });
    if (!other.ok) return;
    // Nor can the first take its old name back while the new one is active under it.
    expect(await refusedWith(updateFacility(h.db, sysAdmin, added.id, form("Keta Lagoon Clinic")))).toEqual({
      status: 400,
      message: NAME_TAKEN_MESSAGE,
      fieldErrors: { name: NAME_TAKEN_MESSAGE },
    });
    await setFacilityActive(h.db, sysAdmin, other.id, false);
    // Renamed back: its first address is its own again, and the second redirects.
    const back = await updateFacility(h.db, sysAdmin, added.id, form("Keta Lagoon Clinic"));
    expect(back).toMatchObject({ ok: true, slug: "keta-lagoon-clinic" });
    expect(await currentSlugFor(h.db, "keta-beach-clinic")).toBe("keta-lagoon-clinic");
    expect(await currentSlugFor(h.db, "keta-lagoon-clinic")).toBeNull();
  });
});

describe("one name per active facility, and a changed name or licence is verified again (issue 24)", () => {
  const facilityRow = async (id: string) => (await h.db.select().from(facilities).where(eq(facilities.id, id)))[0]!;

  it("refuses another facility's name, ignoring case, accents, spacing, punctuation and invisible characters", async () => {
    const added = await addFacility(h.db, sysAdmin, form("Lagoon Heart Institute"));
    expect(added.ok).toBe(true);
    const before = (await h.db.select({ n: count() }).from(facilities))[0]!.n;
    for (const name of [
      "Lagoon Heart Institute",
      "  lagoon   HEART institute ",
      "Lagoon Heárt Institute",
      "Lagoon-Heart Institute.",
      "Lagoon\u200bHeart Institute",
      "Lagoon Heart\u202e Institute",
    ]) {
      expect(await refusedWith(addFacility(h.db, sysAdmin, form(name))), name).toEqual({
        status: 400,
        message: NAME_TAKEN_MESSAGE,
        fieldErrors: { name: NAME_TAKEN_MESSAGE },
      });
    }
    expect((await h.db.select({ n: count() }).from(facilities))[0]!.n).toBe(before);
    // A different name is fine, and so is a facility keeping its own name in other letters.
    expect((await addFacility(h.db, sysAdmin, form("Lagoon Heart Institute Annex"))).ok).toBe(true);
    if (!added.ok) return;
    expect(await updateFacility(h.db, sysAdmin, added.id, form("LAGOON HEART INSTITUTE"))).toMatchObject({
      ok: true,
      changed: ["name"],
    });
  });

  it("refuses look-alike letters from other scripts: the names' confusable skeletons (UTS #39) are compared (issue 33)", async () => {
    const added = await addFacility(h.db, sysAdmin, form("Korle Bu Eye Institute"));
    expect(added.ok).toBe(true);
    const before = (await h.db.select({ n: count() }).from(facilities))[0]!.n;
    for (const name of [
      "Korle Bu Eye Institut\u0435", // Cyrillic е
      "K\u043erle Bu Eye Institute", // Cyrillic о
      "Korle Bu Eye \u0406nstitute", // Cyrillic І
      "Korle Bu Eye lnstitute", // a lower-case L for the capital I
      "KORLE BU EYE LNSTITUTE",
      "korle bu eye lnstitute",
      "K\u043ErIe Bu Eye 1nstitute", // Cyrillic О, a capital I for the l, a digit one
      "Korle Bu Eye \uFF29nstitute", // a full-width I
    ]) {
      expect(await refusedWith(addFacility(h.db, sysAdmin, form(name))), name).toEqual({
        status: 400,
        message: NAME_TAKEN_MESSAGE,
        fieldErrors: { name: NAME_TAKEN_MESSAGE },
      });
    }
    expect((await h.db.select({ n: count() }).from(facilities))[0]!.n).toBe(before);
    // The review's case: a facility administrator renaming theirs to the look-alike.
    const other = await addFacility(h.db, sysAdmin, form("Nsawam Road Clinic"));
    if (!other.ok) throw new Error("not added");
    const otherAdmin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: other.id })).id,
    );
    expect(
      await refusedWith(updateFacility(h.db, otherAdmin, other.id, form("K\u043erle Bu Eye \u0406nstitute"))),
    ).toMatchObject({ status: 400, fieldErrors: { name: NAME_TAKEN_MESSAGE } });
    // Reactivating a look-alike of an active name is refused like the same name.
    await setFacilityActive(h.db, sysAdmin, other.id, false);
    expect(await statusOf(updateFacility(h.db, sysAdmin, other.id, form("Korle Bu Eye lnstitute")))).toBe(200);
    expect(await statusOf(setFacilityActive(h.db, sysAdmin, other.id, true))).toBe(409);
    // Names that only share letters are still free.
    expect((await addFacility(h.db, sysAdmin, form("Korle Bu Eye Institute Annex"))).ok).toBe(true);
  });

  it("keeps a name on one line without bidirectional overrides, and refuses one without letters or digits", async () => {
    const added = await addFacility(h.db, sysAdmin, form("Akatsi\r\nDistrict\u202e Clinic\u2066"));
    expect(added).toMatchObject({ ok: true, slug: "akatsi-district-clinic" });
    expect((await getFacilityBySlug(h.db, "akatsi-district-clinic"))?.name).toBe("Akatsi District Clinic");
    expect(await refusedWith(addFacility(h.db, sysAdmin, form("!! --")))).toMatchObject({
      status: 400,
      fieldErrors: { name: "Name must contain letters or digits" },
    });
    expect(await refusedWith(addFacility(h.db, sysAdmin, form("\u200b\u200b\u2060")))).toMatchObject({
      status: 400,
      fieldErrors: { name: "Name is required" },
    });
  });

  it("refuses a facility administrator renaming their facility to another's name; nothing changes", async () => {
    const victim = await addFacility(h.db, sysAdmin, form("Cape Coast Heart Centre", { verified: "on" }));
    const impostor = await addFacility(h.db, sysAdmin, form("Elmina Clinic", { verified: "on" }));
    if (!victim.ok || !impostor.ok) throw new Error("not added");
    const impostorAdmin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: impostor.id })).id,
    );
    const before = await facilityRow(impostor.id);
    const renamed = refusedWith(updateFacility(h.db, impostorAdmin, impostor.id, form("cape coast heart centre")));
    expect(await renamed).toMatchObject({ status: 400, fieldErrors: { name: NAME_TAKEN_MESSAGE } });
    expect(await facilityRow(impostor.id)).toEqual(before);
    expect(
      (await listActiveFacilityOptions(h.db)).filter((f) => f.name.toLowerCase() === "cape coast heart centre"),
    ).toHaveLength(1);
  });

  it("lets an inactive facility's name be used, and refuses to reactivate it while another has the name (409)", async () => {
    const old = await addFacility(h.db, sysAdmin, form("Sogakope Riverside Clinic"));
    if (!old.ok) throw new Error("not added");
    await setFacilityActive(h.db, sysAdmin, old.id, false);
    const fresh = await addFacility(h.db, sysAdmin, form("Sogakope Riverside Clinic"));
    expect(fresh).toMatchObject({ ok: true, slug: "sogakope-riverside-clinic-2" });
    const refused = setFacilityActive(h.db, sysAdmin, old.id, true);
    expect(await statusOf(refused)).toBe(409);
    await refused.catch((response: { data?: unknown }) =>
      expect(response.data).toBe(
        "Another active facility has this name. Rename one of them before reactivating this one.",
      ),
    );
    expect((await facilityRow(old.id)).isActive).toBe(false);
    expect(await audits(old.id, "facility.reactivated")).toBe(0);
  });

  it("clears the Verified mark and the licence's verified date when the facility's administrator changes the name or the licence number, audited, and emails the system administrators", async () => {
    const added = await addFacility(
      h.db,
      sysAdmin,
      form("Ho Teaching Clinic", { verified: "on", licence_verified_on: "2026-01-15" }),
    );
    if (!added.ok) throw new Error("not added");
    const admin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: added.id })).id,
    );
    const systemAdminEmail = (sysAdmin as { email: string }).email;
    const verification = async () => {
      const row = await facilityRow(added.id);
      return { verified: row.verified, licenceVerifiedOn: row.licenceVerifiedOn };
    };
    const verifiedByAdmin = { verified: true, licenceVerifiedOn: "2026-01-15" };
    const lastClearing = async () =>
      (
        await h.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.subjectId, added.id), eq(auditEvents.action, "facility.verification_cleared")))
          .orderBy(desc(auditEvents.createdAt))
          .limit(1)
      )[0];

    // Other fields: the verification stays, nothing to tell.
    await updateFacility(h.db, admin, added.id, form("Ho Teaching Clinic", { mission: "Care close to home." }));
    expect(await verification()).toEqual(verifiedByAdmin);
    expect(await lastClearing()).toBeUndefined();

    // A new name: both cleared, audited, the system administrators told (no names in the mail).
    const mailsBefore = mail.messages.length;
    const renamed = await updateFacility(h.db, admin, added.id, form("Ho Teaching Hospital"));
    expect(renamed).toMatchObject({ ok: true, changed: expect.arrayContaining(["name", "verified mark"]) });
    expect(await verification()).toEqual({ verified: false, licenceVerifiedOn: null });
    const cleared = await lastClearing();
    expect(cleared).toMatchObject({
      actorId: (admin as { id: string }).id,
      fromStatus: "verified",
      toStatus: "unverified",
      reason: "The facility's administrator changed the name: a system administrator must verify it again",
    });
    const told = await mail.waitFor(
      // This facility's mail: an earlier test's may still be on its way through the queue.
      (m) =>
        mail.messages.indexOf(m) >= mailsBefore &&
        m.subject === "A facility's verification needs your check" &&
        m.text.includes(added.id),
    );
    expect(told.to).toEqual([systemAdminEmail]);
    expect(told.text).toContain(`/dashboard/facilities/${added.id}`);
    expect(told.text).not.toContain("Ho Teaching");

    // A system administrator checks it again; then a new licence number clears it the same way.
    await updateFacility(
      h.db,
      sysAdmin,
      added.id,
      form("Ho Teaching Hospital", { verified: "on", licence_verified_on: "2026-01-15" }),
    );
    expect(await verification()).toEqual(verifiedByAdmin);
    const mailsThen = mail.messages.length;
    await updateFacility(h.db, admin, added.id, form("Ho Teaching Hospital", { hefra_licence: "HEFRA/VR/7777" }));
    expect(await verification()).toEqual({ verified: false, licenceVerifiedOn: null });
    expect((await lastClearing())?.reason).toBe(
      "The facility's administrator changed the licence number: a system administrator must verify it again",
    );
    await mail.waitFor(
      // This facility's mail: an earlier test's may still be on its way through the queue.
      (m) =>
        mail.messages.indexOf(m) >= mailsThen &&
        m.subject === "A facility's verification needs your check" &&
        m.text.includes(added.id),
    );
    expect(await audits(added.id, "facility.verification_cleared")).toBe(2);

    // Nothing left to clear: a further rename is not audited as a clearing again.
    await updateFacility(h.db, admin, added.id, form("Ho Teaching Hospital Annex", { hefra_licence: "HEFRA/VR/7777" }));
    expect(await audits(added.id, "facility.verification_cleared")).toBe(2);

    // A system administrator's own rename keeps what they post.
    await updateFacility(h.db, sysAdmin, added.id, form("Ho Teaching Hospital", { verified: "on" }));
    expect((await verification()).verified).toBe(true);
    expect(await audits(added.id, "facility.verification_cleared")).toBe(2);
  });
});

describe("deactivating", () => {
  it("takes a facility out of the directory, the sitemap, the referral form and its profile; back on reactivation", async () => {
    const added = await addFacility(h.db, sysAdmin, form("Aflao Border Clinic"));
    if (!added.ok) throw new Error("not added");
    expect(await statusOf(setFacilityActive(h.db, ownAdmin, added.id, false))).toBe(403);
    expect(await statusOf(setFacilityActive(h.db, doctor, added.id, false))).toBe(403);
    await setFacilityActive(h.db, sysAdmin, added.id, false);
    expect(await getFacilityBySlug(h.db, added.slug)).toBeNull();
    expect(await listActiveFacilitySlugs(h.db)).not.toContain(added.slug);
    expect((await listActiveFacilityOptions(h.db)).map((f) => f.id)).not.toContain(added.id);
    expect((await listFacilities(h.db, { q: "Aflao" })).total).toBe(0);
    expect(await statusOf(setFacilityActive(h.db, sysAdmin, added.id, false))).toBe(409);
    await setFacilityActive(h.db, sysAdmin, added.id, true);
    expect(await getFacilityBySlug(h.db, added.slug)).not.toBeNull();
    expect(await audits(added.id, "facility.deactivated")).toBe(1);
    expect(await audits(added.id, "facility.reactivated")).toBe(1);
    // The audit log names the facility.
    const log = await listAuditLog(h.db, sysAdmin, auditFiltersFrom(new URLSearchParams("type=facility")));
    expect(log.rows.find((r) => r.action === "facility.deactivated")?.subject).toEqual({
      kind: "facility",
      id: added.id,
      name: "Aflao Border Clinic",
    });
  });
});

describe("photos", () => {
  it("makes every WebP size at 16:9 from a JPEG, replaces the previous photo, audited", async () => {
    const first = await uploadFacilityPhoto(h.db, ownAdmin, ownId, await jpeg());
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    for (const width of PHOTO_WIDTHS) {
      const bytes = await readPhotoFile(h.db, first.photoId, width);
      expect(bytes).not.toBeNull();
      const meta = await sharp(bytes!).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: Math.round((width * 9) / 16) });
    }
    const second = await uploadFacilityPhoto(h.db, sysAdmin, ownId, await jpeg(800, 800));
    if (!second.ok) throw new Error("second upload failed");
    const [row] = await h.db.select({ photoId: facilities.photoId }).from(facilities).where(eq(facilities.id, ownId));
    expect(row!.photoId).toBe(second.photoId);
    expect(await readPhotoFile(h.db, first.photoId, 480)).toBeNull();
    expect(await audits(ownId, "facility.photo")).toBe(2);
  });

  it("decides the type from the bytes and refuses what is not a JPEG, PNG or WebP, or too large", async () => {
    expect(imageTypeOf(await jpeg(10, 10))).toBe("jpeg");
    const gif = new TextEncoder().encode("GIF89a....");
    expect(await refusedWith(uploadFacilityPhoto(h.db, ownAdmin, ownId, gif))).toEqual({
      status: 400,
      message: PHOTO_MESSAGES.wrongType,
      fieldErrors: { photo: PHOTO_MESSAGES.wrongType },
    });
    const fakeJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);
    expect(await refusedWith(uploadFacilityPhoto(h.db, ownAdmin, ownId, fakeJpeg))).toEqual({
      status: 400,
      message: PHOTO_MESSAGES.unreadable,
      fieldErrors: { photo: PHOTO_MESSAGES.unreadable },
    });
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await refusedWith(uploadFacilityPhoto(h.db, ownAdmin, ownId, huge))).toEqual({
      status: 400,
      message: PHOTO_MESSAGES.tooLarge,
      fieldErrors: { photo: PHOTO_MESSAGES.tooLarge },
    });
    expect(await refusedWith(uploadFacilityPhoto(h.db, ownAdmin, ownId, null))).toEqual({
      status: 400,
      message: PHOTO_MESSAGES.missing,
      fieldErrors: { photo: PHOTO_MESSAGES.missing },
    });
    const files = await h.db.select({ n: count() }).from(facilityPhotoFiles);
    expect(files[0]!.n).toBe(PHOTO_WIDTHS.length);
  });
});

describe("reports of wrong information", () => {
  it("files a report, emails the facility's admins a link without the text, and the right people resolve it", async () => {
    const [own] = await h.db.select({ slug: facilities.slug }).from(facilities).where(eq(facilities.id, ownId));
    const details = "The phone number 0302 000 000 no longer works <script>x</script>";
    await fileFacilityReport(h.db, own!.slug, { details, email: "" }, { ip: "10.9.0.1" });
    const sent = await mail.waitFor((m) => m.to.includes("own.admin@example.test") && m.subject.includes("report"));
    expect(sent.text).toContain("http://localhost:3000/dashboard/facility-reports");
    expect(sent.text).not.toContain("0302");

    const [report] = await h.db.select().from(facilityReports).where(eq(facilityReports.facilityId, ownId));
    expect(report).toMatchObject({ details, email: null, resolvedAt: null });
    expect((await listReports(h.db, ownAdmin, { open: true })).map((r) => r.id)).toEqual([report!.id]);
    expect(await listReports(h.db, otherAdmin, { open: true })).toEqual([]);
    expect((await listReports(h.db, sysAdmin, { open: true })).map((r) => r.id)).toContain(report!.id);
    expect(await statusOf(listReports(h.db, doctor, { open: true }))).toBe(403);

    expect(await statusOf(resolveReport(h.db, otherAdmin, report!.id))).toBe(403);
    expect(await statusOf(resolveReport(h.db, doctor, report!.id))).toBe(403);
    expect(await statusOf(resolveReport(h.db, ANONYMOUS, report!.id))).toBe(401);
    await resolveReport(h.db, ownAdmin, report!.id);
    expect(await statusOf(resolveReport(h.db, sysAdmin, report!.id))).toBe(409);
    expect(await listReports(h.db, ownAdmin, { open: true })).toEqual([]);
    expect(await audits(report!.id, "facility.report_resolved")).toBe(1);
  });

  it("emails a facility's administrators at most once an hour, however many reports arrive from however many addresses", async () => {
    const added = await addFacility(h.db, sysAdmin, form("Afadzato Foothills Report Clinic"));
    if (!added.ok) throw new Error("not added");
    const adminEmail = "afadzato.admin@example.test";
    await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: added.id, email: adminEmail });
    const t0 = new Date("2030-04-01T08:00:00Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    for (let i = 0; i < 4; i++) {
      await fileFacilityReport(h.db, added.slug, { details: `Wrong phone ${i}` }, { ip: `10.9.1.${i}`, now: at(i) });
    }
    const mailsToAdmin = () => mail.messages.filter((m) => m.to.includes(adminEmail));
    await mail.waitFor((m) => m.to.includes(adminEmail));
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsToAdmin()).toHaveLength(1);
    // Every report is in the queue all the same.
    expect((await listReports(h.db, sysAdmin, { open: true, facilityId: added.id })).length).toBe(4);
    // An hour on, the next report is mailed again.
    await fileFacilityReport(h.db, added.slug, { details: "Wrong hours" }, { ip: "10.9.1.9", now: at(61) });
    await mail.waitFor(() => mailsToAdmin().length === 2);
  });

  it("refuses empty or long text and a bad email, rate limits per address, 404 for an unknown facility", async () => {
    const [own] = await h.db.select({ slug: facilities.slug }).from(facilities).where(eq(facilities.id, ownId));
    const before = (await h.db.select({ n: count() }).from(facilityReports))[0]!.n;
    expect(await refusedWith(fileFacilityReport(h.db, own!.slug, { details: "" }, { ip: "10.9.0.2" }))).toMatchObject({
      status: 400,
      message: "Please tell us what is wrong",
      fieldErrors: { details: "Please tell us what is wrong" },
    });
    expect(
      await refusedWith(
        fileFacilityReport(h.db, own!.slug, { details: "x".repeat(1001), email: "nope" }, { ip: "10.9.0.2" }),
      ),
    ).toMatchObject({
      status: 400,
      fieldErrors: { details: "Please keep it under 1000 characters", email: "Invalid email address" },
    });
    expect((await h.db.select({ n: count() }).from(facilityReports))[0]!.n).toBe(before);
    for (let i = 0; i < 5; i++) {
      await fileFacilityReport(h.db, own!.slug, { details: `Wrong hours, report ${i}` }, { ip: "10.9.0.3" });
    }
    expect(
      await refusedWith(fileFacilityReport(h.db, own!.slug, { details: "Wrong hours again" }, { ip: "10.9.0.3" })),
    ).toMatchObject({ status: 429, message: expect.stringMatching(/^Too many attempts/) });
    expect(
      await statusOf(
        fileFacilityReport(h.db, "no-such-facility", { details: "Wrong hours again" }, { ip: "10.9.0.4" }),
      ),
    ).toBe(404);
  });
});
