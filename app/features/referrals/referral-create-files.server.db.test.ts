import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Actor, actorById, type UserActor } from "~/auth/actor.server";
import { auditEvents, idempotencyKeys, referralAttachments, referrals } from "~/db/schema";
import { refusalOf } from "~/lib/refusal";
import { LocalFileStore } from "~/storage/file-store.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { insertFacility } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { ATTACHMENT_MESSAGES, CREATE_FILES_FIELD } from "./attachment-rules";
import {
  type CreateUpload,
  createReferralAction,
  createReferralOnce,
  readCreatePost,
} from "./referral-create-files.server";

/*
 * Files sent with the Create Referral form (decision 030): stored with the new referral in the same
 * request, refused as on the referral's page (and then nothing at all is stored), once per key.
 */

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");
vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "create-files-")));

const PDF = new TextEncoder().encode("%PDF-1.7\n% a referral letter\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const HTML = new TextEncoder().encode("<html><script>alert(1)</script></html>");

/** A PDF one byte over 10 MB. */
function bigPdf(): Uint8Array {
  const bytes = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20);
  bytes.set(PDF);
  return bytes;
}

let h: TestDatabase;
let facility: string;
let storeRoot: string;
let store: LocalFileStore;
const actors = {} as Record<"doctor" | "admin" | "pending", Actor>;

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  facility = await insertFacility(h.db, "facility-files", "Files Hospital");
  const actorFor = async (options: Parameters<typeof createAccount>[1]) =>
    actorById(h.db, (await createAccount(h.db, options)).id);
  actors.doctor = await actorFor({ role: "doctor", approved: true });
  actors.admin = await actorFor({ role: "facility_admin", approved: true, facilityId: facility });
  actors.pending = await actorFor({ role: "doctor", approved: false });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  storeRoot = mkdtempSync(path.join(tmpdir(), "create-files-store-"));
  store = new LocalFileStore(storeRoot);
});

/** The files the store holds (its temporary directory left out). */
function storedFiles(): string[] {
  return readdirSync(storeRoot, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.includes(".tmp") && !e.name.endsWith(".part"))
    .map((e) => e.name);
}

let patientSeq = 0;
/** The form's fields, in the order the browser sends them (the file inputs last). */
function fields(key: string | null, extra: Record<string, string> = {}): Record<string, string> {
  patientSeq += 1;
  return {
    ...(key ? { idempotency_key: key } : {}),
    patient_name: "Abena Files",
    patient_phone: `024 400 ${String(1000 + patientSeq).slice(-4)}`,
    facility_id: facility,
    chief_complaint: "Breast lump, 3 cm, for biopsy",
    urgency_level: "urgent",
    ...extra,
  };
}

/** A multipart post of the create form: its fields, then each file input's parts. */
function post(values: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array; type?: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const file of files)
    form.append(
      CREATE_FILES_FIELD,
      new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? "" }),
    );
  return new Request("http://localhost/referrals/create", { method: "POST", body: form });
}

async function refusalFrom(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return refused;
    throw error;
  }
  throw new Error("expected a refusal");
}

async function referralCount(): Promise<number> {
  const [{ n }] = await h.db.select({ n: count() }).from(referrals);
  return n;
}

async function create(request: Request, actor: Actor = actors.doctor) {
  const read = await readCreatePost(request, h.db, actor, store);
  if (read.refusal) return { read, outcome: null };
  return { read, outcome: await createReferralOnce(h.db, actor, read.form, read.uploads, store) };
}

