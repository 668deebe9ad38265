import * as z from "zod/mini";

/*
 * What the backup job may post to /operations/backup-report (docs/operations.md
 * "Backups"): every field optional; a post with none reports a good backup.
 */

export const BACKUP_MESSAGES = {
  status: "status must be ok or failed",
  sizeBytes: "size_bytes must be a whole number of bytes",
  note: "note must be text of at most 200 characters",
} as const;

export const backupReportSchema = z.object({
  status: z.optional(z.enum(["ok", "failed"], BACKUP_MESSAGES.status)),
  // Empty: not said.
  size_bytes: z.optional(z.string().check(z.regex(/^(\d{1,15})?$/, BACKUP_MESSAGES.sizeBytes))),
  note: z.optional(
    z.string().check(
      z.maxLength(200, BACKUP_MESSAGES.note),
      // PostgreSQL text cannot hold NUL.
      z.refine((v) => !v.includes("\0"), BACKUP_MESSAGES.note),
    ),
  ),
});

/** The posted form's fields as the action reads them: text fields only, the last of a repeated name. */
export function backupReportFields(form: FormData | null): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form ?? []) if (typeof value === "string") fields[name] = value;
  return fields;
}
