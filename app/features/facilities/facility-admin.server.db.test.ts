import { and, count, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, facilities, facilityPhotoFiles, facilityReports } from "~/db/schema";
import { auditFiltersFrom, listAuditLog } from "~/features/audit/audit-log.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  getFacilityBySlug,
  listActiveFacilityOptions,
  listActiveFacilitySlugs,
  listFacilities,
} from "./facilities.server";
import {
  addFacility,
  currentSlugFor,
  facilityForEditing,
  fileFacilityReport,
  imageTypeOf,
  listReports,
  PHOTO_MESSAGES,
  readPhotoFile,
  resolveReport,
  SLUG_TAKEN_MESSAGE,
  setFacilityActive,
  updateFacility,
  uploadFacilityPhoto,
} from "./facility-admin.server";
import { PHOTO_WIDTHS } from "./facility-photo";

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
    const result = await addFacility(
      h.db,
      sysAdmin,
      form("X", {
        email: "not-an-email",
        phones: "call me",
        website: "javascript:alert(1)",
        specialties: "",
        type: "spaceship",
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toMatchObject({
      name: "Name must be at least 2 characters",
      email: "Invalid email address",
      phones: "Enter phone numbers like +233 30 000 0000, one per line",
      website: "Website must be a web address starting with https://",
      specialties: "Add at least one specialty",
      type: "Please select a facility type",
    });
    const hours = await addFacility(
      h.db,
      sysAdmin,
      form("Hours Clinic", { hours_mon_closes: "07:00", hours_sat_opens: "" }),
    );
    expect(hours).toMatchObject({
      ok: false,
      fieldErrors: {
        hours_mon_closes: "Monday must close after it opens",
        hours_sat_opens: "Give both times for Saturday, or leave both empty if closed",
      },
    });
    expect((await h.db.select({ n: count() }).from(facilities))[0]!.n).toBe(before);
  });

  it("gives two facilities added at once under the same name each their own address (never an error)", async () => {
    const results = await Promise.all([
      addFacility(h.db, sysAdmin, form("Twin Rivers Clinic")),
      addFacility(h.db, sysAdmin, form("Twin Rivers Clinic")),
      addFacility(h.db, sysAdmin, form("Twin Rivers Clinic")),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    const slugs = results.map((r) => (r.ok ? r.slug : "")).sort();
    expect(slugs).toEqual(["twin-rivers-clinic", "twin-rivers-clinic-2", "twin-rivers-clinic-3"]);
    for (const r of results) if (r.ok) expect(await audits(r.id, "facility.created")).toBe(1);
  });

  it("takes the next free address when another facility takes its slug between the check and the insert", async () => {
    // Another writer inserts "Harbour View Clinic" and holds its transaction open while addFacility
    // runs: on PostgreSQL the add reads the slug as free, its insert waits on the unique index and
    // fails once the other commits; it then tries again with the next address.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const other = h.db.transaction(async (tx) => {
      await insertFacility(tx as unknown as typeof h.db, "harbour-view-clinic", "Harbour View Clinic");
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
    expect(await addFacility(alwaysTaken, sysAdmin, form("Crowded Clinic"))).toEqual({
      ok: false,
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
    const future = await updateFacility(
      h.db,
      sysAdmin,
      ownId,
      form("Own Facility", { licence_verified_on: "2999-01-01" }),
    );
    expect(future).toMatchObject({
      ok: false,
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
    // Renamed back: its first address is its own again, and the second redirects.
    const back = await updateFacility(h.db, sysAdmin, added.id, form("Keta Lagoon Clinic"));
    expect(back).toMatchObject({ ok: true, slug: "keta-lagoon-clinic" });
    expect(await currentSlugFor(h.db, "keta-beach-clinic")).toBe("keta-lagoon-clinic");
    expect(await currentSlugFor(h.db, "keta-lagoon-clinic")).toBeNull();
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
    expect(await uploadFacilityPhoto(h.db, ownAdmin, ownId, gif)).toEqual({
      ok: false,
      message: PHOTO_MESSAGES.wrongType,
    });
    const fakeJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);
    expect(await uploadFacilityPhoto(h.db, ownAdmin, ownId, fakeJpeg)).toEqual({
      ok: false,
      message: PHOTO_MESSAGES.unreadable,
    });
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await uploadFacilityPhoto(h.db, ownAdmin, ownId, huge)).toEqual({
      ok: false,
      message: PHOTO_MESSAGES.tooLarge,
    });
    expect(await uploadFacilityPhoto(h.db, ownAdmin, ownId, null)).toEqual({
      ok: false,
      message: PHOTO_MESSAGES.missing,
    });
    const files = await h.db.select({ n: count() }).from(facilityPhotoFiles);
    expect(files[0]!.n).toBe(PHOTO_WIDTHS.length);
  });
});

describe("reports of wrong information", () => {
  it("files a report, emails the facility's admins a link without the text, and the right people resolve it", async () => {
    const [own] = await h.db.select({ slug: facilities.slug }).from(facilities).where(eq(facilities.id, ownId));
    const details = "The phone number 0302 000 000 no longer works <script>x</script>";
    expect(await fileFacilityReport(h.db, own!.slug, { details, email: "" }, { ip: "10.9.0.1" })).toEqual({ ok: true });
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

  it("refuses empty or long text and a bad email, rate limits per address, 404 for an unknown facility", async () => {
    const [own] = await h.db.select({ slug: facilities.slug }).from(facilities).where(eq(facilities.id, ownId));
    const before = (await h.db.select({ n: count() }).from(facilityReports))[0]!.n;
    expect(await fileFacilityReport(h.db, own!.slug, { details: "" }, { ip: "10.9.0.2" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { details: "Please tell us what is wrong" },
    });
    expect(
      await fileFacilityReport(h.db, own!.slug, { details: "x".repeat(1001), email: "nope" }, { ip: "10.9.0.2" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { details: "Please keep it under 1000 characters", email: "Invalid email address" },
    });
    expect((await h.db.select({ n: count() }).from(facilityReports))[0]!.n).toBe(before);
    for (let i = 0; i < 5; i++) {
      expect(
        await fileFacilityReport(h.db, own!.slug, { details: `Wrong hours, report ${i}` }, { ip: "10.9.0.3" }),
      ).toEqual({
        ok: true,
      });
    }
    expect(
      await fileFacilityReport(h.db, own!.slug, { details: "Wrong hours again" }, { ip: "10.9.0.3" }),
    ).toMatchObject({
      ok: false,
      status: 429,
    });
    expect(
      await statusOf(
        fileFacilityReport(h.db, "no-such-facility", { details: "Wrong hours again" }, { ip: "10.9.0.4" }),
      ),
    ).toBe(404);
  });
});