describe("Create Referral with files (issue 28)", () => {
  it("stores the files with the new referral in the same request, as the doctor's uploads", async () => {
    const { read, outcome } = await create(
      post(fields("create-files-key-0001"), [
        { name: "letter.pdf", bytes: PDF },
        { name: "scan.png", bytes: PNG },
        { name: "", bytes: new Uint8Array() }, // "Take a photo" left empty
      ]),
    );
    expect(read.refusal).toBeNull();
    expect(read.uploads.map((u) => [u.name, u.contentType])).toEqual([
      ["letter.pdf", "application/pdf"],
      ["scan.png", "image/png"],
    ]);
    if (!outcome || outcome.replayed) throw new Error("expected a new referral");
    expect(outcome.answer).toMatchObject({ status: 302, location: `/referrals/${outcome.value.referralNumber}` });
    const files = await h.db
      .select()
      .from(referralAttachments)
      .where(eq(referralAttachments.referralId, outcome.value.id));
    expect(files.map((f) => [f.fileName, f.contentType, f.uploaderId]).sort()).toEqual([
      ["letter.pdf", "application/pdf", actors.doctor.kind === "user" ? actors.doctor.id : ""],
      ["scan.png", "image/png", actors.doctor.kind === "user" ? actors.doctor.id : ""],
    ]);
    expect(storedFiles()).toHaveLength(2);
    const audits = await h.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, outcome.value.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "referral.attachment",
      "referral.attachment",
      "referral.created",
    ]);
  });

  it("no file chosen (both inputs empty): the referral alone", async () => {
    const { outcome } = await create(
      post(fields("create-files-key-0002"), [
        { name: "", bytes: new Uint8Array() },
        { name: "", bytes: new Uint8Array() },
      ]),
    );
    if (!outcome || outcome.replayed) throw new Error("expected a new referral");
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(referralAttachments)
      .where(eq(referralAttachments.referralId, outcome.value.id));
    expect(n).toBe(0);
    expect(storedFiles()).toHaveLength(0);
  });

  it("a refused file refuses the whole post with the page's message: no referral, no file, the fields kept", async () => {
    const before = await referralCount();
    const cases: Array<[Array<{ name: string; bytes: Uint8Array }>, number, string]> = [
      [
        [
          { name: "letter.pdf", bytes: PDF },
          { name: "page.html", bytes: HTML },
        ],
        415,
        ATTACHMENT_MESSAGES.wrongType,
      ],
      [
        [
          { name: "letter.pdf", bytes: PDF },
          { name: "empty.pdf", bytes: new Uint8Array() },
        ],
        400,
        ATTACHMENT_MESSAGES.empty,
      ],
      [[{ name: "big.pdf", bytes: bigPdf() }], 413, ATTACHMENT_MESSAGES.tooLarge],
      [
        Array.from({ length: 11 }, (_, i) => ({ name: `page-${i}.pdf`, bytes: PDF })),
        400,
        ATTACHMENT_MESSAGES.tooManyAtOnce,
      ],
    ];
    for (const [files, status, message] of cases) {
      const values = fields("create-files-key-0003");
      const { read, outcome } = await create(post(values, files));
      expect(outcome).toBeNull();
      expect(read.refusal).toEqual({ status, message });
      expect(read.uploads).toEqual([]);
      expect(read.form.get("patient_name")).toBe(values.patient_name);
      expect(storedFiles()).toEqual([]);
    }
    expect(await referralCount()).toBe(before);
    // Nothing took the key: the corrected form can be sent with it.
    expect(await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "create-files-key-0003"))).toEqual(
      [],
    );
  });

  it("refused values store no file either (the form's own rule)", async () => {
    const before = await referralCount();
    const refused = await refusalFrom(
      create(post(fields("create-files-key-0004", { chief_complaint: "" }), [{ name: "letter.pdf", bytes: PDF }])),
    );
    expect(refused).toMatchObject({ status: 400, fieldErrors: { chief_complaint: "Chief complaint is required" } });
    expect(storedFiles()).toEqual([]);
    expect(await referralCount()).toBe(before);
  });

  it("only an approved doctor: refused before a byte of a file is read, nothing stored", async () => {
    for (const actor of [actors.admin, actors.pending, { kind: "anonymous" } as Actor]) {
      const refused = await refusalFrom(
        readCreatePost(post(fields(null), [{ name: "letter.pdf", bytes: PDF }]), h.db, actor, store),
      );
      expect([401, 403]).toContain(refused.status);
    }
    expect(storedFiles()).toEqual([]);
  });

  it("the same key twice, and at the same moment: one referral with its files once; the repeats keep no file", async () => {
    const values = fields("create-files-key-0005");
    const files = [{ name: "letter.pdf", bytes: PDF }];
    const before = await referralCount();
    const first = await create(post(values, files));
    const again = await create(post(values, files));
    const together = await Promise.all([1, 2, 3].map(() => create(post(values, files))));
    if (!first.outcome || first.outcome.replayed) throw new Error("expected a referral");
    for (const repeat of [again, ...together]) {
      expect(repeat.outcome).toMatchObject({ replayed: true, answer: first.outcome.answer });
    }
    expect(await referralCount()).toBe(before + 1);
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(referralAttachments)
      .where(eq(referralAttachments.referralId, first.outcome.value.id));
    expect(n).toBe(1);
    expect(storedFiles()).toHaveLength(1);
  });

  it("a late failure while recording the files undoes the referral and removes the stored files", async () => {
    const values = fields(null);
    const read = await readCreatePost(post(values, [{ name: "letter.pdf", bytes: PDF }]), h.db, actors.doctor, store);
    expect(read.uploads).toHaveLength(1);
    const before = await referralCount();
    // An upload row the database refuses (a size below 1 byte) fails the transaction after the referral was written.
    const broken: CreateUpload[] = read.uploads.map((u) => ({ ...u, sizeBytes: -1 }));
    await expect(createReferralOnce(h.db, actors.doctor, read.form, broken, store)).rejects.toThrow();
    expect(await referralCount()).toBe(before);
    expect(storedFiles()).toEqual([]);
  });
});

