/**
 * The rules for a referral's attached files (decision 023), client-safe: the page's file input and
 * the domain function read the same limits and messages. The type of a file is decided from its
 * first bytes (its "magic number"), never from its name or the browser's word for it.
 */

/** At most 10 MB a file (10 × 1024 × 1024 bytes, the database's check too). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** At most 10 files a referral. */
export const MAX_ATTACHMENTS = 10;
/** What the file input offers (a hint to the browser only: the bytes decide). */
export const ATTACHMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp";

/** The limits, as the file inputs state them (read with each control). */
export const ATTACHMENT_HINT = "PDF, JPEG, PNG or WebP, at most 10 MB; at most 10 files a referral.";

/** The name of the Create Referral form's file inputs ("Choose files" and "Take a photo" share it). */
export const CREATE_FILES_FIELD = "files";

/**
 * What the browser can tell of the files chosen on the Create Referral form before they are sent
 * (the server checks again, and the type from the bytes): the first refusal, or null. An input left
 * empty posts a nameless empty file: not a file.
 */
export function filesProblem(values: ReadonlyArray<FormDataEntryValue>): string | null {
  const files = values.filter((v): v is File => typeof v !== "string" && v.name !== "");
  if (files.length > MAX_ATTACHMENTS) return ATTACHMENT_MESSAGES.tooManyAtOnce;
  for (const file of files) {
    if (file.size === 0) return ATTACHMENT_MESSAGES.empty;
    if (file.size > MAX_ATTACHMENT_BYTES) return ATTACHMENT_MESSAGES.tooLarge;
  }
  return null;
}

export type AttachmentType = "application/pdf" | "image/jpeg" | "image/png" | "image/webp";

export const ATTACHMENT_TYPE_LABELS: Record<AttachmentType, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
};

export const ATTACHMENT_MESSAGES = {
  missing: "Please choose a file to attach",
  empty: "The file is empty. Please choose another file.",
  tooLarge: "The file is larger than 10 MB. Please attach a smaller file.",
  wrongType: "Only PDF, JPEG, PNG or WebP files can be attached. This file is not one of them.",
  tooMany: "This referral already has 10 files, the most it can have.",
  /** More than 10 files sent with the Create Referral form (decision 030). */
  tooManyAtOnce: "At most 10 files can be attached to a referral. Please choose fewer files.",
} as const;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type the file's first bytes say it is, or null for anything else. */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** The extension a stored and downloaded file ends with, for each type (the first is the one added). */
export const ATTACHMENT_EXTENSIONS: Record<AttachmentType, readonly [string, ...string[]]> = {
  "application/pdf": [".pdf"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/webp": [".webp"],
};

/** At most 255 characters (code points), the database's check and most file systems' limit. */
const MAX_NAME = 255;

/**
 * Characters a name never keeps: control characters, invisible format characters (the
 * bidirectional overrides and isolates that make `report\u202Efdp.exe` look like `reportexe.pdf`,
 * zero-width characters, the byte-order mark) and line or paragraph separators.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The name a file is stored, shown and downloaded under (decision 023): the last segment of the
 * uploaded name's path, without hidden characters, spaces runs collapsed, leading dots dropped,
 * at most 255 characters; and it always ends with the extension of the type its bytes were found
 * to be. An uploaded extension of another type is replaced (`poly.html` with PDF bytes is
 * `poly.pdf`, `invoice.pdf.hta` is `invoice.pdf.pdf`); a name without one gets it. Nothing left:
 * `attachment.pdf` (or .jpg, .png, .webp).
 */
export function sanitiseFileName(name: string, type: AttachmentType): string {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  const cleaned = base
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, " ")
    .replace(HIDDEN, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "");
  // The uploaded extension: a dot and 1-10 letters or digits (at least one letter) at the end.
  const extension = cleaned.match(/(?<=.)\.[a-z0-9]*[a-z][a-z0-9]*$/i)?.[0] ?? "";
  const allowed = ATTACHMENT_EXTENSIONS[type];
  const kept = extension.length <= 11 ? allowed.find((e) => e === extension.toLowerCase()) : undefined;
  // An extension of the right type stays (lower case); one of any other type is replaced.
  const stem = (extension.length <= 11 ? cleaned.slice(0, cleaned.length - extension.length) : cleaned).replace(
    /[.\s]+$/,
    "",
  );
  const ending = kept ?? allowed[0];
  const chars = [...(stem || "attachment")];
  return `${chars
    .slice(0, MAX_NAME - ending.length)
    .join("")
    .trimEnd()}${ending}`;
}

/**
 * `Content-Disposition` for a download (RFC 6266): always `attachment`; `filename` an ASCII
 * stand-in for old clients (anything else, quotes, backslashes and percent signs as `_`) and
 * `filename*` the real name, UTF-8 and percent-encoded (RFC 8187). The name is cleaned again, so a
 * name stored before the cleaning rules still downloads with its type's extension.
 */
export function contentDisposition(fileName: string, type: AttachmentType): string {
  const name = sanitiseFileName(fileName, type);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** "2.4 MB", "120 KB", "512 bytes"; in French "2,4 Mo", "120 Ko", "512 octets". */
export function formatFileSize(bytes: number, locale: "en" | "fr" = "en"): string {
  const fr = locale === "fr";
  if (bytes < 1024) return `${bytes} ${fr ? "octets" : "bytes"}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} ${fr ? "Ko" : "KB"}`;
  const megabytes = (bytes / (1024 * 1024)).toFixed(1);
  return fr ? `${megabytes.replace(".", ",")} Mo` : `${megabytes} MB`;
}
