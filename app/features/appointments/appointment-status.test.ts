import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { messageDateTime, messageT } from "~/i18n/message-text.server";
import { countSegments } from "~/lib/sms-text";
import { APPOINTMENT_SMS, appointmentSms } from "./appointment-sms";
import {
  APPOINTMENT_MOVES,
  APPOINTMENT_STATUSES,
  FINAL_STATUSES,
  isAppointmentMove,
  mayMove,
  movesFrom,
} from "./appointment-status";

describe("the appointment status table (issue 37)", () => {
  it("names the statuses the database's column allows, in the same order (the client-safe copy cannot drift)", () => {
    expect([...APPOINTMENT_STATUSES]).toEqual([...schema.APPOINTMENT_STATUSES]);
  });

  it("lets nobody move a declined, cancelled or expired request", () => {
    for (const status of FINAL_STATUSES) {
      for (const by of ["patient", "facility_admin", "system"] as const) expect(movesFrom(status, by)).toEqual([]);
    }
  });

  it("gives each side its own moves", () => {
    expect(movesFrom("requested", "facility_admin")).toEqual(["confirm", "propose", "decline"]);
    expect(movesFrom("requested", "patient")).toEqual(["cancel"]);
    expect(movesFrom("offered", "patient")).toEqual(["accept", "cancel"]);
    expect(movesFrom("confirmed", "facility_admin")).toEqual(["attended", "no_show"]);
    expect(movesFrom("unproven", "facility_admin")).toEqual([]);
    expect(mayMove("confirm", "requested", "patient")).toBe(false);
    expect(mayMove("expire", "requested", "system")).toBe(true);
    expect(isAppointmentMove("confirm")).toBe(true);
    expect(isAppointmentMove("toString")).toBe(false);
  });

  it("leads only to known statuses", () => {
    for (const rule of Object.values(APPOINTMENT_MOVES)) expect(APPOINTMENT_STATUSES).toContain(rule.to);
  });
});

describe("the appointment SMS", () => {
  const link = `https://referrals.example.org/appointment/${"a".repeat(36)}.${"b".repeat(43)}`;
  it("fit in 2 parts in English and French, with the whole link (every language: sms-languages.test.ts)", () => {
    for (const language of ["en", "fr"] as const) {
      for (const kind of APPOINTMENT_SMS) {
        const time = messageDateTime(new Date("2026-06-05T10:30:00Z"), language);
        const text = appointmentSms(messageT(language), "Qurhealth", kind, link, time);
        expect(countSegments(text).segments).toBeLessThanOrEqual(2);
        expect(text).toContain(link);
      }
    }
    const time = messageDateTime(new Date("2026-06-05T10:30:00Z"), "en");
    expect(appointmentSms(messageT("en"), "Qurhealth", "reminder", link, time)).toContain("Fri 5 Jun, 10:30");
  });
});
