import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { backupReports } from "~/db/schema";
import { parseOrRefuse } from "~/lib/refusal";
import { backupReportSchema } from "./backup-report-schema.ts";
import type { BackupFigures } from "./health.ts";

/*
 * The last backup's age (docs/operations.md "Backups"): the operator's backup job posts
 * to /operations/backup-report with BACKUP_REPORT_TOKEN when it finishes (or fails); the health
 * screen and /metrics show how long ago the last good one was, and the `backup_stale` rule alerts
 * when that is more than ALERT_BACKUP_MAX_HOURS. Nothing is shown or alerted before a first report.
 */

/** Records one report from the posted fields (refused values: a 400 naming the field, nothing stored). */
export async function recordBackupReport(
  db: Pick<Db, "insert">,
  fields: Record<string, string | undefined>,
  now = new Date(),
): Promise<{ id: string; status: "ok" | "failed" }> {
  const parsed = parseOrRefuse(backupReportSchema, fields);
  const note = parsed.note?.trim() || null;
  const status = parsed.status ?? "ok";
  const [row] = await db
    .insert(backupReports)
    .values({
      status,
      sizeBytes: parsed.size_bytes ? Number(parsed.size_bytes) : null,
      note,
      reportedAt: now,
    })
    .returning({ id: backupReports.id });
  return { id: row!.id, status };
}

/** The last report, the last good one, and how old the last good one is at `now` (null before any report). */
export async function readBackupFigures(db: Pick<Db, "select">, now: Date): Promise<BackupFigures | null> {
  const [last] = await db.select().from(backupReports).orderBy(desc(backupReports.reportedAt)).limit(1);
  if (!last) return null;
  const [good] = await db
    .select()
    .from(backupReports)
    .where(eq(backupReports.status, "ok"))
    .orderBy(desc(backupReports.reportedAt))
    .limit(1);
  // Never a good one: its age is counted from the first report (the job has been running since).
  const since =
    good?.reportedAt ??
    (await db.select({ first: sql<string>`min(${backupReports.reportedAt})` }).from(backupReports))[0]!.first;
  return {
    lastReportAt: last.reportedAt.toISOString(),
    lastStatus: last.status,
    lastNote: last.note,
    lastSuccessAt: good ? good.reportedAt.toISOString() : null,
    lastSuccessBytes: good?.sizeBytes ?? null,
    ageSeconds: Math.max(0, Math.round((now.getTime() - new Date(since).getTime()) / 1000)),
  };
}
