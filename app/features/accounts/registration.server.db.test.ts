import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { auditEvents, facilities, users } from "~/db/schema";
import { parseOrRefuse } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility, refusedWith, statusOf } from "../../../tests/helpers/domain";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { registerAccount, signIn } from "./accounts.server";
import { registerSchema } from "./register-schema";
import {
  giveRegistrationNumber,
  needsRegistrationNumber,
  REGISTRATION_PATH,
  recordRegistrationChecked,
  registrationOf,
} from "./registration.server";
import { REGISTRATION_MESSAGES, REGISTRATION_NUMBER_SCHEMAS } from "./registration-number";
import { listUsers } from "./user-admin.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let facilityId: string;
let admin: Actor;
let ip = 0;
const meta = () => ({ ip: `198.51.100.${++ip}` });
const idOf = (actor: Actor) => (actor.kind === "user" ? actor.id : "");

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
  facilityId = await insertFacility(h.db, "registration-clinic", "Registration Clinic");
  admin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
});

afterAll(async () => {
  await h?.drop();
  await mail?.stop();
});

const base = {
  full_name: "Ama Mensah",
  phone: "0241234567",
  password: "Kenkey-Harbour-Lamp-7",
  confirmPassword: "Kenkey-Harbour-Lamp-7",
  specialty: "",
  facility_id: "",
  mdc_number: "",
  hefra_licence: "",
};
const fieldErrors = (input: Record<string, string>) => {
  try {
    parseOrRefuse(registerSchema, input);
    return null;
  } catch (error) {
    return (error as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors;
  }
};

describe("registration asks for the number", () => {
  it("of doctors (MDC) and facility administrators (HeFRA), loosely, and keeps it for that role only", () => {
    const doctor = { ...base, email: "a@example.test", role: "doctor" };
    expect(fieldErrors(doctor)).toEqual({ mdc_number: REGISTRATION_MESSAGES.mdcRequired });
    for (const bad of ["12", "MDC", "<script>1</script>", "MDC RN 1;", "a".repeat(41), "/MDC/1"]) {
      expect(fieldErrors({ ...doctor, mdc_number: bad }), bad).toEqual({ mdc_number: REGISTRATION_MESSAGES.format });
    }
    const parsed = parseOrRefuse(registerSchema, { ...doctor, mdc_number: "  MDC/RN/ 12345 ", hefra_licence: "X/1" });
    expect(parsed).toMatchObject({ mdc_number: "MDC/RN/ 12345", hefra_licence: null });
    const facilityAdmin = { ...base, email: "b@example.test", role: "facility_admin", facility_id: facilityId };
    expect(fieldErrors(facilityAdmin)).toEqual({ hefra_licence: REGISTRATION_MESSAGES.hefraRequired });
    expect(parseOrRefuse(registerSchema, { ...facilityAdmin, hefra_licence: "HeFRA/GAR/2024/0042" })).toMatchObject({
      hefra_licence: "HeFRA/GAR/2024/0042",
      mdc_number: null,
    });
    // Decision 033: nobody registers as a system administrator (they are invited).
    expect(fieldErrors({ ...base, email: "c@example.test", role: "system_admin" })).toMatchObject({
      role: "Please select a valid role",
    });
  });

  it("stores it with the account", async () => {
    const input = parseOrRefuse(registerSchema, {
      ...base,
      email: "new.doctor@example.test",
      role: "doctor",
      mdc_number: "MDC/RN/77777",
    });
    expect(await registerAccount(h.db, input, meta())).toEqual({ ok: true });
    const [row] = await h.db.select().from(users).where(eq(users.email, "new.doctor@example.test"));
    expect(row).toMatchObject({ mdcNumber: "MDC/RN/77777", hefraLicence: null, registrationCheckedAt: null });
  });
});

describe("an account made before numbers were asked", () => {
  it("is sent to give it after signing in, until it does; then to its dashboard", async () => {
    const account = await createAccount(h.db, { role: "doctor", approved: true, registrationNumber: null });
    const actor = await actorById(h.db, account.id);
    expect(await needsRegistrationNumber(h.db, account.id, "doctor")).toBe(true);
    expect(await signIn(h.db, account, meta())).toMatchObject({ ok: true, redirectTo: REGISTRATION_PATH });
    expect(() => parseOrRefuse(REGISTRATION_NUMBER_SCHEMAS.mdc, { number: " " })).toThrow();
    await giveRegistrationNumber(h.db, actor, "MDC/RN/31337");
    expect(await signIn(h.db, account, meta())).toMatchObject({ ok: true, redirectTo: "/dashboard/doctor" });
    const admins = await createAccount(h.db, { role: "system_admin", approved: true });
    expect(await signIn(h.db, admins, meta())).toMatchObject({ redirectTo: "/dashboard/system-admin" });
  });

  it("refuses the signed out and system administrators", async () => {
    expect(await statusOf(giveRegistrationNumber(h.db, ANONYMOUS, "MDC/RN/1"))).toBe(401);
    expect(await statusOf(giveRegistrationNumber(h.db, admin, "MDC/RN/1"))).toBe(403);
    expect(await registrationOf(h.db, idOf(admin), "system_admin")).toBeNull();
  });
});

describe("a system administrator's check", () => {
  it("is recorded once, audited, and shown as the account's verification", async () => {
    const doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor" })).id);
    const first = await recordRegistrationChecked(h.db, admin, idOf(doctor));
    expect(first).toEqual({ userId: idOf(doctor), alreadyChecked: false });
    expect(await recordRegistrationChecked(h.db, admin, idOf(doctor))).toMatchObject({ alreadyChecked: true });
    const audits = await h.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, idOf(doctor)), eq(auditEvents.action, "account.registration_checked")));
    expect(audits[0].n).toBe(1);
    const registration = await registrationOf(h.db, idOf(doctor), "doctor");
    expect(registration?.checkedAt).toEqual(expect.any(String));
    const page = await listUsers(h.db, admin, 1, doctor.kind === "user" ? doctor.email : "");
    expect(page.rows[0]).toMatchObject({
      registrationNumber: expect.stringMatching(/^MDC\/RN\//),
      registrationCheckedAt: registration?.checkedAt,
      registrationCheckedBy: admin.kind === "user" ? admin.fullName : "",
    });
    // A new number is a new number: its check goes.
    await giveRegistrationNumber(h.db, doctor, "MDC/RN/99999");
    expect((await registrationOf(h.db, idOf(doctor), "doctor"))?.checkedAt).toBeNull();
  });

  it("of a facility administrator's HeFRA licence is their facility's Verified tick", async () => {
    await h.db
      .update(facilities)
      .set({ hefraLicence: null, licenceVerifiedOn: null })
      .where(eq(facilities.id, facilityId));
    const facilityAdmin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", facilityId, registrationNumber: "HeFRA/GAR/2024/0042" })).id,
    );
    await recordRegistrationChecked(h.db, admin, idOf(facilityAdmin));
    const [facility] = await h.db.select().from(facilities).where(eq(facilities.id, facilityId));
    expect(facility).toMatchObject({
      hefraLicence: "HeFRA/GAR/2024/0042",
      licenceVerifiedOn: new Date().toISOString().slice(0, 10),
    });
  });

  it("is for approved system administrators only, of an account with a number", async () => {
    const doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
    const unnumbered = await createAccount(h.db, { role: "doctor", registrationNumber: null });
    const pendingAdmin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin" })).id);
    const facilityAdmin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id,
    );
    expect(await statusOf(recordRegistrationChecked(h.db, ANONYMOUS, idOf(doctor)))).toBe(401);
    for (const who of [doctor, pendingAdmin, facilityAdmin]) {
      expect(await statusOf(recordRegistrationChecked(h.db, who, idOf(doctor)))).toBe(403);
    }
    expect(await statusOf(recordRegistrationChecked(h.db, admin, "not-a-uuid"))).toBe(404);
    expect(await statusOf(recordRegistrationChecked(h.db, admin, crypto.randomUUID()))).toBe(404);
    expect(await refusedWith(recordRegistrationChecked(h.db, admin, unnumbered.id))).toMatchObject({ status: 409 });
    expect((await registrationOf(h.db, idOf(doctor), "doctor"))?.checkedAt).toBeNull();
  });
});
