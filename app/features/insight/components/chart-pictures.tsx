import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

/**
 * The insight charts' pictures, drawn with Recharts; loaded on their own once a page with a chart
 * runs React (charts.tsx), each in the box its figure reserved.
 */

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
