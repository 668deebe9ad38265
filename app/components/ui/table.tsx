import type { ReactNode } from "react";

/**
 * A data table that scrolls sideways inside its own box on a phone (the page never does), with
 * a caption for screen readers and a message when there are no rows.
 */
export function Table({
  caption,
  headers,
  empty,
  children,
  rowCount,
}: {
  caption: string;
  headers: string[];
  empty: string;
  rowCount: number;
  children: ReactNode;
}) {
  if (rowCount === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-muted">{empty}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="overflow-x-auto rounded-xl border border-slate-200" tabIndex={0} aria-label={caption}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-muted uppercase">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2.5 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </section>
  );
}

export function Cell({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <td className={`px-3 py-2.5 align-top ${className}`}>{children}</td>;
}
