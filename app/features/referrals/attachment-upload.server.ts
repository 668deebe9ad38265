import { createHash } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { type MultipartPost, readMultipart } from "~/lib/multipart.server";
import { refusalError, refuse } from "~/lib/refusal";
import type { FileStore } from "~/storage/file-store.server";
import {
  ATTACHMENT_MESSAGES,
  type AttachmentType,
  MAX_ATTACHMENT_BYTES,
  sniffAttachmentType,
} from "./attachment-rules";

/*
 * An attached file on its way in (decision 023): streamed from the request to the file store, never
 * held whole in memory nor written to the database. On the way its size is counted (refused past
 * 10 MB), its SHA-256 computed and its type decided from its first bytes (refused at once when
 * they are not a PDF, JPEG, PNG or WebP). A refused file leaves nothing in the store.
 */

export const UPLOAD_UNREADABLE = "The upload could not be read. Please choose the file again.";

/** What the store holds after a file came in whole. */
export type StoredUpload = {
  /** The name the browser gave (cleaned later, for display: sanitiseFileName). */
  name: string;
  key: string;
  sizeBytes: number;
  sha256: string;
  contentType: AttachmentType;
};

/** The bytes a sniff needs (WebP's `RIFF....WEBP`). */
const HEAD_BYTES = 12;

/** Counts, hashes and sniffs the bytes passing through; fails the stream with the refusal. */
class Inspector extends Transform {
  size = 0;
  type: AttachmentType | null = null;
  private head = Buffer.alloc(0);
  private readonly hash = createHash("sha256");

  private readonly fileName: string;

  constructor(fileName: string) {
    super();
    this.fileName = fileName;
  }

  sha256(): string {
    return this.hash.digest("hex");
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    done(this.inspect(chunk), chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.finish());
  }

  /** The refusal this chunk brings (past 10 MB, or first bytes of no allowed type), or null: the stream's error. */
  private inspect(chunk: Buffer): Error | null {
    this.size += chunk.length;
    if (this.size > MAX_ATTACHMENT_BYTES) return refusalError(413, ATTACHMENT_MESSAGES.tooLarge);
    this.hash.update(chunk);
    if (!this.type && this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
      if (this.head.length >= HEAD_BYTES) {
        this.type = sniffAttachmentType(this.head);
        if (!this.type) return refusalError(415, ATTACHMENT_MESSAGES.wrongType);
      }
    }
    return null;
  }

  /** At the end: refused when empty (or no file at all) or of no allowed type. */
  private finish(): Error | null {
    // A form posted without a chosen file sends an empty part without a name.
    if (this.size === 0)
      return refusalError(400, this.fileName ? ATTACHMENT_MESSAGES.empty : ATTACHMENT_MESSAGES.missing);
    this.type ??= sniffAttachmentType(this.head);
    return this.type ? null : refusalError(415, ATTACHMENT_MESSAGES.wrongType);
  }
}

/**
 * Streams one file into the store under `key`, checking it on the way. Resolves with what was
 * stored; rejects with the refusal (400 empty or missing, 413 too large, 415 not an allowed type)
 * or the store's error, leaving nothing under `key`.
 */
export async function storeAttachment(
  store: FileStore,
  key: string,
  name: string,
  source: Readable,
  tooLarge?: (fail: (error: unknown) => void) => void,
): Promise<StoredUpload> {
  const inspector = new Inspector(name);
  // Its refusal reaches the caller as the store's rejection (pipeline); nothing else listens.
  inspector.on("error", () => {});
  source.once("error", (error) => inspector.destroy(error));
  tooLarge?.((error) => inspector.destroy(error as Error));
  source.pipe(inspector);
  try {
    await store.put(key, inspector, "application/octet-stream");
  } catch (error) {
    source.unpipe(inspector);
    throw error;
  }
  if (!inspector.type) refuse(415, ATTACHMENT_MESSAGES.wrongType);
  return { name, key, sizeBytes: inspector.size, sha256: inspector.sha256(), contentType: inspector.type };
}

/** The same, from bytes in memory (scripts and tests). */
export function storeAttachmentBytes(store: FileStore, key: string, name: string, bytes: Uint8Array) {
  return storeAttachment(
    store,
    key,
    name,
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
  );
}

export type AttachmentPost = MultipartPost<StoredUpload>;

/**
 * Reads the referral page's multipart post as it arrives (the one multipart reader,
 * lib/multipart.server.ts). When the part named `file` begins, `keyFor(fields so far)` decides: a
 * key to store it under (after whatever checks it makes, which may throw a refusal), or null to
 * read past it. At most one file part, 8 parts, 64 KB a text field: anything else is unreadable
 * (400). On any refusal the stored file is removed and the refusal thrown.
 */
export async function readAttachmentPost(
  request: Request,
  store: FileStore,
  keyFor: (fields: [string, string][]) => Promise<string | null>,
): Promise<AttachmentPost> {
  return readMultipart<StoredUpload>(request, {
    limits: { files: 1, parts: 8, fields: 7, fieldSize: 64 * 1024, fileSize: MAX_ATTACHMENT_BYTES },
    fileField: "file",
    unreadable: UPLOAD_UNREADABLE,
    tooLarge: ATTACHMENT_MESSAGES.tooLarge,
    discard: (file) => store.delete(file.key),
    async onFile(part) {
      const key = await keyFor(part.fieldsBefore);
      if (!key) return null;
      const stored = await storeAttachment(store, key, part.fileName, part.stream, (failWith) =>
        part.onTooLarge(() => failWith(refusalError(413, ATTACHMENT_MESSAGES.tooLarge))),
      );
      if (part.tooLarge() || part.stream.truncated) {
        await store.delete(stored.key);
        refuse(413, ATTACHMENT_MESSAGES.tooLarge);
      }
      return stored;
    },
  });
}
