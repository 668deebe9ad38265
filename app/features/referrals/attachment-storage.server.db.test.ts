import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, actorById } from "~/auth/actor.server";
import { rateLimits, referralAttachments, referralMessages, referrals } from "~/db/schema";
import { refusalOf } from "~/lib/refusal";
import { LocalFileStore } from "~/storage/file-store.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { createReferral } from "./referral-create.server";
import { countUserWrite, USER_LIMITS } from "./user-limits.server";
import { referralForViewer } from "./workspace.server";
import { addAttachment, attachmentForViewer, attachmentKey, moveAttachmentsToStore } from "./workspace-files.server";
import { postMessage } from "./workspace-messages.server";

/*
 * Decision 023: attached files live in the file store (not the database), under names that end with
 * their type's extension; files attached before are moved out of the database; and one person
 * can write only so much an hour (30 files, 100 messages, 50 referrals).
 */

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
const dataDir = mkdtempSync(path.join(tmpdir(), "attachment-storage-"));
vi.stubEnv("DATA_DIR", dataDir);
const filesDir = path.join(dataDir, "files");

let h: TestDatabase;
let facility: string;
let admin: Actor;

const PDF = new TextEncoder().encode("%PDF-1.7\n% a referral letter\n%%EOF\n");
const HTML = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");

const bytesOf = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

