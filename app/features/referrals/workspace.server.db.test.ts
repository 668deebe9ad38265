import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import {
  auditEvents,
  notificationPreferences,
  paymentRecords,
  referralAttachments,
  referralMessages,
  referrals,
} from "~/db/schema";
import { recordPayment } from "~/features/payments/payments.server";
import { refusalOf } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, sanitiseFileName, sniffAttachmentType } from "./attachment-rules";
import { createReferral } from "./referral-create.server";
import { transitionReferral } from "./referral-transitions.server";
import { referralForViewer } from "./workspace.server";
import { REFERRAL_NOT_FOUND } from "./workspace-access.server";
import { addAttachment, attachmentForViewer } from "./workspace-files.server";
import { postMessage } from "./workspace-messages.server";
import { MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "./workspace-schemas";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
// This file's doctor makes more referrals than the hourly 50 (attachment-storage.server.db.test.ts tests the limits).
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "1");
// The file store (a directory under DATA_DIR) of this test file alone.
vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "workspace-files-")));

/** A download's bytes, read to the end. */
const bytesOf = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

let h: TestDatabase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let facilityA: string;
let facilityB: string;

const KINDS = [
  "anonymous",
  "unverified doctor",
  "doctor",
  "other doctor",
  "pending admin of this facility",
  "admin of this facility",
  "pending admin of another facility",
  "admin of another facility",
  "pending system admin",
  "system admin",
] as const;
type Kind = (typeof KINDS)[number];
const actors = {} as Record<Kind, Actor>;

/** Who sees the page and the files (every one else: the same 404; anonymous: 401). */
const SEES: Record<Kind, number> = {
  anonymous: 401,
  "unverified doctor": 404,
  doctor: 200,
  "other doctor": 404,
  "pending admin of this facility": 404,
  "admin of this facility": 200,
  "pending admin of another facility": 404,
  "admin of another facility": 404,
  "pending system admin": 404,
  "system admin": 200,
};

async function actorFor(options: Parameters<typeof createAccount>[1]): Promise<Actor> {
  return actorById(h.db, (await createAccount(h.db, options)).id);
}

/** The HTTP status a domain call refused with (200 when it succeeded), and its message. */
async function outcome(call: Promise<unknown>): Promise<number> {
  return (await refusal(call)).status;
}
async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
    return { status: 200, message: "" };
  } catch (error) {
    const r = refusalOf(error);
    if (!r) throw error;
    return r;
  }
}

const VALID = {
  patient_name: "Ama Mensah",
  patient_phone: "024 123 4567",
  patient_email: "ama@example.test",
  patient_date_of_birth: "1990-05-01",
  chief_complaint: "Persistent chest pain on exertion",
  clinical_notes: "ECG attached to the paper file.",
  urgency_level: "urgent",
};

async function newReferral(): Promise<{ id: string; referralNumber: string }> {
  const result = await createReferral(h.db, actors.doctor, { ...VALID, facility_id: facilityA });
  return { id: result.id, referralNumber: result.referralNumber };
}

async function referralIn(status: "pending" | "accepted" | "completed" | "cancelled" | "rejected") {
  const r = await newReferral();
  const admin = actors["admin of this facility"];
  if (status === "cancelled")
    await transitionReferral(h.db, actors.doctor, r.id, "cancel", { reason: "Seen elsewhere" });
  if (status === "rejected") await transitionReferral(h.db, admin, r.id, "reject", { reason: "No bed" });
  if (status === "accepted" || status === "completed") await transitionReferral(h.db, admin, r.id, "accept");
  if (status === "completed") {
    await transitionReferral(h.db, admin, r.id, "complete", { outcome: "Angiogram normal; follow up in 3 months." });
  }
  return r;
}

