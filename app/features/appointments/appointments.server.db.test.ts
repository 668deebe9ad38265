import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { I18nProvider } from "@lingui/react";
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { appointmentRequests, auditEvents, facilities, messages, rateLimits } from "~/db/schema";
import { FacilityProfileAside } from "~/features/facilities/components/facility-profile";
import { getFacilityBySlug } from "~/features/facilities/facilities.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { catalogueI18n } from "../../../tests/helpers/catalogue-translate";
import { insertFacility, statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { appointmentForPatient, patientMove } from "./appointment-patient.server";
import { appointmentQueue, facilityMove, waitingRequestCount } from "./appointment-queue.server";
import { requestAppointment } from "./appointment-request.server";
import { appointmentFigures, profileMedianMinutes } from "./appointment-stats.server";
import {
  appointmentSweepJob,
  expireUnanswered,
  removeExpiredPatientData,
  sendDueReminders,
} from "./appointment-sweep.server";
import { appointmentToken } from "./appointment-token.server";
import { AppointmentFiguresSection } from "./components/appointment-figures";

/** The texts as an English page shows them. */
const english = catalogueI18n("en");

/*
 * Appointment requests (decision 041) on a real database: the proof before anything reaches the
 * facility, the limits, the status table from each side, expiry after one working day, the
 * reminder 24 hours before (quiet hours), retention, and the figures. No workers run: the test
 * reads the queue as it was written.
 */
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
// A declared holiday (the operator's list): Wednesday 10 June 2026.
vi.stubEnv("PUBLIC_HOLIDAYS", "2026-06-10");

let h: TestDatabase;
let facility: string;
let admin: Actor;
let otherAdmin: Actor;
let doctor: Actor;
let systemAdmin: Actor;

// Tuesday 2 June 2026, 09:00 in Accra (UTC).
const TUESDAY = new Date("2026-06-02T09:00:00Z");
let phoneCounter = 1000;
const nextPhone = () => {
  phoneCounter += 1;
  return `024 555 ${String(phoneCounter).padStart(4, "0")}`;
};
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

const FORM = {
  name: "Ama Mensah",
  specialty: "Cardiology",
  day: "2026-06-05",
  part: "morning",
  language: "en",
  consent: "on",
};

async function requested(now = TUESDAY, phone = nextPhone()) {
  const { id } = await requestAppointment(h.db, "heart-clinic", { ...FORM, phone }, { ip: nextIp(), now });
  await patientMove(h.db, appointmentToken(id), "prove", now);
  return id;
}
const rowOf = async (id: string) =>
  (await h.db.select().from(appointmentRequests).where(eq(appointmentRequests.id, id)))[0];
const smsOf = (recipient: string) =>
  h.db
    .select({ event: messages.event, payload: messages.payload, recipient: messages.recipient })
    .from(messages)
    .where(eq(messages.recipient, recipient));
async function startAfterOf(event: string, recipient: string) {
  const rows = await h.db.execute<{ start_after: Date }>(
    sql`select j.start_after from pgboss.job j join messages m on m.id::text = j.data->>'messageId' where m.event = ${event} and m.recipient = ${recipient}`,
  );
  return new Date(rows.rows[0]!.start_after);
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facility = await insertFacility(h.db, "heart-clinic", "Heart Clinic");
  await h.db
    .update(facilities)
    .set({ specialties: ["Cardiology", "Pediatrics"] })
    .where(eq(facilities.id, facility));
  const other = await insertFacility(h.db, "other-clinic", "Other Clinic");
  admin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: facility })).id,
  );
  otherAdmin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: other })).id,
  );
  doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
  systemAdmin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
});
afterAll(async () => {
  await h?.drop();
});
beforeEach(() => {
  vi.unstubAllEnvs();
  vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
  vi.stubEnv("APP_URL", "http://localhost:3000");
  vi.stubEnv("PUBLIC_HOLIDAYS", "2026-06-10");
});

