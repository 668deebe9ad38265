/**
 * CSV files people open in a spreadsheet (decision 020): UTF-8 with a byte-order mark so Excel reads
 * Ghanaian names correctly, CRLF line ends, formula injection neutralised, and streamed in batches
 * read by keyset (never OFFSET), so a million-row file holds one batch in memory at a time.
 */

/** A character a spreadsheet reads as the start of a formula, in ASCII and in full width. */
const FORMULA_START = "=+\\-@\uFF1D\uFF0B\uFF0D\uFF20";
/** Starts like a formula, after any blanks or separators (";=cmd" is split by a ";" locale into "=cmd"). */
const LOOKS_LIKE_FORMULA = new RegExp(`(^|[,;|\\t])[\\s,;|]*[${FORMULA_START}]|^[\\t\\r]`);

/**
 * One CSV cell (OWASP CSV injection): a cell a spreadsheet could read as a formula, at its start
 * or after a separator a locale may split on (=, +, -, @ and their full-width forms, tab, carriage
 * return), gets a leading apostrophe; a cell with a quote, a separator or a line break is quoted,
 * so it stays one cell whatever separator the spreadsheet assumes.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (LOOKS_LIKE_FORMULA.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type CsvColumn<Row> = readonly [header: string, value: (row: Row) => unknown];

/** The byte-order mark that makes spreadsheet programs read the file as UTF-8. */
export const BOM = "\uFEFF";

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A CSV file as a stream: the header, then batch after batch from `next(after)`, where `after`
 * is the last row of the previous batch (null for the first). Pull-based, so a slow download
 * reads the database no faster than the client takes the bytes. A batch shorter than `batchSize`
 * ends the file. A failure mid-file aborts the stream (the download fails rather than ending
 * short and looking complete).
 */
export function csvStream<Row>(
  columns: ReadonlyArray<CsvColumn<Row>>,
  next: (after: Row | null, batchSize: number) => Promise<Row[]>,
  options: { batchSize?: number; onDone?: (rows: number) => void } = {},
): ReadableStream<Uint8Array> {
  const batchSize = options.batchSize ?? 1000;
  const encoder = new TextEncoder();
  let last: Row | null = null;
  let started = false;
  let count = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLine(columns.map(([header]) => header))));
          return;
        }
        const rows = await next(last, batchSize);
        if (rows.length > 0) {
          count += rows.length;
          last = rows[rows.length - 1];
          let chunk = "";
          for (const row of rows) chunk += csvLine(columns.map(([, value]) => value(row)));
          controller.enqueue(encoder.encode(chunk));
        }
        if (rows.length < batchSize) {
          controller.close();
          options.onDone?.(count);
        }
      },
    },
    // One batch waiting at most: the stream asks for the next only when the last has been sent.
    { highWaterMark: 1 },
  );
}

/** The headers of a CSV download: an attachment, never stored by any cache. */
export function csvHeaders(fileName: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}
