import type { ReactNode } from "react";
import { useT } from "~/i18n/react";

// Explicit table roles on purpose (biome.json turns off noRedundantRoles here): a stacked table
// changes its display on a phone, and some browsers then drop the implicit roles. The scrolling
// region takes the focus (noNoninteractiveTabindex off) so it can be scrolled from the keyboard.

/**
 * A data table with a caption for screen readers and a message when there are no rows. On a
 * phone it either scrolls sideways inside its own box (the page never does) or, with `stacked`,
 * shows each row as a card of label-value lines: the same markup restyled, with explicit table
 * roles so assistive technology still reads a table when the display changes.
 */
export function Table({
  caption,
  headers,
  empty,
  children,
  rowCount,
  stacked = false,
}: {
  caption: string;
  headers: string[];
  empty: string;
  rowCount: number;
  stacked?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  if (rowCount === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-muted">{empty}</p>;
  const onPhone = stacked
    ? {
        section: "max-sm:overflow-visible max-sm:border-0",
        table: "sm:min-w-[40rem] max-sm:block",
        head: "max-sm:sr-only",
        body: "max-sm:block max-sm:space-y-3 max-sm:divide-y-0",
      }
    : { section: "", table: "min-w-[40rem]", head: "", body: "" };
  return (
    <section
      // relative: visually hidden text in a cell (positioned absolutely) scrolls with the table
      // instead of widening the page.
      className={`relative overflow-x-auto rounded-xl border border-slate-200 ${onPhone.section}`}
      tabIndex={0}
      aria-label={caption}
    >
      <table role="table" className={`w-full text-left text-sm ${onPhone.table}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={`bg-slate-50 text-xs tracking-wide text-muted uppercase ${onPhone.head}`}>
          <tr role="row">
            {headers.map((h) => (
              <th key={h} scope="col" role="columnheader" className="px-3 py-2.5 font-semibold">
                {/* A column without a visible heading (its row's buttons) is still named (axe: empty-table-header). */}
                {h || <span className="sr-only">{t("Actions")}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={`divide-y divide-slate-200 ${onPhone.body}`}>
          {children}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A row; in a stacked table it is a card on a phone. `busy`: something is being done to it (its
 * Accept was pressed and the answer has not come yet): it is dimmed and says so.
 */
export function Row({
  children,
  stacked = false,
  busy = false,
}: {
  children?: ReactNode;
  stacked?: boolean;
  busy?: boolean;
}) {
  const className = [stacked ? "data-row-stacked" : "", busy ? "opacity-60" : ""].filter(Boolean).join(" ");
  return (
    <tr role="row" aria-busy={busy || undefined} className={className || undefined}>
      {children}
    </tr>
  );
}

/** A cell; `label` (its column's header) is shown before the value when a stacked table is a card. */
export function Cell({ children, className = "", label }: { children: ReactNode; className?: string; label?: string }) {
  return (
    <td role="cell" data-label={label} className={`${label ? "data-cell-stacked" : "data-cell"} ${className}`.trim()}>
      {label ? <div>{children}</div> : children}
    </td>
  );
}