describe("a request from the profile", () => {
  it("is stored unproven with one SMS, the link; the facility sees it only once the patient proves the number", async () => {
    const before = await waitingRequestCount(h.db, admin);
    const { id } = await requestAppointment(
      h.db,
      "heart-clinic",
      { ...FORM, phone: "020 555 0199" },
      { ip: nextIp(), now: TUESDAY },
    );
    expect((await rowOf(id))!.status).toBe("unproven");
    expect(await waitingRequestCount(h.db, admin)).toBe(before);
    const sms = await smsOf("+233205550199");
    expect(sms.map((m) => m.event)).toEqual(["appointment.prove"]);
    const text = (sms[0]!.payload as { text: string }).text;
    expect(text).toContain(`/appointment/${appointmentToken(id)}`);
    expect(text).not.toMatch(/Ama|Cardiology/);

    await patientMove(h.db, appointmentToken(id), "prove", TUESDAY);
    const row = (await rowOf(id))!;
    expect(row.status).toBe("requested");
    // One working day: Wednesday at the same time.
    expect(row.answerDueAt?.toISOString()).toBe("2026-06-03T09:00:00.000Z");
    expect(await waitingRequestCount(h.db, admin)).toBe(before + 1);
    const [audit] = await h.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
    expect(audit).toMatchObject({ action: "appointment.requested", fromStatus: "unproven", toStatus: "requested" });
    // Proving again changes nothing; a forged token is a 404.
    await patientMove(h.db, appointmentToken(id), "prove", TUESDAY);
    expect(await statusOf(appointmentForPatient(h.db, `${id}.forged`))).toBe(404);
  });

  it("refuses bad input with the form's messages and stores nothing", async () => {
    const count = async () => (await h.db.select().from(appointmentRequests)).length;
    const before = await count();
    const bad = [
      { ...FORM, phone: "030 221 0000" }, // a fixed line
      { ...FORM, phone: nextPhone(), specialty: "Neurology" }, // not this facility's
      { ...FORM, phone: nextPhone(), day: "2026-06-01" }, // yesterday
      { ...FORM, phone: nextPhone(), consent: undefined },
      { ...FORM, phone: nextPhone(), name: "\u200b" },
    ];
    for (const fields of bad) {
      expect(await statusOf(requestAppointment(h.db, "heart-clinic", fields, { ip: nextIp(), now: TUESDAY }))).toBe(
        400,
      );
    }
    expect(
      await statusOf(
        requestAppointment(h.db, "no-such-clinic", { ...FORM, phone: nextPhone() }, { ip: nextIp(), now: TUESDAY }),
      ),
    ).toBe(404);
    expect(await count()).toBe(before);
  });

  it("allows 3 requests a day per number and 20 an hour per IP", async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i++) {
      expect(
        await statusOf(requestAppointment(h.db, "heart-clinic", { ...FORM, phone }, { ip: nextIp(), now: TUESDAY })),
      ).toBe(200);
    }
    expect(
      await statusOf(requestAppointment(h.db, "heart-clinic", { ...FORM, phone }, { ip: nextIp(), now: TUESDAY })),
    ).toBe(429);
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect(
        await statusOf(requestAppointment(h.db, "heart-clinic", { ...FORM, phone: nextPhone() }, { ip, now: TUESDAY })),
      ).toBe(200);
    }
    expect(
      await statusOf(requestAppointment(h.db, "heart-clinic", { ...FORM, phone: nextPhone() }, { ip, now: TUESDAY })),
    ).toBe(429);
  });
});

