/** A positive page number from the address (anything else is page 1). */
export function pageFrom(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** A page of a list whose length is known (a count that is cheap to get). */
export type CountedPage<T> = { rows: T[]; page: number; pageCount: number; hasNext: boolean };

/** A page of a list whose length is not counted: one row more than a page was read to know if there is a next. */
export type ProbedPage<T> = { rows: T[]; page: number; hasNext: boolean };

/** Rows read with `limit(size + 1)` as a page, each mapped for the page. */
export function probedPage<R, T>(rows: R[], page: number, size: number, map: (row: R) => T): ProbedPage<T> {
  return { rows: rows.slice(0, size).map(map), page, hasNext: rows.length > size };
}
