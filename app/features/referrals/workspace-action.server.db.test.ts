import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { referralMessages, referrals } from "~/db/schema";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { createReferral } from "./referral-create.server";
import { REJECTION_REASON_REQUIRED } from "./referral-status";
import { WORKSPACE_INTENTS, workspaceAction, workspaceIntentOf } from "./workspace-action.server";
import type { WorkspaceAnswer } from "./workspace-answer";

/*
 * The referral page's action (one table from intent to schema and domain call, one form
 * path): who may see the referral is settled before the form is read, a refused text keeps its
 * dialog open, and a plain post is answered with a redirect.
 */

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "workspace-action-")));

let h: TestDatabase;
let facility: string;
const actors = {} as Record<"doctor" | "otherDoctor" | "admin" | "systemAdmin", Actor>;

async function newReferral() {
  const made = await createReferral(h.db, actors.doctor, {
    facility_id: facility,
    patient_name: "Ama Mensah",
    patient_phone: "024 123 4567",
    chief_complaint: "Persistent chest pain on exertion",
    urgency_level: "urgent",
  });
  return { id: made.id, number: made.referralNumber };
}

/** Posts `fields` to the referral's page as `actor` (a fetcher, or with `navigate` a page without JavaScript). */
async function post(actor: Actor, number: string, fields: Record<string, string>, navigate = false) {
  const request = new Request(`http://localhost:3000/referrals/${number}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: navigate ? { "Sec-Fetch-Mode": "navigate" } : {},
  });
  const answer = await workspaceAction(request, { db: h.db, actor, referralNumber: number });
  if (answer instanceof Response)
    return { status: answer.status, location: answer.headers.get("Location"), body: null };
  return { status: answer.init?.status ?? 200, location: null, body: answer.data as WorkspaceAnswer };
}

const statusOf = async (id: string) =>
  (await h.db.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, id)))[0].status;
const messagesOf = async (id: string) =>
  (await h.db.select({ n: count() }).from(referralMessages).where(eq(referralMessages.referralId, id)))[0].n;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facility = await insertFacility(h.db, "facility-a", "Alpha Hospital");
  const actorFor = async (options: Parameters<typeof createAccount>[1]) =>
    actorById(h.db, (await createAccount(h.db, options)).id);
  actors.doctor = await actorFor({ role: "doctor", approved: true });
  actors.otherDoctor = await actorFor({ role: "doctor", approved: true });
  actors.admin = await actorFor({ role: "facility_admin", approved: true, facilityId: facility });
  actors.systemAdmin = await actorFor({ role: "system_admin", approved: true });
});

afterAll(async () => {
  await h?.drop();
});

describe("the intent table", () => {
  it("names the page's six intents and nothing else (not even Object's own keys)", () => {
    expect(Object.keys(WORKSPACE_INTENTS).sort()).toEqual([
      "accept",
      "attach",
      "cancel",
      "complete",
      "message",
      "reject",
    ]);
    for (const intent of Object.keys(WORKSPACE_INTENTS)) expect(workspaceIntentOf(intent)).toBe(intent);
    for (const other of ["", "Accept", "delete", "toString", "__proto__", "constructor", null, undefined, 1]) {
      expect(workspaceIntentOf(other)).toBeNull();
    }
  });

  it("gives the text forms their schema's field, and the others none", () => {
    const fields = Object.fromEntries(
      Object.entries(WORKSPACE_INTENTS).map(([intent, entry]) => [intent, entry.field]),
    );
    expect(fields).toEqual({
      accept: null,
      reject: "reason",
      complete: "outcome",
      cancel: "reason",
      message: "body",
      attach: null,
    });
  });
});

describe("the referral page's action", () => {
  it("answers an unknown intent with 400 and no id", async () => {
    const r = await newReferral();
    const answer = await post(actors.admin, r.number, { intent: "delete" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, kind: null, intent: null, referralId: "" });
    expect(answer.body?.toast.description).toBe("Unknown action");
  });

  it("answers someone who may not see the referral 404 (401 anonymous) whatever they post, without its id", async () => {
    const r = await newReferral();
    const posts: Record<string, string>[] = [
      { intent: "reject", reason: "" },
      { intent: "accept" },
      { intent: "message", body: "Hi" },
    ];
    for (const fields of posts) {
      const outsider = await post(actors.otherDoctor, r.number, fields);
      expect(outsider.status, JSON.stringify(fields)).toBe(404);
      expect(outsider.body?.referralId).toBe("");
      const missing = await post(actors.otherDoctor, "REF-2099-999999", fields);
      expect(missing).toEqual(outsider);
      expect((await post(ANONYMOUS, r.number, fields)).status).toBe(401);
    }
    expect(await statusOf(r.id)).toBe("pending");
    expect(await messagesOf(r.id)).toBe(0);
  });

  it("keeps a refused reason under its field (the dialog stays open) and changes nothing", async () => {
    const r = await newReferral();
    const answer = await post(actors.admin, r.number, { intent: "reject", reason: "   " });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, kind: "reject", intent: "reject", referralId: r.id });
    expect(answer.body?.reasonRefused).toBe(true);
    expect(answer.body?.result?.error?.reason?.[0]).toBe(REJECTION_REASON_REQUIRED);
    expect(answer.body?.toast).toEqual({
      title: "Error Updating Referral",
      description: REJECTION_REASON_REQUIRED,
      variant: "destructive",
    });
    expect(await statusOf(r.id)).toBe("pending");
  });

  it("answers the status table's refusals with their status, not under the field", async () => {
    const r = await newReferral();
    const doctor = await post(actors.doctor, r.number, { intent: "accept" });
    expect(doctor.status).toBe(403);
    expect(doctor.body).toMatchObject({ ok: false, reasonRefused: false, referralId: r.id });
    const early = await post(actors.admin, r.number, { intent: "complete", outcome: "Seen and discharged" });
    expect(early.status).toBe(409);
    expect(early.body?.reasonRefused).toBe(false);
    const admin = await post(actors.systemAdmin, r.number, { intent: "message", body: "Hello" });
    expect(admin.status).toBe(403);
    expect(await statusOf(r.id)).toBe("pending");
  });

  it("accepts for a fetcher (data and a toast) and, for a plain post, redirects to the page", async () => {
    const r = await newReferral();
    const accepted = await post(actors.admin, r.number, { intent: "accept", referralId: "ignored" });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ ok: true, kind: "accept", intent: "accept", referralId: r.id });
    expect(accepted.body?.toast.title).toBe("Referral accepted");
    expect(await statusOf(r.id)).toBe("accepted");
    const completed = await post(actors.admin, r.number, { intent: "complete", outcome: "Seen" }, true);
    expect(completed.status).toBe(302);
    expect(completed.location).toBe(`/referrals/${r.number}`);
    expect(await statusOf(r.id)).toBe("completed");
  });

  it("posts one message per key: the same post again is answered as the first", async () => {
    const r = await newReferral();
    const fields = { intent: "message", body: "Is the patient fasting?", idempotency_key: "k".repeat(24) };
    const first = await post(actors.doctor, r.number, fields);
    const again = await post(actors.doctor, r.number, fields);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, kind: "message", intent: null, referralId: r.id });
    expect(again).toEqual(first);
    expect(await messagesOf(r.id)).toBe(1);
  });
});