describe("the status table", () => {
  const slot = { slot_day: "2026-06-05", slot_time: "10:30" };

  it("lets the facility's administrators confirm, propose, decline and mark; no one else", async () => {
    const id = await requested();
    expect(await statusOf(facilityMove(h.db, otherAdmin, id, "confirm", slot, TUESDAY))).toBe(404);
    expect(await statusOf(facilityMove(h.db, doctor, id, "confirm", slot, TUESDAY))).toBe(403);
    expect(await statusOf(facilityMove(h.db, admin, id, "attended", {}, TUESDAY))).toBe(409);
    expect(
      await statusOf(facilityMove(h.db, admin, id, "confirm", { slot_day: "2026-06-01", slot_time: "10:00" }, TUESDAY)),
    ).toBe(400);
    expect(await statusOf(facilityMove(h.db, admin, id, "decline", { reason: "free text" }, TUESDAY))).toBe(400);
    expect(await facilityMove(h.db, admin, id, "confirm", slot, TUESDAY)).toEqual({ status: "confirmed" });
    expect(await statusOf(facilityMove(h.db, admin, id, "propose", slot, TUESDAY))).toBe(409);
    // Attended only once the time has come.
    expect(await statusOf(facilityMove(h.db, admin, id, "attended", {}, TUESDAY))).toBe(409);
    expect(await facilityMove(h.db, admin, id, "no_show", {}, new Date("2026-06-05T12:00:00Z"))).toEqual({
      status: "no_show",
    });
    const audit = await h.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, id))
      .orderBy(auditEvents.createdAt);
    expect(audit.map((a) => a.action)).toEqual(["appointment.requested", "appointment.confirm", "appointment.no_show"]);
    expect(audit[1]!.actorId).toBe((admin as { id: string }).id);
  });

  it("lets the patient confirm, accept a proposed time or cancel by their link, as the table allows", async () => {
    const id = await requested();
    const token = appointmentToken(id);
    expect(await statusOf(patientMove(h.db, token, "accept", TUESDAY))).toBe(409);
    await facilityMove(h.db, admin, id, "propose", slot, TUESDAY);
    const row = (await rowOf(id))!;
    const proposal = (await smsOf(row.phone)).find((m) => m.event === "appointment.proposed");
    expect((proposal!.payload as { text: string }).text).toContain("Fri 5 Jun, 10:30");
    expect((await appointmentForPatient(h.db, token)).moves).toEqual(["accept", "cancel"]);
    await patientMove(h.db, token, "accept", TUESDAY);
    expect((await rowOf(id))!.status).toBe("confirmed");
    expect((await appointmentForPatient(h.db, token)).moves).toEqual(["cancel"]);
    const cancelMails = async () =>
      (await h.db.select().from(messages).where(eq(messages.event, "appointment.cancelled"))).length;
    const mailsBefore = await cancelMails();
    await patientMove(h.db, token, "cancel", TUESDAY);
    expect((await rowOf(id))!.status).toBe("cancelled");
    // The facility's administrator is told by email (no patient data in it).
    expect(await cancelMails()).toBe(mailsBefore + 1);
    expect(await statusOf(patientMove(h.db, token, "accept", TUESDAY))).toBe(409);
    // Final: the facility cannot move it either.
    expect(await statusOf(facilityMove(h.db, admin, id, "confirm", slot, TUESDAY))).toBe(409);

    const declined = await requested();
    await facilityMove(h.db, admin, declined, "decline", { reason: "fully_booked" }, TUESDAY);
    const view = await appointmentForPatient(h.db, appointmentToken(declined));
    expect(view).toMatchObject({ status: "declined", declineReason: "Fully booked for the coming weeks", moves: [] });
    expect(view.othersHref).toBe("/facilities?specialty=cardiology");
  });

  it("shows the queue to its facility's administrators only", async () => {
    const id = await requested();
    const queue = await appointmentQueue(h.db, admin);
    expect(queue.waiting.map((r) => r.id)).toContain(id);
    expect((await appointmentQueue(h.db, otherAdmin)).waiting.map((r) => r.id)).not.toContain(id);
    expect(await statusOf(appointmentQueue(h.db, doctor))).toBe(403);
  });
});