const PDF = new TextEncoder().encode("%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
const WEBP = new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000WEBPVP8 ");
const HTML = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");

const countOf = async (table: typeof referralMessages | typeof referralAttachments, referralId: string) =>
  (await h.db.select({ n: count() }).from(table).where(eq(table.referralId, referralId)))[0].n;

beforeAll(async () => {
  mail = await startMailCatcher();
  vi.stubEnv("SMTP_URL", mail.url);
  h = await createTestDb();
  facilityA = await insertFacility(h.db, "facility-a", "Alpha Hospital");
  facilityB = await insertFacility(h.db, "facility-b", "Beta Clinic");
  actors.anonymous = ANONYMOUS;
  actors["unverified doctor"] = await actorFor({ role: "doctor", approved: false });
  actors.doctor = await actorFor({
    role: "doctor",
    approved: true,
    fullName: "Dr Kofi Owusu",
    email: "kofi@example.test",
    specialty: "Cardiology",
  });
  actors["other doctor"] = await actorFor({ role: "doctor", approved: true, fullName: "Dr Esi Boateng" });
  actors["pending admin of this facility"] = await actorFor({ role: "facility_admin", facilityId: facilityA });
  actors["admin of this facility"] = await actorFor({
    role: "facility_admin",
    approved: true,
    facilityId: facilityA,
    fullName: "Efua Asante",
    email: "admin-a@example.test",
  });
  actors["pending admin of another facility"] = await actorFor({ role: "facility_admin", facilityId: facilityB });
  actors["admin of another facility"] = await actorFor({
    role: "facility_admin",
    approved: true,
    facilityId: facilityB,
  });
  actors["pending system admin"] = await actorFor({ role: "system_admin" });
  actors["system admin"] = await actorFor({ role: "system_admin", approved: true, fullName: "Ada Admin" }); // Quiet hours (by default 21:00-07:00 Accra) would hold these mails until morning: nobody here keeps any.
  await h.db.insert(notificationPreferences).values(
    Object.values(actors)
      .filter((a) => a.kind === "user")
      .map((a) => ({ userId: (a as { id: string }).id, channels: {}, quietStart: null, quietEnd: null })),
  );
});

afterAll(async () => {
  await h?.drop();
  await mail?.stop();
});

describe("the referral's page", () => {
  it.each(KINDS)("%s", async (kind) => {
    const r = await newReferral();
    const answer = await refusal(referralForViewer(h.db, actors[kind], r.referralNumber));
    expect(answer.status).toBe(SEES[kind]);
    // Everyone refused signed in gets the very same answer as for a referral that does not exist.
    if (answer.status === 404) expect(answer.message).toBe(REFERRAL_NOT_FOUND);
  });

  it("answers a missing or malformed number with the same 404", async () => {
    for (const number of ["REF-2000-999999", "nonsense", "REF-2026-1", "' or 1=1 --", ""]) {
      const answer = await refusal(referralForViewer(h.db, actors["system admin"], number));
      expect(answer).toEqual({ status: 404, message: REFERRAL_NOT_FOUND });
    }
  });

  it("shows everything to the doctor: patient, doctor, facility, clinical text, fee and payment", async () => {
    const r = await referralIn("completed");
    const page = await referralForViewer(h.db, actors.doctor, r.referralNumber.toLowerCase());
    expect(page).toMatchObject({
      referralNumber: r.referralNumber,
      status: "completed",
      urgencyLevel: "urgent",
      patient: { fullName: "Ama Mensah", phone: "+233241234567", email: "ama@example.test", dateOfBirth: "1990-05-01" },
      doctor: { fullName: "Dr Kofi Owusu", specialty: "Cardiology" },
      facility: { name: "Alpha Hospital", address: "Alpha Hospital Road, Accra" },
      chiefComplaint: VALID.chief_complaint,
      clinicalNotes: VALID.clinical_notes,
      outcomeNote: "Angiogram normal; follow up in 3 months.",
      fee: { total: 10_000, doctorShare: 7_000, platformShare: 3_000 },
      payment: { status: "pending", method: null, reference: null, paidAt: null },
    });
    // The facility does not see the doctor's payout; a system administrator does.
    expect((await referralForViewer(h.db, actors["admin of this facility"], r.referralNumber)).payment).toBeNull();
    expect((await referralForViewer(h.db, actors["system admin"], r.referralNumber)).payment?.status).toBe("pending");
  });

  it("builds the timeline from the audit log, oldest first, with who, the texts and the payment", async () => {
    const r = await referralIn("accepted");
    await postMessage(h.db, actors.doctor, r.id, { body: "Please call me with the ECG result." });
    await addAttachment(h.db, actors["admin of this facility"], r.id, { name: "ecg.pdf", bytes: PDF });
    await transitionReferral(h.db, actors["admin of this facility"], r.id, "complete", { outcome: "All clear." });
    const [payment] = await h.db.select().from(paymentRecords).where(eq(paymentRecords.referralId, r.id));
    const paid = await recordPayment(h.db, actors["system admin"], {
      paymentId: payment.id,
      payment_method: "mobile_money",
      payment_reference: "MM-123",
    });
    expect(paid.ok).toBe(true);

    const page = await referralForViewer(h.db, actors.doctor, r.referralNumber);
    expect(page.timeline.map((e) => e.kind)).toEqual([
      "created",
      "accepted",
      "message",
      "attachment",
      "completed",
      "payment",
    ]);
    const [created, accepted, message, attachment, completed] = page.timeline;
    expect(created.who).toEqual({ name: "Dr Kofi Owusu", role: "doctor" });
    expect(accepted.who).toEqual({ name: "Efua Asante", role: "facility_admin" });
    expect(message.text).toBe("Please call me with the ECG result.");
    expect(attachment.attachment?.fileName).toBe("ecg.pdf");
    expect(completed.text).toBe("All clear.");
    expect(page.payment).toMatchObject({ status: "paid", method: "mobile_money", reference: "MM-123" });
    const times = page.timeline.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    // The facility's administrators do not see the doctor's payout in the timeline either.
    const facilityView = await referralForViewer(h.db, actors["admin of this facility"], r.referralNumber);
    expect(facilityView.timeline.map((e) => e.kind)).not.toContain("payment");
  });

  it("shows the reasons of a rejection and a cancellation", async () => {
    const rejected = await referralIn("rejected");
    const page = await referralForViewer(h.db, actors.doctor, rejected.referralNumber);
    expect(page.rejectionReason).toBe("No bed");
    expect(page.timeline.find((e) => e.kind === "rejected")?.text).toBe("No bed");
    const cancelled = await referralIn("cancelled");
    const view = await referralForViewer(h.db, actors["admin of this facility"], cancelled.referralNumber);
    expect(view.cancellationReason).toBe("Seen elsewhere");
    expect(view.timeline.find((e) => e.kind === "cancelled")).toMatchObject({
      text: "Seen elsewhere",
      who: { name: "Dr Kofi Owusu", role: "doctor" },
    });
  });

  it("synthesises 'created' for a referral made before the creation was audited", async () => {
    const r = await newReferral();
    await h.db.delete(auditEvents).where(eq(auditEvents.subjectId, r.id));
    const page = await referralForViewer(h.db, actors["system admin"], r.referralNumber);
    expect(page.timeline).toHaveLength(1);
    expect(page.timeline[0]).toMatchObject({ kind: "created", who: { name: "Dr Kofi Owusu", role: "doctor" } });
  });

  it("offers the status table's transitions for the viewer's role, a message and a file", async () => {
    const view = async (kind: Kind, number: string) => (await referralForViewer(h.db, actors[kind], number)).actions;
    const pending = await referralIn("pending");
    expect(await view("doctor", pending.referralNumber)).toEqual({
      transitions: ["cancel"],
      mayMessage: true,
      mayAttach: true,
    });
    expect(await view("admin of this facility", pending.referralNumber)).toEqual({
      transitions: ["accept", "reject"],
      mayMessage: true,
      mayAttach: false,
    });
    expect(await view("system admin", pending.referralNumber)).toEqual({
      transitions: [],
      mayMessage: false,
      mayAttach: false,
    });
    const accepted = await referralIn("accepted");
    expect(await view("admin of this facility", accepted.referralNumber)).toEqual({
      transitions: ["complete"],
      mayMessage: true,
      mayAttach: true,
    });
    expect((await view("doctor", accepted.referralNumber)).transitions).toEqual([]);
    const cancelled = await referralIn("cancelled");
    for (const kind of ["doctor", "admin of this facility", "system admin"] as const) {
      expect(await view(kind, cancelled.referralNumber)).toEqual({
        transitions: [],
        mayMessage: false,
        mayAttach: false,
      });
    }
  });
});

describe("messages", () => {
  const POSTS: Record<Kind, number> = {
    anonymous: 401,
    "unverified doctor": 404,
    doctor: 200,
    "other doctor": 404,
    "pending admin of this facility": 404,
    "admin of this facility": 200,
    "pending admin of another facility": 404,
    "admin of another facility": 404,
    "pending system admin": 404,
    "system admin": 403,
  };
  it.each(KINDS)("%s", async (kind) => {
    const r = await newReferral();
    const status = await outcome(postMessage(h.db, actors[kind], r.id, { body: "Is there a bed?" }));
    expect(status).toBe(POSTS[kind]);
    expect(await countOf(referralMessages, r.id)).toBe(status === 200 ? 1 : 0);
    const audits = await h.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.action, "referral.message"));
    expect(audits[0].n).toBeGreaterThanOrEqual(status === 200 ? 1 : 0);
  });

  it("refuses a blank or too long message and stores nothing; 2,000 characters are fine", async () => {
    const r = await newReferral();
    expect(await refusal(postMessage(h.db, actors.doctor, r.id, { body: "   \n " }))).toEqual({
      status: 400,
      message: MESSAGE_REQUIRED,
    });
    expect(await refusal(postMessage(h.db, actors.doctor, r.id, {}))).toMatchObject({ status: 400 });
    expect(await refusal(postMessage(h.db, actors.doctor, r.id, { body: "x".repeat(2001) }))).toEqual({
      status: 400,
      message: MESSAGE_TOO_LONG,
    });
    expect(await countOf(referralMessages, r.id)).toBe(0);
    expect(await outcome(postMessage(h.db, actors.doctor, r.id, { body: "x".repeat(2000) }))).toBe(200);
  });

  it("answers a missing or malformed referral id with 404", async () => {
    expect(await outcome(postMessage(h.db, actors.doctor, "not-a-uuid", { body: "Hi" }))).toBe(404);
    expect(
      await outcome(postMessage(h.db, actors.doctor, "00000000-0000-4000-8000-000000000000", { body: "Hi" })),
    ).toBe(404);
  });

  it("is allowed in final statuses but a cancelled referral is closed", async () => {
    const completed = await referralIn("completed");
    expect(await outcome(postMessage(h.db, actors.doctor, completed.id, { body: "Thank you" }))).toBe(200);
    const cancelled = await referralIn("cancelled");
    expect(await outcome(postMessage(h.db, actors["admin of this facility"], cancelled.id, { body: "OK" }))).toBe(409);
    expect(await countOf(referralMessages, cancelled.id)).toBe(0);
  });

  it("emails the other side the number and a link, never the message", async () => {
    const r = await newReferral();
    const subject = `New message on referral ${r.referralNumber}`;
    await postMessage(h.db, actors.doctor, r.id, { body: "Secret clinical detail" });
    const toFacility = await mail.waitFor((m) => m.subject === subject && m.to.includes("admin-a@example.test"));
    expect(toFacility.to).not.toContain("kofi@example.test");
    expect(toFacility.text).not.toContain("Secret clinical detail");
    expect(toFacility.text).toContain(`/referrals/${r.referralNumber}`);
    await postMessage(h.db, actors["admin of this facility"], r.id, { body: "Another secret" });
    const toDoctor = await mail.waitFor((m) => m.subject === subject && m.to.includes("kofi@example.test"));
    expect(toDoctor.text).not.toContain("Another secret");
  });
});

