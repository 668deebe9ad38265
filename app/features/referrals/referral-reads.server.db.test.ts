import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { createReferral } from "./referral-create.server";
import { referralHistory } from "./referral-history.server";
import { activityOf, markReferralRead } from "./referral-reads.server";
import { facilityDashboard } from "./referrals.server";
import { referralForViewer } from "./workspace.server";
import { addAttachment } from "./workspace-files.server";
import { postMessage } from "./workspace-messages.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "referral-reads-")));

/* "2 files · 1 new message" on the rows, and Read/Unread on one's own messages. */

let h: TestDatabase;
let doctor: Actor;
let admin: Actor;
let sysAdmin: Actor;
const idOf = (actor: Actor) => (actor.kind === "user" ? actor.id : "");
const PDF = new TextEncoder().encode("%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  const facilityId = await insertFacility(h.db, "reads-hospital", "Reads Hospital");
  doctor = await actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
  admin = await actorById(h.db, (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId })).id);
  sysAdmin = await actorById(h.db, (await createAccount(h.db, { role: "system_admin", approved: true })).id);
  (globalThis as { facilityId?: string }).facilityId = facilityId;
});
afterAll(() => h.drop());

async function newReferral() {
  const facilityId = (globalThis as { facilityId?: string }).facilityId!;
  const created = await createReferral(h.db, doctor, {
    facility_id: facilityId,
    patient_name: "Kwame Asante",
    patient_phone: "024 123 4567",
    chief_complaint: "Shortness of breath",
    urgency_level: "urgent",
  });
  return created;
}

describe("what is new on a referral, for whom", () => {
  it("counts files and the other side's messages since the viewer last opened the page", async () => {
    const referral = await newReferral();
    await addAttachment(h.db, doctor, referral.id, { name: "letter.pdf", bytes: PDF });
    await postMessage(h.db, doctor, referral.id, { body: "Is there a bed?" });
    await postMessage(h.db, doctor, referral.id, { body: "The patient is on oxygen." });
    // The facility's administrator has not opened it: both messages are new to them, none to the doctor.
    expect((await activityOf(h.db, idOf(admin), [referral.id])).get(referral.id)).toEqual({
      files: 1,
      newMessages: 2,
    });
    expect((await activityOf(h.db, idOf(doctor), [referral.id])).get(referral.id)).toEqual({
      files: 1,
      newMessages: 0,
    });
    // The queue and History rows carry it.
    const queue = await facilityDashboard(h.db, admin);
    expect(queue.pending.rows.find((r) => r.id === referral.id)?.activity).toEqual({ files: 1, newMessages: 2 });
    const history = await referralHistory(h.db, admin, {});
    expect(history.rows.find((r) => r.id === referral.id)?.activity).toEqual({ files: 1, newMessages: 2 });

    // Opened: nothing is new until the doctor writes again.
    await markReferralRead(h.db, idOf(admin), referral.id, later(1_000));
    expect((await activityOf(h.db, idOf(admin), [referral.id])).get(referral.id)?.newMessages).toBe(0);
    // An earlier read (a slow request) does not move it back.
    await markReferralRead(h.db, idOf(admin), referral.id, new Date(Date.now() - 60_000));
    expect((await activityOf(h.db, idOf(admin), [referral.id])).get(referral.id)?.newMessages).toBe(0);
  });

  it("a message shows Unread to its author until the other side opens the page; a system administrator's visit does not count", async () => {
    const referral = await newReferral();
    await postMessage(h.db, doctor, referral.id, { body: "Please call me when she arrives." });
    const messageOf = async (viewer: Actor) =>
      (await referralForViewer(h.db, viewer, referral.referralNumber)).timeline.find((e) => e.kind === "message");
    expect((await messageOf(doctor))?.read).toBe(false);
    // Others see no read state on someone else's message.
    expect((await messageOf(admin))?.read).toBeNull();
    await markReferralRead(h.db, idOf(sysAdmin), referral.id, later(1_000));
    expect((await messageOf(doctor))?.read).toBe(false);
    await markReferralRead(h.db, idOf(admin), referral.id, later(2_000));
    expect((await messageOf(doctor))?.read).toBe(true);
  });
});
