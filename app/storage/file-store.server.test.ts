import { createHash, createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { type FileStore, fileStoreFor, LocalFileStore, S3FileStore } from "./file-store.server";

/*
 * The two file stores (decision 023): a directory, and an S3-compatible bucket tested against a fake
 * S3 written here (path-style addresses, Signature V4 checked, PutObject, the multipart upload
 * API, GetObject, DeleteObject): no network.
 */

const MB = 1024 * 1024;
const bytesOf = async (body: ReadableStream<Uint8Array> | null) =>
  body ? Buffer.from(await new Response(body).arrayBuffer()) : null;

/** `size` bytes in chunks of 64 KB, the same bytes for the same seed. */
function pattern(size: number, seed = 7): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + seed) & 255;
  return out;
}
const chunked = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
    })(),
  );
/** A stream that gives `before` bytes and then fails, as a refused or broken upload does. */
function failingAfter(before: number, error = new Error("upload refused")): Readable {
  return Readable.from(
    (async function* () {
      yield pattern(before);
      throw error;
    })(),
  );
}

/* ------------------------------------------------------------------------------------------------
 * A fake S3
 * ---------------------------------------------------------------------------------------------- */

const ACCESS_KEY = "AKIAFAKEEXAMPLE";
const SECRET = "fake-secret-access-key-for-tests";
const REGION = "eu-west-1";
const BUCKET = "qurhealth-files";

type Fake = {
  url: string;
  objects: Map<string, Buffer>;
  uploads: Map<string, Map<number, Buffer>>;
  log: string[];
  refusedSignatures: number;
  close(): Promise<void>;
};

const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (text: Buffer | string) => createHash("sha256").update(text).digest("hex");
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Checks an AWS Signature Version 4 `Authorization` header the way S3 does. */
function signatureValid(request: IncomingMessage, url: URL): boolean {
  const auth = request.headers.authorization ?? "";
  const m = auth.match(
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/,
  );
  if (!m) return false;
  const [, key, day, region, signedHeaders, signature] = m;
  if (key !== ACCESS_KEY || region !== REGION) return false;
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const headers = signedHeaders
    .split(";")
    .map(
      (h) =>
        `${h}:${String(request.headers[h] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [
    request.method,
    url.pathname,
    query,
    headers,
    signedHeaders,
    String(request.headers["x-amz-content-sha256"] ?? ""),
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, day), region), "s3"), "aws4_request");
  return hmac(signingKey, toSign).toString("hex") === signature;
}

async function startFakeS3(): Promise<Fake> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const log: string[] = [];
  let counter = 0;
  const fake = { objects, uploads, log, refusedSignatures: 0 } as Fake;
  const xml = (status: number, body: string) => ({ status, body, type: "application/xml" });
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", "http://fake");
    const answer = (status: number, text = "", headers: Record<string, string> = {}) => {
      response.writeHead(status, { "Content-Length": String(Buffer.byteLength(text)), ...headers });
      response.end(text);
    };
    if (!signatureValid(request, url)) {
      fake.refusedSignatures += 1;
      const e = xml(403, "<Error><Code>SignatureDoesNotMatch</Code><Message>bad signature</Message></Error>");
      return answer(e.status, e.body, { "Content-Type": e.type });
    }
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucket !== BUCKET) {
      return answer(404, "<Error><Code>NoSuchBucket</Code><Message>no bucket</Message></Error>", {
        "Content-Type": "application/xml",
      });
    }
    const op = `${request.method} ${[...url.searchParams.keys()].join(",") || "-"}`;
    log.push(op);
    const uploadId = url.searchParams.get("uploadId");
    if (request.method === "POST" && url.searchParams.has("uploads")) {
      const id = `upload-${++counter}`;
      uploads.set(id, new Map());
      return answer(
        200,
        `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        { "Content-Type": "application/xml" },
      );
    }
    if (request.method === "PUT" && uploadId) {
      const parts = uploads.get(uploadId);
      if (!parts) return answer(404, "<Error><Code>NoSuchUpload</Code><Message>-</Message></Error>");
      parts.set(Number(url.searchParams.get("partNumber")), body);
      return answer(200, "", { ETag: `"${sha256(body).slice(0, 32)}"` });
    }
    if (request.method === "POST" && uploadId) {
      const parts = uploads.get(uploadId);
      if (!parts) return answer(404, "<Error><Code>NoSuchUpload</Code><Message>-</Message></Error>");
      const numbers = [...body.toString("utf8").matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((p) => Number(p[1]));
      objects.set(key, Buffer.concat(numbers.map((n) => parts.get(n) ?? Buffer.alloc(0))));
      uploads.delete(uploadId);
      return answer(
        200,
        `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Location>${fake.url}/${BUCKET}/${key}</Location><Bucket>${BUCKET}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`,
        { "Content-Type": "application/xml" },
      );
    }
    if (request.method === "DELETE" && uploadId) {
      uploads.delete(uploadId);
      return answer(204);
    }
    if (request.method === "PUT") {
      objects.set(key, body);
      return answer(200, "", { ETag: `"${sha256(body).slice(0, 32)}"` });
    }
    if (request.method === "GET") {
      const object = objects.get(key);
      if (!object) {
        return answer(
          404,
          "<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>",
          {
            "Content-Type": "application/xml",
          },
        );
      }
      response.writeHead(200, { "Content-Length": String(object.length), "Content-Type": "application/octet-stream" });
      return response.end(object);
    }
    if (request.method === "DELETE") {
      objects.delete(key);
      return answer(204);
    }
    return answer(405);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/* ------------------------------------------------------------------------------------------------
 * The same contract for both stores
 * ---------------------------------------------------------------------------------------------- */

let fake: Fake;
let s3: S3FileStore;
let local: LocalFileStore;
const root = mkdtempSync(path.join(tmpdir(), "file-store-"));

beforeAll(async () => {
  fake = await startFakeS3();
  s3 = new S3FileStore({
    bucket: BUCKET,
    region: REGION,
    endpoint: fake.url,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
  });
  local = new LocalFileStore(root);
});

afterAll(async () => {
  s3?.client.destroy();
  await fake?.close();
});

const stores = (): [string, FileStore][] => [
  ["a directory", local],
  ["an S3 bucket", s3],
];

describe.each([["a directory"], ["an S3 bucket"]])("%s", (name) => {
  const store = () => stores().find(([n]) => n === name)![1];

  it("keeps a small file and gives it back", async () => {
    const bytes = pattern(1000);
    await store().put("t/small", chunked(bytes), "application/pdf");
    expect((await bytesOf(await store().get("t/small")))?.equals(bytes)).toBe(true);
  });

  it("keeps a 12 MB file streamed in (S3: as a multipart upload) and streams it back", async () => {
    const bytes = pattern(12 * MB, 3);
    await store().put("t/large", chunked(bytes), "image/png");
    const back = await bytesOf(await store().get("t/large"));
    expect(back?.length).toBe(bytes.length);
    expect(back?.equals(bytes)).toBe(true);
  });

  it("answers null for a key it does not hold, and forgets a deleted one", async () => {
    expect(await store().get("t/never")).toBeNull();
    await store().put("t/gone", chunked(pattern(10)), "application/pdf");
    await store().delete("t/gone");
    expect(await store().get("t/gone")).toBeNull();
    await store().delete("t/gone");
  });

  it("leaves nothing when the stream fails halfway, and rejects with the stream's error", async () => {
    const error = new Error("refused on the way");
    await expect(store().put("t/broken", failingAfter(7 * MB, error), "application/pdf")).rejects.toBe(error);
    expect(await store().get("t/broken")).toBeNull();
  });

  it("takes only the app's own keys", async () => {
    for (const key of ["../escape", "a//b", "/abs", "A/Upper", "a/../b", ""]) {
      await expect(store().put(key, chunked(pattern(1)), "application/pdf")).rejects.toThrow(/Invalid file store key/);
    }
  });
});

describe("the directory", () => {
  it("publishes a file whole (written aside, then renamed) and leaves no temporary file", async () => {
    await local.put("d/one", chunked(pattern(3 * MB)), "application/pdf");
    expect(readFileSync(path.join(root, "d", "one")).length).toBe(3 * MB);
    expect(readdirSync(path.join(root, ".tmp"))).toEqual([]);
    await expect(local.put("d/two", failingAfter(MB), "application/pdf")).rejects.toThrow();
    expect(existsSync(path.join(root, "d", "two"))).toBe(false);
    expect(readdirSync(path.join(root, ".tmp"))).toEqual([]);
  });

  it("sweeps temporary files a crash left behind (older than an hour)", async () => {
    const old = path.join(root, ".tmp", "crashed.part");
    const fresh = path.join(root, ".tmp", "writing.part");
    writeFileSync(old, "x");
    writeFileSync(fresh, "y");
    const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await local.sweep()).toBe(1);
    expect(readdirSync(path.join(root, ".tmp"))).toEqual(["writing.part"]);
  });
});

