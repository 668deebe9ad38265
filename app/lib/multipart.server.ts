import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "@fastify/busboy";
import { intentRepeated } from "~/lib/form-fields";
import { refusalError, refuse } from "~/lib/refusal";

/*
 * The one multipart reader (decisions 023 and 030): a post with a file is read as it arrives, never
 * held whole. Its text fields come first (browsers send a form's fields in order, and a form's
 * file input is its last), so whoever takes the file can decide from them, before its bytes are
 * read, whether and where to keep it.
 */

/**
 * Set by the server (server/app.ts) on an upload whose declared length is past its path's limit:
 * the body is not read, and `readMultipart` refuses the post at once with the form's own
 * too-large message (a 413 the form shows, which React Router can read: a bare 413 from the server
 * it cannot, and showed as a page that failed to load). The server removes it from what clients send.
 */
export const UPLOAD_TOO_LARGE_HEADER = "x-qurhealth-upload-too-large";

/** Whether a post is multipart (a form with a file input). */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

export type MultipartLimits = {
  /** File parts (any more make the post unreadable). */
  files: number;
  /** Parts, text and file. */
  parts: number;
  /** Text fields. */
  fields: number;
  /** Bytes of a text field. */
  fieldSize: number;
  /** Bytes of a file: past it the file's stream ends, cut short (`FilePart.tooLarge`). */
  fileSize: number;
};

/** The file part handed to `onFile`, as it arrives. */
export type FilePart = {
  /** The name the browser gave the file ("" when the form was sent without one chosen). */
  fileName: string;
  /** The file's bytes; read it to the end (or return null, and it is read past). */
  stream: Readable & { truncated?: boolean };
  /** The text fields that came before it, in order. */
  fieldsBefore: [string, string][];
  /** Whether the file went past `limits.fileSize` (its stream then ended early). */
  tooLarge(): boolean;
  /** Calls `listener` when the file goes past `limits.fileSize`, at once if it already has. */
  onTooLarge(listener: () => void): void;
};

export type MultipartPost<F> = {
  /** The text fields in the order they came (a field's first value is the one read). */
  fields: [string, string][];
  /** What `onFile` made of the (first) file part; null when there was none or it was read past. */
  file: F | null;
  /** What `onFile` made of each file part taken (`takeFiles` of them), in order; parts read past are left out. */
  files: F[];
};

export type MultipartOptions<F> = {
  limits: MultipartLimits;
  /** The file parts taken, by their field name; other file parts are read past. */
  fileField: string;
  /**
   * How many parts of `fileField` are handed to `onFile` (1 unless said: the first only); any more
   * are read past. A form with several file inputs of one name (or one `multiple`) sends a part
   * for each file, and an empty part without a name for an input left empty.
   */
  takeFiles?: number;
  /** The refusal's message for a post that cannot be read (a limit passed, a broken body): a 400. */
  unreadable: string;
  /** The refusal's message (a 413) for a post past the server's limit for its path (UPLOAD_TOO_LARGE_HEADER). */
  tooLarge: string;
  /** Takes the file (it may throw a refusal, e.g. after checks made from `fieldsBefore`). */
  onFile: (part: FilePart) => Promise<F | null>;
  /** Removes what `onFile` made, when the post fails after it. */
  discard: (file: F) => Promise<void>;
};

/**
 * Reads a multipart post as it arrives: its text fields, and its file part (`fileField`, the first
 * file part only) handed to `onFile`. Anything past `limits`, or a body that is not readable
 * multipart, is a 400 with the `unreadable` message. On any refusal (the reader's or `onFile`'s)
 * the file is discarded and the refusal thrown; the rest of the body is read and dropped (a browser
 * shows an answer sent while it is still uploading as a failed connection).
 */
export async function readMultipart<F>(request: Request, options: MultipartOptions<F>): Promise<MultipartPost<F>> {
  const { limits } = options;
  if (request.headers.has(UPLOAD_TOO_LARGE_HEADER)) refuse(413, options.tooLarge);
  const fields: [string, string][] = [];
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  const unreadable = () => fail(refusalError(400, options.unreadable));
  const takings: Promise<F | null>[] = [];
  let fileParts = 0;

  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defCharset: "utf8",
      limits: {
        files: limits.files,
        parts: limits.parts,
        fields: limits.fields,
        fieldSize: limits.fieldSize,
        fieldNameSize: 100,
        fileSize: limits.fileSize,
        headerPairs: 16,
        headerSize: 8 * 1024,
      },
    });
  } catch {
    refuse(400, options.unreadable);
  }
  parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) unreadable();
    else fields.push([name, value]);
  });
  parser.on("file", (field, stream, fileName) => {
    if (field === options.fileField) fileParts += 1;
    if (field !== options.fileField || fileParts > (options.takeFiles ?? 1) || failure) {
      stream.resume();
      return;
    }
    // Past the size limit the parser stops passing bytes on and says so, maybe before the file is
    // read on (while `onFile` decides): noted at once, told to whoever listens.
    let tooLarge = false;
    let listener: (() => void) | null = null;
    stream.once("limit", () => {
      tooLarge = true;
      listener?.();
    });
    const part: FilePart = {
      fileName: fileName ?? "",
      stream,
      fieldsBefore: [...fields],
      tooLarge: () => tooLarge,
      onTooLarge: (next) => {
        listener = next;
        if (tooLarge) next();
      },
    };
    const taking = (async () => {
      try {
        const taken = await options.onFile(part);
        // Not taken: the rest of the part is read and dropped.
        if (taken === null) stream.resume();
        return taken;
      } catch (error) {
        stream.resume();
        throw error;
      }
    })();
    taking.catch(fail);
    takings.push(taking);
  });
  parser.on("filesLimit", unreadable);
  parser.on("partsLimit", unreadable);
  parser.on("fieldsLimit", unreadable);

  try {
    if (!request.body) throw new Error("no body");
    await pipeline(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>), parser);
  } catch {
    unreadable();
  }
  // A post naming its intent twice is no form (form-fields.ts `intentRepeated`): refused, its file discarded.
  if (intentRepeated(fields)) fail(refusalError(400, "Unknown action"));
  const taken = await Promise.all(takings.map((t) => t.catch(() => null)));
  const files = taken.filter((f): f is NonNullable<typeof f> => f !== null) as F[];
  if (failure) {
    for (const file of files) await options.discard(file);
    throw failure;
  }
  return { fields, file: files[0] ?? null, files };
}