describe("the sweep", () => {
  it("expires a request not answered within one working day (Friday's on Monday) and tells the patient where else to go", async () => {
    const friday = new Date("2026-06-05T15:00:00Z");
    const id = await requested(friday);
    expect((await rowOf(id))!.answerDueAt?.toISOString()).toBe("2026-06-08T15:00:00.000Z");
    await expireUnanswered(h.db, new Date("2026-06-08T14:59:00Z"));
    expect((await rowOf(id))!.status).toBe("requested");
    await expireUnanswered(h.db, new Date("2026-06-08T15:00:00Z"));
    const row = (await rowOf(id))!;
    expect(row.status).toBe("expired");
    const told = (await smsOf(row.phone)).filter((m) => m.event === "appointment.expired");
    expect(told).toHaveLength(1);
    expect((told[0]!.payload as { text: string }).text).toContain(
      "http://localhost:3000/facilities?specialty=cardiology",
    );
    // Again: nothing more.
    await expireUnanswered(h.db, new Date("2026-06-09T15:00:00Z"));
    expect((await smsOf(row.phone)).filter((m) => m.event === "appointment.expired")).toHaveLength(1);
  });

  it("counts neither public holidays nor the days the operator lists as working days", async () => {
    // Thursday 2 April 2026, before Good Friday and Easter Monday: due Tuesday 7 April.
    const easter = new Date("2026-04-02T10:00:00Z");
    const beforeEaster = await requestAppointment(
      h.db,
      "heart-clinic",
      { ...FORM, day: "2026-04-09", phone: nextPhone() },
      { ip: nextIp(), now: easter },
    );
    await patientMove(h.db, appointmentToken(beforeEaster.id), "prove", easter);
    expect((await rowOf(beforeEaster.id))!.answerDueAt?.toISOString()).toBe("2026-04-07T10:00:00.000Z");
    // Tuesday 9 June 2026, before the listed Wednesday: due Thursday.
    const tuesday = new Date("2026-06-09T09:00:00Z");
    const beforeListed = await requestAppointment(
      h.db,
      "heart-clinic",
      { ...FORM, day: "2026-06-12", phone: nextPhone() },
      { ip: nextIp(), now: tuesday },
    );
    await patientMove(h.db, appointmentToken(beforeListed.id), "prove", tuesday);
    expect((await rowOf(beforeListed.id))!.answerDueAt?.toISOString()).toBe("2026-06-11T09:00:00.000Z");
    await expireUnanswered(h.db, new Date("2026-06-10T09:00:00Z"));
    expect((await rowOf(beforeListed.id))!.status).toBe("requested");
  });

  it("sends the reminder 24 hours before, once, and holds it until quiet hours end", async () => {
    const id = await requested();
    await facilityMove(h.db, admin, id, "confirm", { slot_day: "2026-06-05", slot_time: "10:30" }, TUESDAY);
    const phone = (await rowOf(id))!.phone;
    const reminders = async () => (await smsOf(phone)).filter((m) => m.event === "appointment.reminder");
    await sendDueReminders(h.db, new Date("2026-06-04T10:29:00Z"));
    expect(await reminders()).toHaveLength(0);
    await sendDueReminders(h.db, new Date("2026-06-04T10:30:00Z"));
    await sendDueReminders(h.db, new Date("2026-06-04T10:35:00Z"));
    expect(await reminders()).toHaveLength(1);
    expect(((await reminders())[0]!.payload as { text: string }).text).toContain(
      "reminder: your appointment is Fri 5 Jun, 10:30",
    );

    // An appointment at 06:00: its reminder falls in the quiet hours (21:00-07:00) and waits until 07:00.
    const early = await requested();
    await facilityMove(h.db, admin, early, "confirm", { slot_day: "2026-06-05", slot_time: "06:00" }, TUESDAY);
    const earlyPhone = (await rowOf(early))!.phone;
    await sendDueReminders(h.db, new Date("2026-06-04T06:00:00Z"));
    expect((await startAfterOf("appointment.reminder", earlyPhone)).toISOString()).toBe("2026-06-04T07:00:00.000Z");

    // Confirmed less than 24 hours ahead: the confirmation was the reminder.
    const late = await requested(new Date("2026-06-04T12:00:00Z"));
    await facilityMove(
      h.db,
      admin,
      late,
      "confirm",
      { slot_day: "2026-06-05", slot_time: "09:00" },
      new Date("2026-06-04T12:00:00Z"),
    );
    await sendDueReminders(h.db, new Date("2026-06-04T12:05:00Z"));
    expect((await smsOf((await rowOf(late))!.phone)).filter((m) => m.event === "appointment.reminder")).toHaveLength(0);
  });

  it("removes patient data 90 days after the appointment, an unproven request after a day, with their SMS records", async () => {
    const id = await requested();
    await facilityMove(h.db, admin, id, "confirm", { slot_day: "2026-06-05", slot_time: "10:30" }, TUESDAY);
    const phone = (await rowOf(id))!.phone;
    const unproven = await requestAppointment(
      h.db,
      "heart-clinic",
      { ...FORM, phone: nextPhone() },
      { ip: nextIp(), now: TUESDAY },
    );
    await removeExpiredPatientData(h.db, new Date("2026-06-03T08:59:00Z"));
    expect(await rowOf(unproven.id)).toBeDefined();
    await removeExpiredPatientData(h.db, new Date("2026-06-03T09:01:00Z"));
    expect(await rowOf(unproven.id)).toBeUndefined();
    // 5 June + 90 days = 3 September.
    await removeExpiredPatientData(h.db, new Date("2026-09-03T10:29:00Z"));
    expect(await rowOf(id)).toBeDefined();
    await removeExpiredPatientData(h.db, new Date("2026-09-03T10:31:00Z"));
    expect(await rowOf(id)).toBeUndefined();
    expect(await smsOf(phone)).toHaveLength(0);
    expect(
      await h.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `appointment:phone:${phone}`)),
    ).toHaveLength(0);
    // The audit stays, with no patient data in it.
    const audit = await h.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(phone);
  });
});

