import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { actorById } from "~/auth/actor.server";
import { notificationPreferences } from "~/db/schema";
import { refusalOf } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { DEFAULT_PREFERENCES, PREFERENCE_MESSAGES } from "./notification-preferences";
import {
  myNotificationPreferences,
  preferencesOf,
  saveNotificationPreferences,
} from "./notification-preferences.server";

/** A domain call's old result shape, for these assertions: its value with ok: true, or its refusal with ok: false. */
async function outcome<T extends object>(call: Promise<T>) {
  try {
    return { ok: true as const, ...(await call) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { ok: false as const, ...refusal };
  }
}

let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.drop());

describe("saving notification preferences", () => {
  it("the defaults until saved; saved twice, one row with the last choice", async () => {
    const account = await createAccount(h.db, { role: "facility_admin", approved: true });
    const actor = await actorById(h.db, account.id);
    expect(await myNotificationPreferences(h.db, actor)).toEqual(DEFAULT_PREFERENCES);
    const first = await outcome(
      saveNotificationPreferences(h.db, actor, {
        intent: "preferences",
        "referral.new:whatsapp": "on",
        quiet: "off",
      }),
    );
    expect(first.ok).toBe(true);
    await outcome(
      saveNotificationPreferences(h.db, actor, {
        intent: "preferences",
        "referral.new:sms": "on",
        "referral.escalated:sms": "on",
        quiet: "on",
        quiet_start: "22:00",
        quiet_end: "06:00",
      }),
    );
    const saved = await preferencesOf(h.db, account.id);
    expect(saved.channels["referral.new"]).toEqual(["sms"]);
    expect(saved.channels["referral.message"]).toEqual([]);
    expect(saved.quiet).toEqual({ start: 1320, end: 360 });
    expect((await h.db.select().from(notificationPreferences)).length).toBe(1);
  });

  it("a refused post stores nothing; signed-out and unapproved people are refused", async () => {
    const account = await createAccount(h.db, { approved: true });
    const actor = await actorById(h.db, account.id);
    const before = (await h.db.select().from(notificationPreferences)).length;
    expect(
      await outcome(
        saveNotificationPreferences(h.db, actor, { intent: "preferences", quiet: "on", quiet_start: "9pm" }),
      ),
    ).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { quiet_start: PREFERENCE_MESSAGES.time, quiet_end: PREFERENCE_MESSAGES.bothTimes },
    });
    expect(await statusOf(saveNotificationPreferences(h.db, ANONYMOUS, { intent: "preferences" }))).toBe(401);
    const pending = await actorById(h.db, (await createAccount(h.db, { approved: false })).id);
    expect(await statusOf(saveNotificationPreferences(h.db, pending, { intent: "preferences" }))).toBe(403);
    expect(await statusOf(myNotificationPreferences(h.db, pending))).toBe(403);
    expect((await h.db.select().from(notificationPreferences)).length).toBe(before);
  });
});
