import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facilities, referralAttachments, referrals } from "~/db/schema";
import { createReferral } from "~/features/referrals/referral-create.server";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { referralForm, signedIn } from "./referral-fixtures";

/*
 * Decision 035, point 9: a phone's photo on every upload path, through the production server (its
 * body limits, React Router, the actions, the store). The Create Referral form's "Take a photo"
 * sent a 2-6 MB photo and got the server's plain-text 413 (its 1 MB limit for every other form):
 * the browser's React Router could not read it and showed "Error Loading Referrals". Now each
 * path takes what it documents (a referral's files: 10 MB each, 10 on the create form; a facility
 * photo: 5 MB), and a refusal, from the server's limit or the form's reader, is the form's own
 * answer with what is wrong, readable by React Router (`.data`: its turbo-stream, not text).
 */

const MB = 1024 * 1024;
const FILE_LIMIT = 10 * MB;
const PHOTO_LIMIT = 5 * MB;
let app: BuiltApp;
let doctor: Awaited<ReturnType<typeof signedIn>>;
let facilityAdmin: Awaited<ReturnType<typeof signedIn>>;
let facilityId: string;
let phonePhoto: Buffer;

/** A camera-sized JPEG (4000 x 3000, quality 92) of smooth noise with grain: 4 to 6 MB, like a phone's. */
async function cameraJpeg(): Promise<Buffer> {
  const [w, h] = [500, 375];
  const base = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(4000, 3000, { kernel: "cubic" })
    .raw()
    .toBuffer();
  const grain = randomBytes(base.length);
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, base[i]! + (grain[i]! % 21) - 10));
  return sharp(base, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A PDF of exactly `size` bytes. */
function pdf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n% phone upload test\n"));
  return bytes;
}

type Part = [string, string] | [string, Uint8Array, string, string];