/** Every file under the store's directory (the temporary ones included), relative. */
function storedFiles(): string[] {
  if (!existsSync(filesDir)) return [];
  return (readdirSync(filesDir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(filesDir, path.join(e.parentPath, e.name)));
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
  chief_complaint: "Persistent chest pain on exertion",
  urgency_level: "urgent",
};

async function newDoctor(): Promise<Actor> {
  return actorById(h.db, (await createAccount(h.db, { role: "doctor", approved: true })).id);
}

async function newReferral(doctor: Actor): Promise<{ id: string; referralNumber: string }> {
  const result = await createReferral(h.db, doctor, { ...VALID, facility_id: facility });
  return { id: result.id, referralNumber: result.referralNumber };
}

beforeAll(async () => {
  h = await createTestDb();
  facility = await insertFacility(h.db, "facility-s", "Storage Hospital");
  admin = await actorById(
    h.db,
    (await createAccount(h.db, { role: "facility_admin", approved: true, facilityId: facility })).id,
  );
});

afterAll(async () => {
  await h?.drop();
});

describe("attached files in the file store", () => {
  it("keeps the bytes in a file under DATA_DIR/files, not in the database, and downloads them from there", async () => {
    const doctor = await newDoctor();
    const r = await newReferral(doctor);
    const stored = await addAttachment(h.db, doctor, r.id, { name: "letter.pdf", bytes: PDF });
    const [row] = await h.db.select().from(referralAttachments).where(eq(referralAttachments.id, stored.id));
    expect(row.content).toBeNull();
    expect(row.storageKey).toBe(attachmentKey(stored.id));
    const onDisk = path.join(filesDir, ...attachmentKey(stored.id).split("/"));
    expect(readFileSync(onDisk).equals(Buffer.from(PDF))).toBe(true);
    const file = await attachmentForViewer(h.db, admin, r.referralNumber, stored.id);
    expect((await bytesOf(file.body)).equals(Buffer.from(PDF))).toBe(true);
    expect(storedFiles().filter((f) => f.startsWith(".tmp"))).toEqual([]);
  });

  it("stores nothing, not even a temporary file, for a refused file", async () => {
    const doctor = await newDoctor();
    const r = await newReferral(doctor);
    const before = storedFiles();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    for (const [bytes, status] of [
      [HTML, 415],
      [big, 413],
      [new Uint8Array(), 400],
    ] as const) {
      expect((await refusal(addAttachment(h.db, doctor, r.id, { name: "x.pdf", bytes }))).status).toBe(status);
    }
    expect(storedFiles()).toEqual(before);
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(referralAttachments)
      .where(eq(referralAttachments.referralId, r.id));
    expect(n).toBe(0);
  });

  it("names the stored and downloaded file with its type's extension; the uploaded name is only cleaned", async () => {
    const doctor = await newDoctor();
    const r = await newReferral(doctor);
    for (const [uploaded, kept] of [
      ["poly.html", "poly.pdf"],
      ["invoice.pdf.hta", "invoice.pdf.pdf"],
      ["report\u202Efdp.exe", "reportfdp.pdf"],
    ]) {
      const stored = await addAttachment(h.db, doctor, r.id, { name: uploaded, bytes: PDF });
      expect(stored.fileName).toBe(kept);
      const [row] = await h.db.select().from(referralAttachments).where(eq(referralAttachments.id, stored.id));
      expect(row.fileName).toBe(kept);
      expect((await attachmentForViewer(h.db, doctor, r.referralNumber, stored.id)).fileName).toBe(kept);
    }
    const page = await referralForViewer(h.db, doctor, r.referralNumber);
    expect(page.attachments.map((a) => a.fileName)).toEqual(["poly.pdf", "invoice.pdf.pdf", "reportfdp.pdf"]);
  });
});

describe("files attached before issue 24 (their bytes in the database)", () => {
  it("are served from the row until moved, then moved to the store once, and served from there", async () => {
    const doctor = await newDoctor();
    const r = await newReferral(doctor);
    // As migration 0003 stored them: the bytes in `content`, the uploaded name as it was given.
    const [legacy] = await h.db
      .insert(referralAttachments)
      .values({
        referralId: r.id,
        uploaderId: doctor.kind === "user" ? doctor.id : null,
        fileName: "poly.html",
        contentType: "application/pdf",
        sizeBytes: PDF.byteLength,
        sha256: "0".repeat(64),
        content: Buffer.from(PDF),
      })
      .returning({ id: referralAttachments.id });
    const before = await attachmentForViewer(h.db, doctor, r.referralNumber, legacy.id);
    expect(before.fileName).toBe("poly.pdf");
    expect((await bytesOf(before.body)).equals(Buffer.from(PDF))).toBe(true);

    const store = new LocalFileStore(filesDir);
    expect(await moveAttachmentsToStore(h.db, store)).toBe(1);
    const [row] = await h.db.select().from(referralAttachments).where(eq(referralAttachments.id, legacy.id));
    expect(row).toMatchObject({ content: null, storageKey: attachmentKey(legacy.id) });
    const after = await attachmentForViewer(h.db, doctor, r.referralNumber, legacy.id);
    expect((await bytesOf(after.body)).equals(Buffer.from(PDF))).toBe(true);
    // A second start finds nothing to move.
    expect(await moveAttachmentsToStore(h.db, store)).toBe(0);
  });

  it("a row has its bytes in exactly one place (the database checks it)", async () => {
    const doctor = await newDoctor();
    const r = await newReferral(doctor);
    const row = {
      referralId: r.id,
      fileName: "a.pdf",
      contentType: "application/pdf" as const,
      sizeBytes: 1,
      sha256: "0".repeat(64),
    };
    await expect(h.db.insert(referralAttachments).values(row)).rejects.toThrow();
    await expect(
      h.db.insert(referralAttachments).values({ ...row, storageKey: "k", content: Buffer.from("x") }),
    ).rejects.toThrow();
  });
});

describe("what one person may write in an hour", () => {
  it("30 files: the 31st is refused with 429 and stores nothing; refused files do not count; other people are not held back", async () => {
    const doctor = await newDoctor();
    const made = [await newReferral(doctor), await newReferral(doctor), await newReferral(doctor)];
    // Refused files (not a PDF, JPEG, PNG or WebP) use up nothing, and leave no counter behind.
    for (let i = 0; i < 5; i++) {
      expect((await refusal(addAttachment(h.db, doctor, made[0].id, { name: "x.pdf", bytes: HTML }))).status).toBe(415);
    }
    const counters = await h.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `user-uploads:${doctor.kind === "user" ? doctor.id : ""}`));
    expect(counters).toEqual([]);
    for (let i = 0; i < 30; i++) {
      await addAttachment(h.db, doctor, made[i % 3].id, { name: `f${i}.pdf`, bytes: PDF });
    }
    const fourth = await newReferral(doctor);
    const files = storedFiles().length;
    const refused = await refusal(addAttachment(h.db, doctor, fourth.id, { name: "late.pdf", bytes: PDF }));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(
      /^Too many attempts: you can attach 30 files an hour\. Try again in \d+ minutes?\.$/,
    );
    expect(storedFiles().length).toBe(files);
    expect((await referralForViewer(h.db, doctor, fourth.referralNumber)).attachments).toEqual([]);
    // Another doctor's uploads go on.
    const other = await newDoctor();
    const theirs = await newReferral(other);
    expect((await refusal(addAttachment(h.db, other, theirs.id, { name: "ok.pdf", bytes: PDF }))).status).toBe(200);
  });

  it("100 messages: the 101st is refused with 429 and stores nothing", async () => {
    const doctor = await newDoctor();
    const r = await newReferral(doctor);
    for (let i = 0; i < 100; i++) await postMessage(h.db, doctor, r.id, { body: `Message ${i}` });
    const refused = await refusal(postMessage(h.db, doctor, r.id, { body: "One too many" }));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Too many attempts: you can send 100 messages an hour\. Try again in/);
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(referralMessages)
      .where(eq(referralMessages.referralId, r.id));
    expect(n).toBe(100);
  });

  it("50 referrals: the 51st is refused with 429 and stores nothing", async () => {
    const doctor = await newDoctor();
    for (let i = 0; i < 50; i++) await newReferral(doctor);
    const before = (await h.db.select({ n: count() }).from(referrals))[0].n;
    const refused = await refusal(createReferral(h.db, doctor, { ...VALID, facility_id: facility }));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^Too many attempts: you can create 50 referrals an hour\. Try again in/);
    expect((await h.db.select({ n: count() }).from(referrals))[0].n).toBe(before);
  });

  it("counts in hourly windows: the allowance is whole again in the next hour", async () => {
    const userId = (await createAccount(h.db, { role: "doctor", approved: true })).id;
    const hour = new Date("2026-03-02T10:00:00Z");
    const { limit } = USER_LIMITS.messages;
    for (let i = 0; i < limit; i++) await countUserWrite(h.db, userId, "messages", new Date(hour.getTime() + i));
    const late = await refusal(countUserWrite(h.db, userId, "messages", new Date("2026-03-02T10:45:00Z")));
    expect(late).toEqual({ status: 429, message: expect.stringContaining("Try again in 15 minutes.") });
    expect((await refusal(countUserWrite(h.db, userId, "messages", new Date("2026-03-02T11:00:01Z")))).status).toBe(
      200,
    );
    const keys = await h.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(eq(rateLimits.key, `user-messages:${userId}`));
    expect(keys).toHaveLength(1);
  });
});
