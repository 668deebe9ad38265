import { ANONYMOUS } from "~/auth/actor";
import { isOperator } from "~/auth/operator.server";
import { dbOf } from "~/db/context.server";
import { env } from "~/env.server";
import { recordBackupReport } from "~/features/operations/backup.server";
import { backupReportFields } from "~/features/operations/backup-report-schema";
import { refusalOf } from "~/lib/refusal";
import type { Route } from "./+types/backup-report";

const NOT_ALLOWED = { status: 405, headers: { allow: "POST", "cache-control": "no-store" } };
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * The operator's backup job reports here when it finishes (docs/operations.md
 * "Backups"): `POST /operations/backup-report` with `Authorization: Bearer $BACKUP_REPORT_TOKEN`
 * and optional form fields `status` (ok, failed), `size_bytes` and `note`. Without the token
 * configured the address does not exist (404); a wrong or missing token is a 401 and stores nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", NOT_ALLOWED);
  const token = env().BACKUP_REPORT_TOKEN;
  if (!token) return Response.json({ error: "Not Found" }, { status: 404 });
  if (!isOperator(request, ANONYMOUS, token)) {
    return Response.json({ error: "Unauthorized" }, { status: 401, headers: { "www-authenticate": "Bearer" } });
  }
  let fields: Record<string, string> = {};
  if (FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    const form = await request.formData().catch(() => null);
    if (!form) return Response.json({ error: "The form could not be read" }, { status: 400 });
    fields = backupReportFields(form);
  }
  try {
    const report = await recordBackupReport(dbOf(context), fields);
    return Response.json({ recorded: report.id, status: report.status }, { status: 201 });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return Response.json({ error: refusal.message, fields: refusal.fieldErrors ?? {} }, { status: refusal.status });
  }
}

export async function loader() {
  return new Response("Method Not Allowed", NOT_ALLOWED);
}