/** A multipart post as a browser sends it: with its Content-Length, from the app's own page. */
async function post(path: string, cookie: string, parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.length === 2) form.append(part[0], part[1]);
    else form.append(part[0], new File([part[1] as Uint8Array<ArrayBuffer>], part[2], { type: part[3] }));
  }
  const encoded = new Request("http://x/", { method: "POST", body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const response = await app.request(path, {
    method: "POST",
    body,
    headers: {
      "Content-Type": encoded.headers.get("Content-Type") ?? "",
      "Content-Length": String(body.length),
      "Sec-Fetch-Site": "same-origin",
      Origin: app.origin,
      Cookie: cookie,
    },
  });
  return { status: response.status, type: response.headers.get("Content-Type") ?? "", text: await response.text() };
}

/** React Router's client can read it: the single-fetch encoding, not a bare text or HTML page. */
function expectReadable(answer: { type: string; text: string }, message: string) {
  expect(answer.type).toContain("text/x-script");
  expect(answer.text).toContain(message);
}

const createFields = (): Part[] => [
  ...[...referralForm(facilityId).entries()].map(([k, v]) => [k, v] as Part),
  ["idempotency_key", randomUUID()],
];
const referralCount = async () => (await app.db.select({ id: referrals.id }).from(referrals)).length;

beforeAll(async () => {
  app = await loadBuiltApp();
  const [facility] = await app.db
    .select({ id: facilities.id })
    .from(facilities)
    .where(eq(facilities.isActive, true))
    .limit(1);
  facilityId = facility!.id;
  doctor = await signedIn(app, "doctor");
  facilityAdmin = await signedIn(app, "facility_admin", facilityId);
  phonePhoto = await cameraJpeg();
});

afterAll(async () => {
  await app?.close();
});

describe("a phone photo on every upload path (issue 35, point 9)", () => {
  it("the photo is a phone's: 4000 x 3000, 4 to 6 MB", async () => {
    expect(await sharp(phonePhoto).metadata()).toMatchObject({ width: 4000, height: 3000, format: "jpeg" });
    expect(phonePhoto.length).toBeGreaterThan(4 * MB);
    expect(phonePhoto.length).toBeLessThan(6 * MB);
  });

  it("Create Referral: 'Take a photo' with a phone's photo creates the referral with it", async () => {
    const before = await referralCount();
    const answer = await post("/referrals/create.data", doctor.cookie, [
      ...createFields(),
      ["files", phonePhoto, "IMG_20261128_101500.jpg", "image/jpeg"],
    ]);
    expect(answer.status).toBeLessThan(400);
    expect(await referralCount()).toBe(before + 1);
    const stored = await app.db.select().from(referralAttachments);
    expect(stored.some((a) => a.sizeBytes === phonePhoto.length && a.contentType === "image/jpeg")).toBe(true);
  });

  it("Create Referral: a 10 MB PDF is taken; one byte more is refused as too large, in the form's answer", async () => {
    const before = await referralCount();
    const ok = await post("/referrals/create.data", doctor.cookie, [
      ...createFields(),
      ["files", pdf(FILE_LIMIT), "letter.pdf", "application/pdf"],
    ]);
    expect(ok.status).toBeLessThan(400);
    expect(await referralCount()).toBe(before + 1);
    const over = await post("/referrals/create.data", doctor.cookie, [
      ...createFields(),
      ["files", pdf(FILE_LIMIT + 1), "letter.pdf", "application/pdf"],
    ]);
    expect(over.status).toBe(413);
    expectReadable(over, "The file is larger than 10 MB");
    expect(await referralCount()).toBe(before + 1);
  });

  it("Create Referral: a post past the server's limit (11 files of 10 MB) is answered by the form, readable", async () => {
    const before = await referralCount();
    const parts: Part[] = createFields();
    for (let i = 0; i < 11; i++) parts.push(["files", pdf(FILE_LIMIT), `scan-${i}.pdf`, "application/pdf"]);
    const over = await post("/referrals/create.data", doctor.cookie, parts);
    expect(over.status).toBe(413);
    expect(over.type).toContain("text/x-script");
    expect(await referralCount()).toBe(before);
  });

  describe("Attach on the referral's page", () => {
    let number: string;
    beforeAll(async () => {
      number = (await createReferral(app.db, doctor.actor, Object.fromEntries(referralForm(facilityId))))
        .referralNumber;
    });
    const attach = (bytes: Uint8Array, name: string, type: string) =>
      post(`/referrals/${number}.data`, doctor.cookie, [
        ["intent", "attach"],
        ["file", bytes, name, type],
      ]);

    it("takes a phone's photo and a 10 MB PDF", async () => {
      const photo = await attach(phonePhoto, "IMG_20261128_101501.jpg", "image/jpeg");
      expect(photo.status).toBe(200);
      expectReadable(photo, "has been attached");
      const letter = await attach(pdf(FILE_LIMIT), "letter.pdf", "application/pdf");
      expect(letter.status).toBe(200);
    });

    it("refuses one byte over 10 MB, and a post past the server's limit, as too large and readable", async () => {
      const over = await attach(pdf(FILE_LIMIT + 1), "letter.pdf", "application/pdf");
      expect(over.status).toBe(413);
      expectReadable(over, "The file is larger than 10 MB");
      const pastServer = await attach(pdf(FILE_LIMIT + 100 * 1024), "letter.pdf", "application/pdf");
      expect(pastServer.status).toBe(413);
      expectReadable(pastServer, "The file is larger than 10 MB");
      // Without JavaScript (the page itself posted): the page again, with the same words.
      const page = await post(`/referrals/${number}`, doctor.cookie, [
        ["intent", "attach"],
        ["file", pdf(12 * MB), "letter.pdf", "application/pdf"],
      ]);
      expect(page.status).toBe(413);
      expect(page.type).toContain("text/html");
      expect(page.text).toContain("The file is larger than 10 MB.");
    });
  });

  describe("a facility's photo", () => {
    const upload = (bytes: Uint8Array) =>
      post(`/dashboard/facilities/${facilityId}.data`, facilityAdmin.cookie, [
        ["intent", "photo"],
        ["photo", bytes, "IMG_20261128_101502.jpg", "image/jpeg"],
      ]);

    it("takes a phone's photo", async () => {
      const answer = await upload(phonePhoto);
      expect(answer.status).toBeLessThan(400);
      const [row] = await app.db
        .select({ photoId: facilities.photoId })
        .from(facilities)
        .where(eq(facilities.id, facilityId));
      expect(row?.photoId).toBeTruthy();
    });

    it("refuses one byte over 5 MB, and a post past the server's limit, as too large and readable", async () => {
      const big = Buffer.concat([phonePhoto, Buffer.alloc(PHOTO_LIMIT + 1 - phonePhoto.length)]);
      const over = await upload(big);
      expect(over.status).toBe(413);
      expectReadable(over, "The photo must be 5 MB or smaller");
      const pastServer = await upload(Buffer.concat([big, Buffer.alloc(100 * 1024)]));
      expect(pastServer.status).toBe(413);
      expectReadable(pastServer, "The photo must be 5 MB or smaller");
    });
  });
});