describe("the bucket", () => {
  it("signs every request (Signature V4) and aborts a failed multipart upload", async () => {
    expect(fake.refusedSignatures).toBe(0);
    const has = (method: string, ...params: string[]) =>
      fake.log.some(
        (op) => op.startsWith(`${method} `) && params.every((p) => op.split(" ")[1].split(",").includes(p)),
      );
    expect(has("POST", "uploads")).toBe(true);
    expect(has("PUT", "partNumber", "uploadId")).toBe(true);
    expect(has("POST", "uploadId")).toBe(true);
    // The broken 7 MB upload started a multipart upload; it was aborted, not left behind.
    expect(has("DELETE", "uploadId")).toBe(true);
    expect(fake.uploads.size).toBe(0);
  });

  it("with wrong credentials, a put is refused and says so", async () => {
    const wrong = new S3FileStore({
      bucket: BUCKET,
      region: REGION,
      endpoint: fake.url,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: "not-the-secret" },
    });
    await expect(wrong.put("t/wrong", chunked(pattern(10)), "application/pdf")).rejects.toThrow(/bad signature/);
    wrong.client.destroy();
  });
});

describe("the configuration's store", () => {
  it("is DATA_DIR/files by default and the bucket with FILE_STORAGE=s3", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "file-store-env-"));
    const localStore = fileStoreFor(parseEnv({ DATA_DIR: dataDir }));
    expect(localStore).toBeInstanceOf(LocalFileStore);
    expect((localStore as LocalFileStore).root).toBe(path.join(dataDir, "files"));
    const bucket = fileStoreFor(
      parseEnv({
        DATA_DIR: dataDir,
        FILE_STORAGE: "s3",
        S3_BUCKET: BUCKET,
        S3_REGION: REGION,
        S3_ENDPOINT: fake.url,
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SECRET,
      }),
    ) as S3FileStore;
    expect(bucket).toBeInstanceOf(S3FileStore);
    await bucket.put("c/configured", chunked(pattern(100)), "application/pdf");
    expect(fake.objects.get("c/configured")?.equals(pattern(100))).toBe(true);
    bucket.client.destroy();
  });
});
