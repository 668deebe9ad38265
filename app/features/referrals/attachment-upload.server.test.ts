import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { refusalOf } from "~/lib/refusal";
import { LocalFileStore } from "~/storage/file-store.server";
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES } from "./attachment-rules";
import { readAttachmentPost, UPLOAD_UNREADABLE } from "./attachment-upload.server";

/*
 * The referral page's multipart post read as it arrives (decision 023): the file streamed into the
 * store with its size, SHA-256 and type worked out on the way, refused files leaving nothing.
 */

const PDF = Buffer.from("%PDF-1.7\n% a referral letter\n%%EOF\n");

function newStore() {
  const root = mkdtempSync(path.join(tmpdir(), "upload-"));
  const store = new LocalFileStore(root);
  const files = () =>
    existsSync(root)
      ? (readdirSync(root, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      : [];
  return { root, store, files };
}

/** A multipart request as a browser sends the page's form: its fields, then the file parts. */
async function post(
  fields: [string, string][],
  files: { field?: string; name: string; bytes: Buffer }[] = [],
  chunk = 64 * 1024,
): Promise<{ request: Request; size: number; pulled: () => number }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const f of files) form.append(f.field ?? "file", new File([new Uint8Array(f.bytes)], f.name));
  const encoded = new Request("http://x/", { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  // Handed over in 64 KB chunks (or `chunk`), counting what the reader has pulled.
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(body.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
  const request = new Request("http://x/", {
    method: "POST",
    body: stream,
    headers: { "Content-Type": encoded.headers.get("Content-Type") ?? "" },
    duplex: "half",
  } as RequestInit);
  return { request, size: body.length, pulled: () => Math.min(offset, body.length) };
}

async function refusalOfCall(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    return refusalOf(error);
  }
  return null;
}

const ATTACH: [string, string][] = [
  ["intent", "attach"],
  ["referralId", "r1"],
];

describe("reading the page's multipart post", () => {
  it("streams the file into the store, with its size, SHA-256 and type, and reads the fields", async () => {
    const { store, root, files } = newStore();
    const bytes = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const { request, size, pulled } = await post(ATTACH, [{ name: "letter.html", bytes }]);
    let pulledWhenAsked = -1;
    const result = await readAttachmentPost(request, store, async (fields) => {
      pulledWhenAsked = pulled();
      expect(fields).toEqual(ATTACH);
      return "referral-attachments/ab/one";
    });
    expect(result.fields).toEqual(ATTACH);
    expect(result.file).toEqual({
      name: "letter.html",
      key: "referral-attachments/ab/one",
      sizeBytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      contentType: "application/pdf",
    });
    expect(readFileSync(path.join(root, "referral-attachments", "ab", "one")).equals(bytes)).toBe(true);
    // Asked when the file part began, long before the body was read: it is not buffered first.
    expect(pulledWhenAsked).toBeGreaterThan(0);
    expect(pulledWhenAsked).toBeLessThan(size / 2);
    expect(files()).toEqual(["referral-attachments/ab/one"]);
  });

  it("reads past a file it is not asked to keep (another intent, or no key)", async () => {
    const { store, files } = newStore();
    const message = await post(
      [
        ["intent", "message"],
        ["body", "Hello"],
      ],
      [{ name: "a.pdf", bytes: PDF }],
    );
    let asked = 0;
    const result = await readAttachmentPost(message.request, store, async () => {
      asked += 1;
      return null;
    });
    expect(asked).toBe(1);
    expect(result.file).toBeNull();
    expect(result.fields).toEqual([
      ["intent", "message"],
      ["body", "Hello"],
    ]);
    expect(files()).toEqual([]);
  });

  it("refuses past 10 MB with the spec's message and keeps nothing", async () => {
    const { store, files } = newStore();
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_ATTACHMENT_BYTES + 1 - PDF.length)]);
    const { request } = await post(ATTACH, [{ name: "big.pdf", bytes: big }]);
    const refused = await refusalOfCall(readAttachmentPost(request, store, async () => "k/big"));
    expect(refused).toEqual({ status: 413, message: ATTACHMENT_MESSAGES.tooLarge });
    expect(files()).toEqual([]);
    // The same when the whole body comes at once: the parser reaches the limit before the file is read on.
    const slow = await post(ATTACH, [{ name: "big.pdf", bytes: big }], 32 * 1024 * 1024);
    const refusedSlowly = await refusalOfCall(
      readAttachmentPost(slow.request, store, async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return "k/slow";
      }),
    );
    expect(refusedSlowly).toEqual({ status: 413, message: ATTACHMENT_MESSAGES.tooLarge });
    expect(files()).toEqual([]);
    // Exactly 10 MB is fine.
    const exact = await post(ATTACH, [{ name: "exact.pdf", bytes: big.subarray(0, MAX_ATTACHMENT_BYTES) }]);
    const kept = await readAttachmentPost(exact.request, store, async () => "k/exact");
    expect(kept.file?.sizeBytes).toBe(MAX_ATTACHMENT_BYTES);
  });

  it("refuses bytes of another type (whatever the name) and an empty or missing file", async () => {
    const { store, files } = newStore();
    const html = await post(ATTACH, [{ name: "letter.pdf", bytes: Buffer.from("<!doctype html><script>1</script>") }]);
    expect(await refusalOfCall(readAttachmentPost(html.request, store, async () => "k/html"))).toEqual({
      status: 415,
      message: ATTACHMENT_MESSAGES.wrongType,
    });
    const empty = await post(ATTACH, [{ name: "e.pdf", bytes: Buffer.alloc(0) }]);
    expect(await refusalOfCall(readAttachmentPost(empty.request, store, async () => "k/empty"))).toEqual({
      status: 400,
      message: ATTACHMENT_MESSAGES.empty,
    });
    const none = await post(ATTACH, [{ name: "", bytes: Buffer.alloc(0) }]);
    expect(await refusalOfCall(readAttachmentPost(none.request, store, async () => "k/none"))).toEqual({
      status: 400,
      message: ATTACHMENT_MESSAGES.missing,
    });
    expect(files()).toEqual([]);
  });

  it("answers the checks' refusal (asked before the file's bytes) and keeps nothing", async () => {
    const { store, files } = newStore();
    const { request } = await post(ATTACH, [{ name: "a.pdf", bytes: PDF }]);
    const { data } = await import("react-router");
    const refused = await refusalOfCall(
      readAttachmentPost(request, store, async () => {
        throw data("This referral already has 10 files, the most it can have.", { status: 409 });
      }),
    );
    expect(refused).toEqual({ status: 409, message: "This referral already has 10 files, the most it can have." });
    expect(files()).toEqual([]);
  });

  it("finds two files, too many parts or a broken body unreadable, and removes a file already stored", async () => {
    const { store, files } = newStore();
    const two = await post(ATTACH, [
      { name: "a.pdf", bytes: PDF },
      { name: "b.pdf", bytes: PDF },
    ]);
    expect(await refusalOfCall(readAttachmentPost(two.request, store, async () => "k/two"))).toEqual({
      status: 400,
      message: UPLOAD_UNREADABLE,
    });
    const parts = await post(
      Array.from({ length: 9 }, (_, i) => [`f${i}`, "x"] as [string, string]),
      [],
    );
    expect((await refusalOfCall(readAttachmentPost(parts.request, store, async () => "k/parts")))?.status).toBe(400);
    const noBoundary = new Request("http://x/", {
      method: "POST",
      body: "junk",
      headers: { "Content-Type": "multipart/form-data" },
    });
    expect((await refusalOfCall(readAttachmentPost(noBoundary, store, async () => "k/x")))?.status).toBe(400);
    const truncated = new Request("http://x/", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 and then nothing',
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
    });
    expect((await refusalOfCall(readAttachmentPost(truncated, store, async () => "k/cut")))?.status).toBe(400);
    expect(files()).toEqual([]);
  });
});
