import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { StatementLine } from "~/features/ledger/public.server";
import { MONTH_NAMES } from "~/lib/month-names";
import { ENTRY_KIND_LABELS } from "./payout-labels.ts";

/*
 * A doctor's monthly statement as a PDF (issue 27), drawn with pdf-lib (no browser): the network's
 * name, the doctor's name and the month, the opening balance, every line (date, referral number,
 * what it was, amount, running balance) and the closing balance, in GHS. A4, as many pages as the
 * lines need, each page numbered. pdf-lib's standard Helvetica writes WinAnsi only: a character it
 * cannot write (a name in another script) is shown as "?", never an error.
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
};

/** Pesewas as GHS with two decimals and thousands separators; a debit with a leading minus. */
export function ghs(pesewas: number): string {
  const sign = pesewas < 0 ? "-" : "";
  const [whole, fraction] = (Math.abs(pesewas) / 100).toFixed(2).split(".") as [string, string];
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** "2026-11" as "November 2026". */
export function monthName(month: string): string {
  const [year, index] = month.split("-");
  return `${MONTH_NAMES[Number(index) - 1] ?? ""} ${year}`;
}

function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : "?")).join("");
}

export async function statementPdf(input: StatementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const title = `${input.network}: statement for ${monthName(input.month)}`;
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
    page.drawText("Date", { x: COLUMNS.date, y, size: 9, font: bold });
    page.drawText("Referral", { x: COLUMNS.referral, y, size: 9, font: bold });
    page.drawText("Description", { x: COLUMNS.what, y, size: 9, font: bold });
    right("Amount (GHS)", COLUMNS.amountRight, 9, bold);
    right("Balance (GHS)", COLUMNS.balanceRight, 9, bold);
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
      text(`Statement for ${monthName(input.month)}`, MARGIN, 12, bold);
      y -= 18;
      text(`Doctor: ${input.doctorName}`, MARGIN, 11);
      y -= 16;
      text("Amounts in Ghana cedis (GHS). Dates in Ghana time (GMT).", MARGIN, 9);
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
      date: `${input.month}-01`,
      referral: "",
      what: "Opening balance",
      amount: "",
      balance: ghs(input.openingBalance),
    },
    true,
  );
  for (const line of input.lines) {
    row({
      date: line.at.slice(0, 10),
      referral: line.referralNumber ?? "",
      what: ENTRY_KIND_LABELS[line.kind],
      amount: ghs(line.amount),
      balance: ghs(line.runningBalance),
    });
  }
  row({ date: "", referral: "", what: "Closing balance", amount: "", balance: ghs(input.closingBalance) }, true);
  pages.forEach((p, i) => {
    p.drawText(`Page ${i + 1} of ${pages.length}`, { x: MARGIN, y: MARGIN / 2, size: 8, font: regular });
  });
  return new Uint8Array(await pdf.save());
}