describe("attachments", () => {
  const PENDING_ATTACH: Record<Kind, number> = {
    anonymous: 401,
    "unverified doctor": 404,
    doctor: 200,
    "other doctor": 404,
    "pending admin of this facility": 404,
    // Only after accepting.
    "admin of this facility": 409,
    "pending admin of another facility": 404,
    "admin of another facility": 404,
    "pending system admin": 404,
    "system admin": 403,
  };
  it.each(KINDS)("a pending referral: %s", async (kind) => {
    const r = await newReferral();
    const status = await outcome(addAttachment(h.db, actors[kind], r.id, { name: "letter.pdf", bytes: PDF }));
    expect(status).toBe(PENDING_ATTACH[kind]);
    expect(await countOf(referralAttachments, r.id)).toBe(status === 200 ? 1 : 0);
  });

  it("lets the facility attach after accepting and the doctor until it is cancelled", async () => {
    const accepted = await referralIn("accepted");
    const admin = actors["admin of this facility"];
    expect(await outcome(addAttachment(h.db, admin, accepted.id, { name: "scan.png", bytes: PNG }))).toBe(200);
    const completed = await referralIn("completed");
    expect(await outcome(addAttachment(h.db, admin, completed.id, { name: "result.jpg", bytes: JPEG }))).toBe(200);
    expect(await outcome(addAttachment(h.db, actors.doctor, completed.id, { name: "x.webp", bytes: WEBP }))).toBe(200);
    const rejected = await referralIn("rejected");
    expect(await outcome(addAttachment(h.db, admin, rejected.id, { name: "a.pdf", bytes: PDF }))).toBe(409);
    expect(await outcome(addAttachment(h.db, actors.doctor, rejected.id, { name: "a.pdf", bytes: PDF }))).toBe(200);
    const cancelled = await referralIn("cancelled");
    expect(await outcome(addAttachment(h.db, actors.doctor, cancelled.id, { name: "a.pdf", bytes: PDF }))).toBe(409);
    expect(await countOf(referralAttachments, cancelled.id)).toBe(0);
  });

  it("decides the type from the bytes, never the name, and refuses anything else", async () => {
    const r = await newReferral();
    const wrong = await refusal(addAttachment(h.db, actors.doctor, r.id, { name: "letter.pdf", bytes: HTML }));
    expect(wrong).toEqual({ status: 415, message: ATTACHMENT_MESSAGES.wrongType });
    const empty = await refusal(addAttachment(h.db, actors.doctor, r.id, { name: "e.pdf", bytes: new Uint8Array() }));
    expect(empty).toEqual({ status: 400, message: ATTACHMENT_MESSAGES.empty });
    expect(await refusal(addAttachment(h.db, actors.doctor, r.id, null))).toMatchObject({ status: 400 });
    expect(await countOf(referralAttachments, r.id)).toBe(0);
    // A PNG named .pdf is kept as what it is: a PNG.
    await addAttachment(h.db, actors.doctor, r.id, { name: "really-a-png.pdf", bytes: PNG });
    const [row] = await h.db.select().from(referralAttachments).where(eq(referralAttachments.referralId, r.id));
    expect(row.contentType).toBe("image/png");
  });

  it("takes 10 MB and refuses 10 MB and one byte", async () => {
    const r = await newReferral();
    const big = new Uint8Array(MAX_ATTACHMENT_BYTES + 1);
    big.set(PDF);
    const over = await refusal(addAttachment(h.db, actors.doctor, r.id, { name: "big.pdf", bytes: big }));
    expect(over).toEqual({ status: 413, message: ATTACHMENT_MESSAGES.tooLarge });
    expect(await countOf(referralAttachments, r.id)).toBe(0);
    const exact = big.subarray(0, MAX_ATTACHMENT_BYTES);
    const stored = await addAttachment(h.db, actors.doctor, r.id, { name: "exact.pdf", bytes: exact });
    const file = await attachmentForViewer(h.db, actors["admin of this facility"], r.referralNumber, stored.id);
    expect(file.sizeBytes).toBe(MAX_ATTACHMENT_BYTES);
    expect((await bytesOf(file.body)).byteLength).toBe(MAX_ATTACHMENT_BYTES);
  });

  it("keeps at most 10 a referral, even when uploads arrive together", async () => {
    const r = await newReferral();
    for (let i = 0; i < 8; i++) await addAttachment(h.db, actors.doctor, r.id, { name: `f${i}.pdf`, bytes: PDF });
    const together = await Promise.all(
      [0, 1, 2].map((i) => outcome(addAttachment(h.db, actors.doctor, r.id, { name: `p${i}.pdf`, bytes: PDF }))),
    );
    expect(together.sort()).toEqual([200, 200, 409]);
    expect(await countOf(referralAttachments, r.id)).toBe(10);
    const eleventh = await refusal(addAttachment(h.db, actors.doctor, r.id, { name: "11.pdf", bytes: PDF }));
    expect(eleventh).toEqual({ status: 409, message: ATTACHMENT_MESSAGES.tooMany });
    expect(await countOf(referralAttachments, r.id)).toBe(10);
    expect((await referralForViewer(h.db, actors.doctor, r.referralNumber)).actions.mayAttach).toBe(false);
  });

  it("stores the sanitised name, the size and the SHA-256, and audits the upload", async () => {
    const r = await newReferral();
    const stored = await addAttachment(h.db, actors.doctor, r.id, {
      name: "C:\\tmp\\../\u0007evil\u202Efdp.pdf",
      bytes: PDF,
    });
    const [row] = await h.db.select().from(referralAttachments).where(eq(referralAttachments.id, stored.id));
    expect(row.fileName).toBe("evilfdp.pdf");
    expect(row.sizeBytes).toBe(PDF.byteLength);
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await h.db.select().from(auditEvents).where(eq(auditEvents.id, stored.id));
    expect(audit).toMatchObject({ action: "referral.attachment", subjectId: r.id });
  });

  it("downloads for exactly those who see the page", async () => {
    const r = await newReferral();
    const stored = await addAttachment(h.db, actors.doctor, r.id, { name: "letter.pdf", bytes: PDF });
    for (const kind of KINDS) {
      const answer = await refusal(attachmentForViewer(h.db, actors[kind], r.referralNumber, stored.id));
      expect(answer.status, kind).toBe(SEES[kind]);
    }
    const file = await attachmentForViewer(h.db, actors["admin of this facility"], r.referralNumber, stored.id);
    expect((await bytesOf(file.body)).equals(Buffer.from(PDF))).toBe(true);
    expect(file).toMatchObject({ fileName: "letter.pdf", contentType: "application/pdf" });
    // The file under another referral's number, a malformed id, a missing one: 404.
    const other = await newReferral();
    for (const [number, id] of [
      [other.referralNumber, stored.id],
      [r.referralNumber, "nope"],
      [r.referralNumber, "00000000-0000-4000-8000-000000000000"],
    ]) {
      expect(await outcome(attachmentForViewer(h.db, actors.doctor, number, id))).toBe(404);
    }
  });
});