/** The form's answer, as the page gets it: formAction's data (status, body), or the redirect. */
async function answer(
  request: Request,
  actor: Actor = actors.doctor,
): Promise<{ status: number; response: Response | null; body: Record<string, unknown> }> {
  const answered = await createReferralAction(request, {
    db: h.db,
    allowed: async () => actor as UserActor,
    store,
  });
  if (answered instanceof Response) return { status: answered.status, response: answered, body: {} };
  const { data, init } = answered as unknown as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status ?? 200, response: null, body: data };
}

type Result = { error: Record<string, string[]>; initialValue: Record<string, unknown> };

describe("Create Referral's answer: formAction's, as every form's", () => {
  it("values the form's schema refuses: 400, each field's message, the spec's joined toast, the typed values; no file kept", async () => {
    const before = await referralCount();
    const values = fields("create-answer-key-0001", { patient_name: " ", chief_complaint: "" });
    const { status, body } = await answer(post(values, [{ name: "letter.pdf", bytes: PDF }]));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      toast: {
        title: "Error Creating Referral",
        description: "Patient name is required, Chief complaint is required",
        variant: "destructive",
      },
    });
    const result = body.result as Result;
    expect(result.error.patient_name?.[0]).toBe("Patient name is required");
    expect(result.error.chief_complaint?.[0]).toBe("Chief complaint is required");
    expect(result.initialValue).toMatchObject({ patient_phone: values.patient_phone, urgency_level: "urgent" });
    // The file streamed in before the values were checked is removed; nothing else is written.
    expect(storedFiles()).toEqual([]);
    expect(await referralCount()).toBe(before);
    expect(await h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "create-answer-key-0001"))).toEqual(
      [],
    );
  });

  it("a file refused on its way in: its status and message first, the typed values kept", async () => {
    const values = fields("create-answer-key-0002", { chief_complaint: "" });
    const { status, body } = await answer(post(values, [{ name: "page.pdf", bytes: HTML }]));
    expect(status).toBe(415);
    expect(body).toMatchObject({
      ok: false,
      toast: { title: "Error Creating Referral", description: ATTACHMENT_MESSAGES.wrongType },
    });
    const result = body.result as Result;
    expect(result.error[""]).toEqual([ATTACHMENT_MESSAGES.wrongType]);
    expect(result.initialValue).toMatchObject({ patient_name: values.patient_name });
    expect(storedFiles()).toEqual([]);
  });

  it("a value the domain refuses on a field (a facility that takes no referrals): 400 under the field", async () => {
    const { status, body } = await answer(
      post(fields(null, { facility_id: "3f1c2a9e-0000-4000-8000-0000000000ff" }), [{ name: "letter.pdf", bytes: PDF }]),
    );
    expect(status).toBe(400);
    expect(body.toast).toMatchObject({ title: "Error Creating Referral", description: "Please select a facility" });
    expect((body.result as Result).error.facility_id).toEqual(["Please select a facility"]);
    expect(storedFiles()).toEqual([]);
  });

  it("created: the redirect to the new referral's page with the flash toast; the same key again, the same answer", async () => {
    const before = await referralCount();
    const form = new URLSearchParams(fields("create-answer-key-0003"));
    const request = () => new Request("http://localhost/referrals/create", { method: "POST", body: form });
    const first = await answer(request());
    const again = await answer(request());
    expect(first.status).toBe(302);
    const location = first.response?.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/referrals\/REF-\d{4}-\d{6,}$/);
    expect(first.response?.headers.get("Set-Cookie")).toMatch(/^qh_flash=/);
    expect(again.status).toBe(302);
    expect(again.response?.headers.get("Location")).toBe(location);
    expect(await referralCount()).toBe(before + 1);
  });
});