describe("the scheduled job", () => {
  it("is appointment-sweep, every minute, and removes a request 90 days after its appointment", async () => {
    const schedule = await h.db.execute(
      sql`select name, cron, timezone from pgboss.schedule where name = 'appointment-sweep'`,
    );
    expect(schedule.rows).toEqual([{ name: "appointment-sweep", cron: "* * * * *", timezone: "Africa/Accra" }]);
    // A request on today's clock, confirmed for three days ahead at 10:30.
    const now = new Date();
    const day = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    const { id } = await requestAppointment(
      h.db,
      "heart-clinic",
      { ...FORM, day, phone: nextPhone() },
      { ip: nextIp(), now },
    );
    await patientMove(h.db, appointmentToken(id), "prove", now);
    await facilityMove(h.db, admin, id, "confirm", { slot_day: day, slot_time: "10:30" }, now);
    const phone = (await rowOf(id))!.phone;
    // The job reads its clock from E2E_CLOCK_FILE (tests only): moved 89, then 94 days ahead.
    const clock = path.join(mkdtempSync(path.join(tmpdir(), "appointment-clock-")), "offset");
    vi.stubEnv("E2E_CLOCK_FILE", clock);
    const job = appointmentSweepJob(h.db) as unknown as () => Promise<void>;
    writeFileSync(clock, String(89 * 86_400_000));
    await job();
    expect((await rowOf(id))?.status).toBe("confirmed");
    writeFileSync(clock, String(94 * 86_400_000));
    await job();
    expect(await rowOf(id)).toBeUndefined();
    expect(await smsOf(phone)).toHaveLength(0);
  });
});

describe("the figures", () => {
  it("count requests, the confirmation rate and the median time to answer; the profile's median needs 5 answers", async () => {
    const clinic = await insertFacility(h.db, "figures-clinic", "Figures Clinic");
    const figuresAdmin = await actorById(
      h.db,
      (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: clinic })).id,
    );
    const ask = async (minutes: number, move: "confirm" | "decline" | null) => {
      const { id } = await requestAppointment(
        h.db,
        "figures-clinic",
        { ...FORM, specialty: "General consultation", phone: nextPhone() },
        { ip: nextIp(), now: TUESDAY },
      );
      await patientMove(h.db, appointmentToken(id), "prove", TUESDAY);
      const at = new Date(TUESDAY.getTime() + minutes * 60_000);
      if (move === "confirm")
        await facilityMove(h.db, figuresAdmin, id, "confirm", { slot_day: "2026-06-05", slot_time: "10:00" }, at);
      if (move === "decline") await facilityMove(h.db, figuresAdmin, id, "decline", { reason: "fully_booked" }, at);
    };
    await ask(10, "confirm");
    await ask(20, "confirm");
    await ask(30, "decline");
    await ask(40, "confirm");
    expect(await profileMedianMinutes(h.db, clinic)).toBeNull();
    // The profile (as app/routes/public/facility.tsx renders it) says nothing before the fifth answer.
    const profile = (await getFacilityBySlug(h.db, "figures-clinic"))!;
    const aside = async () =>
      renderToStaticMarkup(
        createElement(
          I18nProvider,
          { i18n: english },
          createElement(FacilityProfileAside, {
            facility: profile,
            phones: [],
            appointmentMedianMinutes: await profileMedianMinutes(h.db, clinic),
          }),
        ),
      );
    expect(await aside()).not.toContain("Answers appointment requests");
    await ask(50, "confirm");
    await ask(0, null);
    expect(await profileMedianMinutes(h.db, clinic)).toBe(30);
    expect(await aside()).toContain("Answers appointment requests in 30 min (median).");
    expect(await statusOf(appointmentFigures(h.db, figuresAdmin))).toBe(403);
    const row = (await appointmentFigures(h.db, systemAdmin)).find((f) => f.facilityName === "Figures Clinic");
    expect(row).toEqual({
      facilityName: "Figures Clinic",
      requests: 6,
      confirmed: 4,
      confirmationRate: 4 / 6,
      medianMinutesToAnswer: 30,
    });
    // The Overview's table: requests, confirmed, the rate and the median per facility.
    const overview = renderToStaticMarkup(
      createElement(I18nProvider, { i18n: english }, createElement(AppointmentFiguresSection, { rows: [row!] })),
    );
    expect(overview).toMatch(/<th scope="row">Figures Clinic<\/th><td>6<\/td><td>4<\/td><td>67%<\/td><td>30 min<\/td>/);
  });
});
