import { describe, expect, it } from "vitest";
import {
  DEFAULT_PREFERENCES,
  deliveryPlan,
  eventsFor,
  minutesOf,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationPreferences,
  PREFERENCE_MESSAGES,
  preferencesFrom,
  preferencesFromForm,
  preferencesSchema,
  timeOf,
} from "./notification-preferences";

const at = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00Z`);

describe("notification preferences", () => {
  it("each role is asked about its own events", () => {
    expect(eventsFor("doctor")).toEqual(["referral.outcome", "referral.message", "payout.made"]);
    expect(eventsFor("facility_admin")).toEqual(["referral.new", "referral.escalated", "referral.message"]);
    expect(eventsFor("system_admin")).toEqual([
      "referral.escalated",
      "referral.unreachable",
      "account.admin",
      "operations.alert",
    ]);
  });

  it("quiet hours (21:00-07:00 by default) hold everything but emergencies until they end", () => {
    const options = { emergency: false, hasConfirmedPhone: true };
    expect(deliveryPlan(DEFAULT_PREFERENCES, "referral.new", { ...options, now: at("12:00") })).toEqual({
      channels: ["email", "sms"],
      notBefore: null,
    });
    expect(deliveryPlan(DEFAULT_PREFERENCES, "referral.new", { ...options, now: at("22:30") }).notBefore).toEqual(
      new Date("2026-11-26T07:00:00Z"),
    );
    expect(deliveryPlan(DEFAULT_PREFERENCES, "referral.new", { ...options, now: at("03:10") }).notBefore).toEqual(
      new Date("2026-11-25T07:00:00Z"),
    );
    expect(deliveryPlan(DEFAULT_PREFERENCES, "referral.new", { ...options, now: at("07:00") }).notBefore).toBeNull();
    expect(
      deliveryPlan(DEFAULT_PREFERENCES, "referral.new", { ...options, emergency: true, now: at("23:59") }).notBefore,
    ).toBeNull();
    const daytime = { ...DEFAULT_PREFERENCES, quiet: { start: 13 * 60, end: 14 * 60 } };
    expect(deliveryPlan(daytime, "referral.new", { ...options, now: at("13:30") }).notBefore).toEqual(at("14:00"));
    expect(
      deliveryPlan({ ...DEFAULT_PREFERENCES, quiet: null }, "referral.new", { ...options, now: at("23:00") }).notBefore,
    ).toBeNull();
  });

  it("an emergency referral comes by SMS whatever the preferences; a preference adds channels, never drops SMS (issue 33)", () => {
    const options = { emergency: true, hasConfirmedPhone: true, now: at("12:00") };
    const only = (event: NotificationEvent, channels: NotificationChannel[]): NotificationPreferences => ({
      ...DEFAULT_PREFERENCES,
      channels: { ...DEFAULT_PREFERENCES.channels, [event]: channels },
    });
    const emailOnly = only("referral.new", ["email"]);
    expect(deliveryPlan(emailOnly, "referral.new", options).channels).toEqual(["email", "sms"]);
    const whatsappOnly = only("referral.escalated", ["whatsapp"]);
    expect(deliveryPlan(whatsappOnly, "referral.escalated", options).channels).toEqual(["sms", "whatsapp"]);
    const nothing = only("referral.new", []);
    expect(deliveryPlan(nothing, "referral.new", options).channels).toEqual(["sms"]);
    // Not an emergency: the person's choice stands.
    expect(deliveryPlan(emailOnly, "referral.new", { ...options, emergency: false }).channels).toEqual(["email"]);
    // Other events keep the choice, and SMS still needs a confirmed number.
    expect(deliveryPlan(emailOnly, "referral.message", options).channels).toEqual(["email"]);
    expect(deliveryPlan(emailOnly, "referral.new", { ...options, hasConfirmedPhone: false }).channels).toEqual([
      "email",
    ]);
  });

  it("SMS and WhatsApp only to a confirmed number", () => {
    const plan = deliveryPlan(DEFAULT_PREFERENCES, "referral.escalated", {
      emergency: true,
      hasConfirmedPhone: false,
      now: at("12:00"),
    });
    expect(plan.channels).toEqual(["email"]);
  });

  it("stored choices are read defensively", () => {
    const prefs = preferencesFrom({
      channels: { "referral.new": ["whatsapp", "pigeon"], unknown: ["sms"], "payout.made": "sms" },
      quietStart: null,
      quietEnd: null,
    });
    expect(prefs.channels["referral.new"]).toEqual(["whatsapp"]);
    expect(prefs.channels["payout.made"]).toEqual(["email"]);
    expect(prefs.quiet).toBeNull();
    expect(preferencesFrom(null)).toBe(DEFAULT_PREFERENCES);
  });

  it("the form: ticked boxes of the role's events, quiet hours on with both times", () => {
    const fields = {
      intent: "preferences",
      "referral.outcome:sms": "on",
      "referral.outcome:whatsapp": "on",
      "referral.new:sms": "on",
      quiet: "on",
      quiet_start: "22:00",
      quiet_end: "06:30",
    };
    expect(preferencesSchema.safeParse(fields).success).toBe(true);
    const prefs = preferencesFromForm("doctor", fields);
    expect(prefs.channels["referral.outcome"]).toEqual(["sms", "whatsapp"]);
    expect(prefs.channels["referral.message"]).toEqual([]);
    // Not a doctor's event: left at its default.
    expect(prefs.channels["referral.new"]).toEqual(DEFAULT_PREFERENCES.channels["referral.new"]);
    expect(prefs.quiet).toEqual({ start: 22 * 60, end: 6 * 60 + 30 });
    expect(preferencesFromForm("doctor", { intent: "preferences", quiet: "off" }).quiet).toBeNull();
  });

  it("refuses bad times with the page's words", () => {
    const issue = (fields: Record<string, string>) =>
      preferencesSchema.safeParse({ intent: "preferences", ...fields }).error?.issues[0]?.message;
    expect(issue({ quiet: "on", quiet_start: "25:00", quiet_end: "07:00" })).toBe(PREFERENCE_MESSAGES.time);
    expect(issue({ quiet: "on", quiet_start: "", quiet_end: "07:00" })).toBe(PREFERENCE_MESSAGES.bothTimes);
    expect(issue({ quiet: "maybe" })).toBeDefined();
    expect(minutesOf("07:05")).toBe(425);
    expect(minutesOf("7:05")).toBeNull();
    expect(timeOf(425)).toBe("07:05");
  });
});
