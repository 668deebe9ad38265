import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { referralAttachments } from "~/db/schema";
import { refusalOf } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { copyReferralFiles, REFER_AGAIN_NOT_FOUND, referAgainDraft } from "./refer-again.server";
import { createReferral } from "./referral-create.server";
import { transitionReferral } from "./referral-transitions.server";
import { addAttachment, attachmentForViewer } from "./workspace-files.server";

/*
 * "Refer to another facility": the referring doctor's own rejected or cancelled
 * referral fills the form (the rejecting facility left out) and its files are copied; anyone else,
 * and any referral still open, gets the same 404 and nothing.
 */

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "refer-again-")));

const PDF = new TextEncoder().encode("%PDF-1.7\n% a referral letter\n%%EOF\n");
let h: TestDatabase;
let facility: string;
let otherFacility: string;
const actors = {} as Record<"doctor" | "otherDoctor" | "admin" | "systemAdmin", Actor>;

async function newReferral(facilityId = facility) {
  const made = await createReferral(h.db, actors.doctor, {
    facility_id: facilityId,
    patient_name: "Ama Mensah",
    patient_phone: "024 123 4567",
    patient_email: "ama@example.test",
    chief_complaint: "Persistent chest pain on exertion",
    clinical_notes: "ECG: ST depression in V4-V6.",
    urgency_level: "urgent",
  });
  return { id: made.id, number: made.referralNumber };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return refused;
    throw error;
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facility = await insertFacility(h.db, "facility-a", "Alpha Hospital");
  otherFacility = await insertFacility(h.db, "facility-b", "Beta Clinic");
  const actorFor = async (options: Parameters<typeof createAccount>[1]) =>
    actorById(h.db, (await createAccount(h.db, options)).id);
  actors.doctor = await actorFor({ role: "doctor", approved: true });
  actors.otherDoctor = await actorFor({ role: "doctor", approved: true });
  actors.admin = await actorFor({ role: "facility_admin", approved: true, facilityId: facility });
  actors.systemAdmin = await actorFor({ role: "system_admin", approved: true });
});

afterAll(async () => {
  await h?.close();
});

describe("referring a referral again", () => {
  it("fills the form from the doctor's rejected referral, without the facility that rejected it", async () => {
    const r = await newReferral();
    await addAttachment(h.db, actors.doctor, r.id, { name: "letter.pdf", bytes: PDF });
    await transitionReferral(h.db, actors.admin, r.id, "reject", { reason: "No cardiologist this month" });
    const draft = await referAgainDraft(h.db, actors.doctor, r.number.toLowerCase());
    expect(draft).toEqual({
      fromNumber: r.number,
      values: {
        patient_name: "Ama Mensah",
        patient_phone: expect.any(String),
        patient_email: "ama@example.test",
        chief_complaint: "Persistent chest pain on exertion",
        clinical_notes: "ECG: ST depression in V4-V6.",
        urgency_level: "urgent",
      },
      excludedFacilityId: facility,
      fileNames: ["letter.pdf"],
    });
  });

  it("keeps every facility for a referral the doctor cancelled", async () => {
    const r = await newReferral();
    await transitionReferral(h.db, actors.doctor, r.id, "cancel", { reason: "Patient travelled" });
    const draft = await referAgainDraft(h.db, actors.doctor, r.number);
    expect(draft.excludedFacilityId).toBeNull();
    expect(draft.fileNames).toEqual([]);
  });

  it("answers anyone else, an open referral and a malformed number with the same 404", async () => {
    const rejected = await newReferral();
    await transitionReferral(h.db, actors.admin, rejected.id, "reject", { reason: "Full" });
    const open = await newReferral();
    for (const actor of [actors.otherDoctor, actors.admin, actors.systemAdmin]) {
      expect(await refusal(referAgainDraft(h.db, actor, rejected.number))).toEqual({
        status: 404,
        message: REFER_AGAIN_NOT_FOUND,
      });
    }
    for (const number of [open.number, "REF-2026-999999", "not-a-number"]) {
      expect(await refusal(referAgainDraft(h.db, actors.doctor, number))).toEqual({
        status: 404,
        message: REFER_AGAIN_NOT_FOUND,
      });
    }
  });

  it("copies the files onto the new referral, for its doctor only", async () => {
    const r = await newReferral();
    await addAttachment(h.db, actors.doctor, r.id, { name: "letter.pdf", bytes: PDF });
    await addAttachment(h.db, actors.doctor, r.id, { name: "ecg.pdf", bytes: PDF });
    await transitionReferral(h.db, actors.admin, r.id, "reject", { reason: "No bed" });

    // Another doctor naming it copies nothing.
    const theirs = await createReferral(h.db, actors.otherDoctor, {
      facility_id: otherFacility,
      patient_name: "Kofi Boateng",
      patient_phone: "024 765 4321",
      chief_complaint: "Knee pain",
    });
    expect(await copyReferralFiles(h.db, actors.otherDoctor, r.number, theirs.id)).toBe(0);

    const again = await newReferral(otherFacility);
    expect(await copyReferralFiles(h.db, actors.doctor, r.number, again.id)).toBe(2);
    const copied = await h.db
      .select({ id: referralAttachments.id, fileName: referralAttachments.fileName })
      .from(referralAttachments)
      .where(eq(referralAttachments.referralId, again.id));
    expect(copied.map((f) => f.fileName).sort()).toEqual(["ecg.pdf", "letter.pdf"]);
    // Its own copy of the bytes, readable by the new facility's administrators' side as any file.
    const file = await attachmentForViewer(h.db, actors.doctor, again.number, copied[0].id);
    expect((await buffer(file.body as never)).equals(Buffer.from(PDF))).toBe(true);
  });
});
