import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { StatementLine } from "~/features/ledger/public.server";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";
import { messageT } from "~/i18n/message-text.server";
import { MONTH_NAMES } from "~/lib/month-names";
import { ENTRY_KIND_LABELS } from "./payout-labels.ts";

/*
 * A doctor's monthly statement as a PDF (decision 026), drawn with pdf-lib (no browser): the network's
 * name, the doctor's name and the month, the opening balance, every line (date, referral number,
 * what it was, amount, running balance) and the closing balance, in GHS. A4, as many pages as the
 * lines need, each page numbered, in the doctor's language (`locale`: its words, month, days and
 * amounts). pdf-lib's standard Helvetica writes WinAnsi only: a character it cannot write (a name
 * in another script) is shown as "?", never an error.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const ROW = 16;
/** Column left edges; the two money columns are right-aligned to their right edges. */
const COLUMNS = { date: MARGIN, referral: MARGIN + 70, what: MARGIN + 170, amountRight: 445, balanceRight: 547 };

export type StatementPdfInput = {
  network: string;
  doctorName: string;
  month: string;
  openingBalance: number;
  closingBalance: number;
  lines: StatementLine[];
  /** The doctor's language; English when not given. */
  locale?: Locale;
};

/**
 * Pesewas as GHS with two decimals and thousands separators; a debit with a leading minus. In
 * French "1 234 567,89" (its narrow space as a no-break space, which Helvetica can write).
 */
export function ghs(pesewas: number, locale: Locale = "en"): string {
  const sign = pesewas < 0 ? "-" : "";
  if (locale !== "en") {
    const amount = new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return `${sign}${amount.format(Math.abs(pesewas) / 100).replace(/[\u202f\u2009]/g, "\u00a0")}`;
  }
  const [whole, fraction] = (Math.abs(pesewas) / 100).toFixed(2).split(".") as [string, string];
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** "2026-11" as "November 2026" ("novembre 2026" in French). */
export function monthName(month: string, locale: Locale = "en"): string {
  const [year, index] = month.split("-");
  if (locale !== "en") {
    const first = new Date(Date.UTC(Number(year), Number(index) - 1, 1));
    return new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: "UTC", month: "long", year: "numeric" }).format(
      first,
    );
  }
  return `${MONTH_NAMES[Number(index) - 1] ?? ""} ${year}`;
}

/** A statement line's day (UTC, Ghana's time): "2026-11-05", "05/11/2026" in French. */
function dayOf(iso: string, locale: Locale): string {
  if (locale === "en") return iso.slice(0, 10);
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone: "UTC",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date(iso));
}

function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : "?")).join("");
}

export async function statementPdf(input: StatementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const locale = input.locale ?? "en";
  const t = messageT(locale);
  const month = monthName(input.month, locale);
  const money = (pesewas: number) => ghs(pesewas, locale);
  const title = t("statement.pdf.title", { network: input.network, month });
  pdf.setTitle(writable(regular, title));
  pdf.setCreator(writable(regular, input.network));
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const text = (value: string, x: number, size = 10, font = regular) =>
    page.drawText(writable(font, value), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  const right = (value: string, rightEdge: number, size = 10, font = regular) =>
    text(value, rightEdge - font.widthOfTextAtSize(writable(font, value), size), size, font);
  const header = () => {
    page.drawText(writable(bold, t("Date")), { x: COLUMNS.date, y, size: 9, font: bold });
    page.drawText(writable(bold, t("Referral")), { x: COLUMNS.referral, y, size: 9, font: bold });
    page.drawText(writable(bold, t("statement.description")), { x: COLUMNS.what, y, size: 9, font: bold });
    right(t("Amount (GHS)"), COLUMNS.amountRight, 9, bold);
    right(t("Balance (GHS)"), COLUMNS.balanceRight, 9, bold);
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    y -= ROW;
  };
  const newPage = () => {
    page = pdf.addPage(A4);
    pages.push(page);
    y = A4[1] - MARGIN;
    if (pages.length === 1) {
      text(input.network, MARGIN, 16, bold);
      y -= 24;
      text(t("statement.pdf.heading", { month }), MARGIN, 12, bold);
      y -= 18;
      text(t("statement.pdf.doctor", { name: input.doctorName }), MARGIN, 11);
      y -= 16;
      text(t("Amounts in Ghana cedis (GHS). Dates in Ghana time (GMT)."), MARGIN, 9);
      y -= 28;
    }
    header();
  };
  newPage();
  const row = (
    cells: { date: string; referral: string; what: string; amount: string; balance: string },
    strong = false,
  ) => {
    if (y < MARGIN + ROW) newPage();
    const font = strong ? bold : regular;
    text(cells.date, COLUMNS.date, 10, font);
    text(cells.referral, COLUMNS.referral, 10, font);
    text(cells.what, COLUMNS.what, 10, font);
    right(cells.amount, COLUMNS.amountRight, 10, font);
    right(cells.balance, COLUMNS.balanceRight, 10, font);
    y -= ROW;
  };
  row(
    {
      date: dayOf(`${input.month}-01`, locale),
      referral: "",
      what: t("Opening balance"),
      amount: "",
      balance: money(input.openingBalance),
    },
    true,
  );
  for (const line of input.lines) {
    row({
      date: dayOf(line.at, locale),
      referral: line.referralNumber ?? "",
      what: t(ENTRY_KIND_LABELS[line.kind]),
      amount: money(line.amount),
      balance: money(line.runningBalance),
    });
  }
  row({ date: "", referral: "", what: t("Closing balance"), amount: "", balance: money(input.closingBalance) }, true);
  pages.forEach((p, i) => {
    const number = writable(regular, t("statement.pdf.page", { page: i + 1, pages: pages.length }));
    p.drawText(number, { x: MARGIN, y: MARGIN / 2, size: 8, font: regular });
  });
  return new Uint8Array(await pdf.save());
}
