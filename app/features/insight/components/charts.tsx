import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The insight charts (issue 18), drawn with Recharts. Each chart is a figure: a heading, a
 * sentence that says what it shows (read by screen readers, in place of the picture), the
 * picture, and the figures themselves as a table anyone can open. The picture is drawn once the
 * page runs React, in a box of fixed height reserved on the server (no layout shift); without
 * JavaScript the sentence and the table carry the same numbers.
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
  format = (n) => n.toLocaleString("en-GH"),
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
        <summary className="cursor-pointer font-semibold text-brand-800">Show the figures as a table</summary>
        <div className="mt-2 overflow-x-auto">
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
                      {format(s.value(row))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

const AXIS = { fontSize: 12, fill: "#4b5866" };

/** Bars, stacked (parts of a whole) or side by side. */
export function Bars({
  data,
  series,
  stacked = false,
  format,
  layout = "horizontal",
}: {
  data: Array<Record<string, string | number>>;
  series: Array<{ key: string; label: string; colour: string }>;
  stacked?: boolean;
  format?: (n: number) => string;
  layout?: "horizontal" | "vertical";
}) {
  const vertical = layout === "vertical";
  return (
    <BarChart
      // The picture is hidden from assistive technology (the figure's sentence and table carry
      // the numbers), so it must not take the keyboard focus either.
      accessibilityLayer={false}
      responsive
      style={{ width: "100%", height: "100%" }}
      data={data}
      layout={layout}
      margin={{ top: 4, right: 8, bottom: 4, left: vertical ? 8 : 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={vertical} horizontal={!vertical} />
      {vertical ? (
        <>
          <XAxis type="number" tick={AXIS} tickFormatter={format} allowDecimals={false} />
          <YAxis type="category" dataKey="label" tick={AXIS} width={130} />
        </>
      ) : (
        <>
          <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" minTickGap={8} />
          <YAxis tick={AXIS} tickFormatter={format} allowDecimals={false} width={48} />
        </>
      )}
      <Tooltip formatter={format ? (value) => format(Number(value)) : undefined} />
      {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
      {series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={s.colour}
          stackId={stacked ? "stack" : undefined}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

/** Lines over time (cumulative figures). */
export function Lines({
  data,
  series,
  format,
}: {
  data: Array<Record<string, string | number>>;
  series: Array<{ key: string; label: string; colour: string; dashed?: boolean }>;
  format?: (n: number) => string;
}) {
  return (
    <LineChart
      accessibilityLayer={false}
      responsive
      style={{ width: "100%", height: "100%" }}
      data={data}
      margin={{ top: 4, right: 8, bottom: 4 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" minTickGap={8} />
      <YAxis tick={AXIS} tickFormatter={format} allowDecimals={false} width={48} />
      <Tooltip formatter={format ? (value) => format(Number(value)) : undefined} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      {series.map((s) => (
        <Line
          key={s.key}
          dataKey={s.key}
          name={s.label}
          stroke={s.colour}
          strokeWidth={2}
          // Told apart by the line's pattern as well as its colour.
          strokeDasharray={s.dashed ? "6 4" : undefined}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
