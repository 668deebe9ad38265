import { type ComponentProps, lazy, type ReactNode, Suspense } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { INTL_LOCALE } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The insight charts, drawn with Recharts. Each chart is a figure: a heading, a
 * sentence that says what it shows (read by screen readers, in place of the picture), the
 * picture, and the figures themselves as a table anyone can open. The picture is drawn once the
 * page runs React, in a box of fixed height reserved on the server (no layout shift); without
 * JavaScript the sentence and the table carry the same numbers. Recharts (about 100 KB gzipped)
 * loads then, not with the page (chart-pictures.tsx): the dashboard hydrates without it.
 */

/** Okabe-Ito colours: told apart with every common colour-vision deficiency. */
export const SERIES_COLOURS = ["#E69F00", "#0072B2", "#D55E00", "#009E73", "#999999", "#CC79A7", "#56B4E9"] as const;

export type Series<Row> = { key: string; label: string; value: (row: Row) => number; colour: string };

export function Figure<Row>({
  id,
  title,
  summary,
  rows,
  rowLabel,
  series,
  format,
  height = 260,
  chart,
}: {
  id: string;
  title: string;
  /** One or two sentences with the figure's main numbers. */
  summary: string;
  rows: Row[];
  rowLabel: { header: string; value: (row: Row) => string };
  series: Array<Series<Row>>;
  format?: (n: number) => string;
  height?: number;
  chart: (data: Array<Record<string, string | number>>) => ReactNode;
}) {
  const hydrated = useHydrated();
  const t = useT();
  const locale = useLocale();
  // The figures as numbers are written in the page's language (1,234 in English, 1 234 in French).
  const show = format ?? ((n: number) => n.toLocaleString(INTL_LOCALE[locale]));
  const data = rows.map((row) => ({
    label: rowLabel.value(row),
    ...Object.fromEntries(series.map((s) => [s.key, s.value(row)])),
  }));
  return (
    <figure aria-labelledby={`${id}-title`} className="card min-w-0">
      <h3 id={`${id}-title`} className="text-base font-bold">
        {title}
      </h3>
      <figcaption className="mt-1 text-sm text-muted">{summary}</figcaption>
      <div aria-hidden="true" className="mt-4 w-full" style={{ height }}>
        {hydrated ? chart(data) : null}
      </div>
      <details className="mt-3 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
          {t("Show the figures as a table")}
        </summary>
        <ScrollRegion label={t("insight.figuresOf", { title })} className="mt-2">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {rowLabel.header}
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-1 pr-3 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={rowLabel.value(row)}>
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                    {rowLabel.value(row)}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="py-1 pr-3 text-right">
                      {show(s.value(row))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}

const pictures = () => import("./chart-pictures");
const LazyBars = lazy(() => pictures().then((m) => ({ default: m.Bars })));
const LazyLines = lazy(() => pictures().then((m) => ({ default: m.Lines })));

/** Bars, stacked (parts of a whole) or side by side (drawn by chart-pictures.tsx once loaded). */
export function Bars(props: ComponentProps<typeof LazyBars>) {
  return (
    <Suspense fallback={null}>
      <LazyBars {...props} />
    </Suspense>
  );
}

/** Lines over time (drawn by chart-pictures.tsx once loaded). */
export function Lines(props: ComponentProps<typeof LazyLines>) {
  return (
    <Suspense fallback={null}>
      <LazyLines {...props} />
    </Suspense>
  );
}
