import type { Actor } from "~/auth/actor";
import { assertGate } from "~/auth/actor.server";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { recordAudit } from "~/features/audit/public.server";
import { doctorBalance, doctorStatement, monthRange } from "~/features/ledger/public.server";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";
import { messageT } from "~/i18n/message-text.server";
import { BOM, csvLine } from "~/lib/csv.server";
import { refuse } from "~/lib/refusal";
import { ENTRY_KIND_LABELS } from "./payout-labels.ts";
import { doctorPayouts } from "./payout-reads.server.ts";
import { statementPdf } from "./statement-pdf.server.ts";

/** The doctor's money page (decision 026): balance, the latest statement lines, payouts, months to download. */
export async function doctorMoney(db: Db, actor: Actor, now = new Date()) {
  const doctor = assertGate(actor, "doctor");
  const [balance, statement, payouts] = await Promise.all([
    doctorBalance(db, actor, doctor.id),
    doctorStatement(db, actor, doctor.id, { limit: 100 }),
    doctorPayouts(db, actor, doctor.id),
  ]);
  const months: string[] = [];
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return { balance, statement, payouts, months };
}

/**
 * A statement's numbers in the doctor's language: English as it always was (ISO days, "1234.50"),
 * French the French way ("05/11/2026", "1234,50": no grouping, so a spreadsheet reads a number).
 */
function csvFormats(locale: Locale) {
  if (locale === "en") return { day: (iso: string) => iso.slice(0, 10), cedis: (p: number) => (p / 100).toFixed(2) };
  const days = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: "UTC",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  });
  const amounts = new Intl.NumberFormat(INTL_LOCALE[locale], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  return { day: (iso: string) => days.format(new Date(iso)), cedis: (p: number) => amounts.format(p / 100) };
}

/**
 * A month's statement as CSV (the doctor's own only): opening balance, every line with its date,
 * referral number, what it was, credit or debit and the running balance, and the closing balance,
 * in the doctor's language (`locale`: the request's actorLocale). UTF-8 with a byte-order mark,
 * formulas neutralised; the download is audited.
 */
export async function statementCsv(
  db: Db,
  actor: Actor,
  month: string,
  locale: Locale = "en",
): Promise<{ filename: string; body: string }> {
  const doctor = assertGate(actor, "doctor");
  if (!monthRange(month)) refuse(400, "Choose a month as YYYY-MM.");
  const statement = await doctorStatement(db, actor, doctor.id, { month });
  const t = messageT(locale);
  const { day, cedis } = csvFormats(locale);
  // As a bank statement: what raised the balance under Credit, what lowered it under Debit, both
  // positive (a cell starting with "-" would be neutralised as a formula and read as text).
  let body =
    BOM +
    csvLine([
      t("Date (UTC)"),
      t("Referral"),
      t("statement.description"),
      t("Credit (GHS)"),
      t("Debit (GHS)"),
      t("Balance (GHS)"),
    ]);
  body += csvLine([day(`${month}-01`), "", t("Opening balance"), "", "", cedis(statement.openingBalance)]);
  for (const line of statement.lines) {
    body += csvLine([
      day(line.at),
      line.referralNumber ?? "",
      t(ENTRY_KIND_LABELS[line.kind]),
      line.amount > 0 ? cedis(line.amount) : "",
      line.amount < 0 ? cedis(-line.amount) : "",
      cedis(line.runningBalance),
    ]);
  }
  body += csvLine(["", "", t("Closing balance"), "", "", cedis(statement.closingBalance)]);
  await recordAudit(db, {
    actorId: doctor.id,
    action: "payout.statement_downloaded",
    subjectType: "user",
    subjectId: doctor.id,
    reason: month,
  });
  return { filename: `statement-${month}.csv`, body };
}

/**
 * The same month's statement as a PDF (the doctor's own only): their name, the month, the opening
 * balance, every line with its date, referral number, what it was, amount and running balance, and
 * the closing balance, in the doctor's language. The download is audited as the CSV's is.
 */
export async function statementPdfFile(
  db: Db,
  actor: Actor,
  month: string,
  locale: Locale = "en",
): Promise<{ filename: string; body: Uint8Array<ArrayBuffer> }> {
  const doctor = assertGate(actor, "doctor");
  if (!monthRange(month)) refuse(400, "Choose a month as YYYY-MM.");
  const statement = await doctorStatement(db, actor, doctor.id, { month });
  const body = await statementPdf({ network: SITE.name, doctorName: doctor.fullName, month, locale, ...statement });
  await recordAudit(db, {
    actorId: doctor.id,
    action: "payout.statement_downloaded",
    subjectType: "user",
    subjectId: doctor.id,
    reason: `${month} (PDF)`,
  });
  return { filename: `statement-${month}.pdf`, body };
}
