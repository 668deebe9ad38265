/**
 * The rules for a referral's attached files (issue 19), client-safe: the page's file input and
 * the domain function read the same limits and messages. The type of a file is decided from its
 * first bytes (its "magic number"), never from its name or the browser's word for it.
 */

/** At most 10 MB a file (10 × 1024 × 1024 bytes, the database's check too). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** At most 10 files a referral. */
export const MAX_ATTACHMENTS = 10;
/** What the file input offers (a hint to the browser only: the bytes decide). */
export const ATTACHMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp";

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

const EXTENSIONS: Record<AttachmentType, string> = {
  "application/pdf": ".pdf",
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
};

/**
 * A file name safe to keep and to send back: the last segment of any path, without control
 * characters (nor the bidirectional overrides that disguise an extension), trimmed, at most 255
 * characters (the extension kept); "attachment.<ext>" when nothing is left.
 */
export function sanitiseFileName(name: string, type: AttachmentType): string {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  const name1 = cleaned.replace(/^\.+/, "").trim();
  if (!name1) return `attachment${EXTENSIONS[type]}`;
  const chars = [...name1];
  if (chars.length <= 255) return name1;
  const dot = name1.lastIndexOf(".");
  const ext = dot > 0 ? [...name1.slice(dot)].slice(0, 16).join("") : "";
  return [...chars.slice(0, 255 - [...ext].length), ...ext].join("");
}

/** "2.4 MB", "120 KB", "512 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
