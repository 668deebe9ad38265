import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { type Env, env } from "../env.server.ts";

/*
 * Where uploaded files live (docs/decisions/023): off the database and off the request
 * path that every visitor shares. Two stores behind one small interface: a directory under
 * DATA_DIR (one server, or several sharing a file system) and an S3-compatible bucket (several
 * servers). Bytes go in and come out as streams: a file is never held whole in memory.
 */

export interface FileStore {
  readonly kind: "local" | "s3";
  /**
   * Writes `body` under `key` and resolves once it is durable (local: flushed and renamed into
   * place; S3: the upload completed). If `body` fails (too large, wrong type, the client went away)
   * nothing is left under `key` and the promise rejects with the stream's error.
   */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes under `key` as a stream, or null when there is nothing there. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes `key` (nothing happens when it is absent). */
  delete(key: string): Promise<void>;
}

/** Keys are made by the app: lowercase segments of letters, digits and dashes, joined by slashes. */
const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;
function checkedKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Invalid file store key: ${JSON.stringify(key)}`);
  return key;
}

/* ------------------------------------------------------------------------------------------------
 * A directory
 * ---------------------------------------------------------------------------------------------- */

/** Temporary files of writes in progress; left-overs of a crash are removed by sweep(). */
const TMP = ".tmp";

async function fsyncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class LocalFileStore implements FileStore {
  readonly kind = "local";
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkedKey(key).split("/"));
  }

  async put(key: string, body: Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, TMP);
    await mkdir(tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    try {
      // `flush`: the file's data reach the disk before it is closed; then the rename publishes it
      // whole (a reader never sees half a file) and the directory is flushed so the name survives.
      await pipeline(body, createWriteStream(tmp, { flags: "wx", mode: 0o600, flush: true }));
      await rename(tmp, target);
      await fsyncDirectory(path.dirname(target));
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<ReadableStream<Uint8Array> | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    // 256 KB reads: a 10 MB download is 40 turns of the event loop, each short (a copy to the socket).
    return Readable.toWeb(handle.createReadStream({ highWaterMark: 256 * 1024 })) as ReadableStream<Uint8Array>;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Removes temporary files older than `olderThanMs` (writes a crashed process left halfway). */
  async sweep(olderThanMs = 60 * 60 * 1000, now = Date.now()): Promise<number> {
    const tmpDir = path.join(this.root, TMP);
    let names: string[];
    try {
      names = await readdir(tmpDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(tmpDir, name);
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

/* ------------------------------------------------------------------------------------------------
 * An S3-compatible bucket
 * ---------------------------------------------------------------------------------------------- */

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** The 5 MB parts of a multipart upload (S3's minimum), two in flight: at most ~10 MB buffered per upload. */
const PART_BYTES = 5 * 1024 * 1024;

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && (error.name === "NotFound" || error.$metadata.httpStatusCode === 404));

export class S3FileStore implements FileStore {
  readonly kind = "s3";
  readonly client: S3Client;
  readonly bucket: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    const config: S3ClientConfig = {
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: options.credentials,
      // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's default
      // aws-chunked trailing checksums. The upload's integrity is the SHA-256 the app keeps.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    };
    this.client = new S3Client(config);
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkedKey(key), Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    // A failing body: the SDK aborts the multipart upload; the stream's own error is what we report.
    let bodyError: unknown = null;
    body.once("error", (error) => {
      bodyError = error;
    });
    try {
      await upload.done();
    } catch (error) {
      throw bodyError ?? error;
    }
    if (bodyError) {
      await this.delete(key);
      throw bodyError;
    }
  }

  async get(key: string): Promise<ReadableStream<Uint8Array> | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return answer.Body ? answer.Body.transformToWebStream() : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }
}

/* ------------------------------------------------------------------------------------------------
 * The process's store
 * ---------------------------------------------------------------------------------------------- */

/** The store the configuration names: DATA_DIR/files, or the S3 bucket of FILE_STORAGE=s3. */
export function fileStoreFor(config: Env): FileStore {
  if (config.FILE_STORAGE === "s3") {
    return new S3FileStore({
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return new LocalFileStore(path.resolve(config.DATA_DIR, "files"));
}

/** Kept on globalThis: the server entry and the bundled app share one store (like the database). */
const STORE = Symbol.for("qurhealth.fileStore");
type Holder = { [STORE]?: { config: Env; store: FileStore } };
const holder = globalThis as Holder;

/** The process's file store, made from the configuration on first use. */
export function fileStore(): FileStore {
  const config = env();
  if (holder[STORE]?.config !== config) holder[STORE] = { config, store: fileStoreFor(config) };
  return holder[STORE].store;
}
