import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facilities, referralAttachments } from "~/db/schema";
import { createReferral } from "~/features/referrals/referral-create.server";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { referralForm, signedIn } from "./referral-fixtures";

/*
 * Attachments at the HTTP level, on the production build (decision 023): the referral page's
 * multipart post is answered 401 or 404 before its body is read (an anonymous visitor or someone
 * who may not see the referral cannot make the server read 10 MB); an upload lands in the file
 * store, not the database; the download is named with its type's extension.
 */

const MB = 1024 * 1024;
let app: BuiltApp;
let doctor: Awaited<ReturnType<typeof signedIn>>;
let otherDoctor: Awaited<ReturnType<typeof signedIn>>;
let facilityAdmin: Awaited<ReturnType<typeof signedIn>>;
let number: string;

/**
 * A multipart post of the page's upload form with a `size`-byte PDF, its body handed over in
 * 64 KB chunks as the server asks for them; `pulled()` is how much it asked for.
 */
async function upload(cookie: string | null, fileName: string, size: number, to = number) {
  const form = new FormData();
  form.append("intent", "attach");
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n% upload test\n"));
  form.append("file", new File([bytes], fileName, { type: "application/pdf" }));
  const encoded = new Request("http://x/", { method: "POST", body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(body.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
  const headers: Record<string, string> = {
    "Content-Type": encoded.headers.get("Content-Type") ?? "",
    "Sec-Fetch-Site": "same-origin",
    Origin: app.origin,
  };
  if (cookie) headers.Cookie = cookie;
  const response = await app.request(`/referrals/${to}.data`, {
    method: "POST",
    headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, text, pulled: Math.min(offset, body.length), size: body.length };
}

function storedFiles(): string[] {
  const root = path.join(process.env.DATA_DIR ?? "", "files");
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

beforeAll(async () => {
  app = await loadBuiltApp();
  const [facility] = await app.db
    .select({ id: facilities.id })
    .from(facilities)
    .where(eq(facilities.isActive, true))
    .limit(1);
  doctor = await signedIn(app, "doctor");
  otherDoctor = await signedIn(app, "doctor");
  facilityAdmin = await signedIn(app, "facility_admin", facility.id);
  const made = await createReferral(app.db, doctor.actor, Object.fromEntries(referralForm(facility.id)));
  number = made.referralNumber;
});

afterAll(async () => {
  await app?.close();
});

describe("who may post is checked before the body is read", () => {
  it("an anonymous 10 MB upload is answered 401 having read almost none of it", async () => {
    const answer = await upload(null, "letter.pdf", 10 * MB);
    expect(answer.status).toBe(401);
    expect(answer.pulled).toBeLessThan(MB);
    expect(storedFiles()).toEqual([]);
  });

  it("someone who may not see the referral gets the 404 a missing one gets, having read almost none of it", async () => {
    const foreign = await upload(otherDoctor.cookie, "letter.pdf", 10 * MB);
    const missing = await upload(otherDoctor.cookie, "letter.pdf", 10 * MB, "REF-2099-999999");
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.text.replaceAll(number, "REF")).toBe(missing.text.replaceAll("REF-2099-999999", "REF"));
    expect(foreign.pulled).toBeLessThan(MB);
    expect(storedFiles()).toEqual([]);
  });

  it("a facility that has not accepted gets its 409 before the file's bytes are kept", async () => {
    const answer = await upload(facilityAdmin.cookie, "scan.pdf", MB);
    expect(answer.status).toBe(409);
    expect(answer.text).toContain("Your facility can attach files once it has accepted the referral.");
    expect(storedFiles()).toEqual([]);
  });
});

describe("an upload and its download", () => {
  it("stores the bytes in DATA_DIR/files, and downloads them under the name of their type", async () => {
    const answer = await upload(doctor.cookie, "poly.html", 3 * MB);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain("poly.pdf has been attached.");
    const [row] = await app.db.select().from(referralAttachments);
    expect(row).toMatchObject({ fileName: "poly.pdf", contentType: "application/pdf", content: null });
    expect(storedFiles()).toEqual([row.storageKey]);
    const onDisk = readFileSync(path.join(process.env.DATA_DIR ?? "", "files", ...(row.storageKey ?? "").split("/")));
    expect(onDisk.length).toBe(3 * MB);

    const response = await app.request(`/referrals/${number}/files/${row.id}`, { headers: { Cookie: doctor.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Length")).toBe(String(3 * MB));
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="poly.pdf"; filename*=UTF-8''poly.pdf`,
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const downloaded = Buffer.from(await response.arrayBuffer());
    expect(downloaded.equals(onDisk)).toBe(true);
  });

  it("a name with a bidi override and a foreign extension is shown and downloaded cleaned, ending in .pdf", async () => {
    const answer = await upload(doctor.cookie, "report\u202Efdp.exe", 1000);
    expect(answer.status).toBe(200);
    const rows = await app.db.select().from(referralAttachments);
    const row = rows.find((r) => r.fileName === "reportfdp.pdf");
    expect(row).toBeDefined();
    const page = await (await app.request(`/referrals/${number}`, { headers: { Cookie: doctor.cookie } })).text();
    expect(page).toContain("reportfdp.pdf");
    expect(page).not.toContain("\u202E");
  });
});
