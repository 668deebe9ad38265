import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { type FilePart, isMultipart, readMultipart } from "./multipart.server";
import { refusalOf } from "./refusal";

/*
 * The one multipart reader: the referral page's attachments and the facility editor's
 * photo both read their posts with it (attachment-upload.server.test.ts tests the attachments'
 * use of it: streaming to the store, its refusals).
 */

const UNREADABLE = "The upload could not be read.";
const LIMITS = { files: 1, parts: 4, fields: 3, fieldSize: 1024, fileSize: 1000 };

function post(fields: [string, string][], files: { field: string; name: string; bytes: Uint8Array }[] = []) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const f of files) form.append(f.field, new File([new Uint8Array(f.bytes)], f.name));
  return new Request("http://x/", { method: "POST", body: form });
}

/** Reads `request`, keeping the `photo` part's bytes in memory; `discarded` lists what was given back. */
async function read(request: Request, onFile?: (part: FilePart) => Promise<string | null>) {
  const discarded: string[] = [];
  const seen: { fieldsBefore?: [string, string][] } = {};
  const call = readMultipart<string>(request, {
    limits: LIMITS,
    fileField: "photo",
    unreadable: UNREADABLE,
    tooLarge: "Too large",
    onFile:
      onFile ??
      (async (part) => {
        seen.fieldsBefore = part.fieldsBefore;
        const chunks: Buffer[] = [];
        for await (const chunk of part.stream) chunks.push(chunk);
        if (part.tooLarge()) throw refusal(413, "Too large");
        return `${part.fileName}:${Buffer.concat(chunks).length}`;
      }),
    discard: async (file) => {
      discarded.push(file);
    },
  });
  try {
    return { post: await call, refusal: null, discarded, seen };
  } catch (error) {
    const refused = refusalOf(error);
    if (!refused) throw error;
    return { post: null, refusal: refused, discarded, seen };
  }
}

/** A refusal as domain code throws it. */
const refusal = (status: number, message: string) => data(message, { status }) as unknown as Error;

describe("isMultipart", () => {
  it("tells a multipart post (any case) from a url-encoded one or none", () => {
    expect(isMultipart(post([["a", "1"]]))).toBe(true);
    const upper = new Request("http://x/", {
      method: "POST",
      headers: { "Content-Type": "Multipart/Form-Data; boundary=x" },
    });
    expect(isMultipart(upper)).toBe(true);
    expect(isMultipart(new Request("http://x/", { method: "POST", body: new URLSearchParams({ a: "1" }) }))).toBe(
      false,
    );
    expect(isMultipart(new Request("http://x/"))).toBe(false);
  });
});

describe("readMultipart", () => {
  it("reads the text fields in order and hands the named file part over with the fields before it", async () => {
    const result = await read(
      post(
        [
          ["intent", "photo"],
          ["note", "é ✓"],
        ],
        [{ field: "photo", name: "front.png", bytes: new Uint8Array(600) }],
      ),
    );
    expect(result.refusal).toBeNull();
    expect(result.post).toEqual({
      fields: [
        ["intent", "photo"],
        ["note", "é ✓"],
      ],
      file: "front.png:600",
      files: ["front.png:600"],
    });
    expect(result.seen.fieldsBefore).toEqual([
      ["intent", "photo"],
      ["note", "é ✓"],
    ]);
  });

  it("reads past a file part of another name, or one the taker does not want", async () => {
    const other = await read(
      post([["intent", "photo"]], [{ field: "other", name: "x.png", bytes: new Uint8Array(10) }]),
    );
    expect(other.post).toEqual({ fields: [["intent", "photo"]], file: null, files: [] });
    const unwanted = await read(
      post([["intent", "save"]], [{ field: "photo", name: "x.png", bytes: new Uint8Array(10) }]),
      async () => null,
    );
    expect(unwanted.post).toEqual({ fields: [["intent", "save"]], file: null, files: [] });
  });

  it("tells the taker a file went past the size limit (its refusal is the answer)", async () => {
    const result = await read(post([], [{ field: "photo", name: "big.png", bytes: new Uint8Array(1001) }]));
    expect(result.refusal).toEqual({ status: 413, message: "Too large" });
    const exact = await read(post([], [{ field: "photo", name: "ok.png", bytes: new Uint8Array(1000) }]));
    expect(exact.post?.file).toBe("ok.png:1000");
  });

  it("finds too many files, parts or fields, a long field or a broken body unreadable (400), and discards a taken file", async () => {
    const twoFiles = await read(
      post(
        [],
        [
          { field: "photo", name: "a.png", bytes: new Uint8Array(5) },
          { field: "photo", name: "b.png", bytes: new Uint8Array(5) },
        ],
      ),
    );
    expect(twoFiles.refusal).toEqual({ status: 400, message: UNREADABLE });
    expect(twoFiles.discarded).toEqual(["a.png:5"]);
    const tooManyFields = await read(
      post([
        ["a", "1"],
        ["b", "2"],
        ["c", "3"],
        ["d", "4"],
      ]),
    );
    expect(tooManyFields.refusal).toEqual({ status: 400, message: UNREADABLE });
    expect((await read(post([["a", "x".repeat(1025)]]))).refusal).toEqual({ status: 400, message: UNREADABLE });
    const broken = new Request("http://x/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished',
    });
    expect((await read(broken)).refusal).toEqual({ status: 400, message: UNREADABLE });
    const noBoundary = new Request("http://x/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: "x",
    });
    expect((await read(noBoundary)).refusal).toEqual({ status: 400, message: UNREADABLE });
  });

  it("refuses a post naming its intent twice (400), discarding the file it took, and reads one intent", async () => {
    const photo = { field: "photo", name: "a.png", bytes: new Uint8Array(5) };
    const twice = await read(
      post(
        [
          ["intent", "attach"],
          ["intent", "message"],
        ],
        [photo],
      ),
    );
    expect(twice.refusal).toEqual({ status: 400, message: "Unknown action" });
    expect(twice.discarded).toEqual(["a.png:5"]);
    const once = await read(post([["intent", "attach"]], [photo]));
    expect(once.post?.fields).toEqual([["intent", "attach"]]);
  });

  it("passes the taker's own refusal on, and the rest of the body is still read", async () => {
    const result = await read(
      post([["intent", "photo"]], [{ field: "photo", name: "a.png", bytes: new Uint8Array(500) }]),
      async () => {
        throw refusal(409, "Not now");
      },
    );
    expect(result.refusal).toEqual({ status: 409, message: "Not now" });
  });
});
