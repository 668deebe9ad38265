import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import type { FileStore } from "~/storage/file-store.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { createReferralOnce } from "./referral-create-files.server";
import { referralSentWithKey } from "./sent-by-key.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

/*
 * Decision 037: after a lost answer the browser finds the referral by the form's key instead
 * of saying "No connection" (and uploading the photo again). Only the doctor's own key of the
 * create form answers, with the page and toast the post itself answered.
 */

let h: TestDatabase;
let doctor: Actor;
let otherDoctor: Actor;
let facilityId: string;
const NO_FILES = { delete: async () => {} } as unknown as FileStore;

function createForm(key: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    idempotency_key: key,
    facility_id: facilityId,
    patient_name: "Ama Mensah",
    patient_phone: "024 123 4567",
    chief_complaint: "Chest pain on exertion",
    urgency_level: "routine",
  }))
    form.append(name, value);
  return form;
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facilityId = await insertFacility(h.db, "sent-by-key", "Sent By Key Hospital");
  doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
  otherDoctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
});
afterAll(async () => {
  await h?.drop();
});

describe("the referral made with a key", () => {
  it("is found by its doctor, with the page and the toast its post answered", async () => {
    const key = `referral.${crypto.randomUUID()}`;
    expect(await referralSentWithKey(h.db, doctor, key)).toBeNull();
    const outcome = await createReferralOnce(h.db, doctor, createForm(key), [], NO_FILES);
    expect(outcome.replayed).toBe(false);
    const found = await referralSentWithKey(h.db, doctor, key);
    expect(found?.location).toMatch(/^\/referrals\/REF-\d{4}-\d{6}$/);
    expect(found?.location).toBe(outcome.answer?.location);
    expect(found?.toast?.title).toBe("Referral Created");
  });

  it("is not found by anyone else, nor with a malformed key or another form's", async () => {
    const key = `referral.${crypto.randomUUID()}`;
    await createReferralOnce(h.db, doctor, createForm(key), [], NO_FILES);
    expect(await referralSentWithKey(h.db, otherDoctor, key)).toBeNull();
    expect(await referralSentWithKey(h.db, { kind: "anonymous" } as Actor, key)).toBeNull();
    expect(await referralSentWithKey(h.db, doctor, "x")).toBeNull();
    expect(await referralSentWithKey(h.db, doctor, null)).toBeNull();
  });
});