describe("attachment rules", () => {
  it("sniffs the four types by their magic numbers", () => {
    expect(sniffAttachmentType(PDF)).toBe("application/pdf");
    expect(sniffAttachmentType(JPEG)).toBe("image/jpeg");
    expect(sniffAttachmentType(PNG)).toBe("image/png");
    expect(sniffAttachmentType(WEBP)).toBe("image/webp");
    expect(sniffAttachmentType(HTML)).toBeNull();
    expect(sniffAttachmentType(new TextEncoder().encode("RIFF\0\0\0\0WAVE"))).toBeNull();
    expect(sniffAttachmentType(new TextEncoder().encode("%PD"))).toBeNull();
  });
  it("sanitises names", () => {
    expect(sanitiseFileName("../../etc/passwd", "application/pdf")).toBe("passwd.pdf");
    expect(sanitiseFileName("\u0000\u0001", "image/png")).toBe("attachment.png");
    expect(sanitiseFileName("...", "image/jpeg")).toBe("attachment.jpg");
    const long = sanitiseFileName(`${"a".repeat(400)}.pdf`, "application/pdf");
    expect(long).toHaveLength(255);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});

describe("database", () => {
  it("keeps the referral rows as they were after refusals", async () => {
    const r = await newReferral();
    await refusal(postMessage(h.db, actors["other doctor"], r.id, { body: "Hi" }));
    const [row] = await h.db.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, r.id));
    expect(row.status).toBe("pending");
  });
});
