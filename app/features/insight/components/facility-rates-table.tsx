import { useState } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { INTL_LOCALE } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { formatMinutes, formatRate } from "../calendar";
import type { FacilityRates } from "../insight.server";

type Key = "name" | "received" | "acceptanceRate" | "completionRate" | "medianToAccept" | "medianToComplete";

/** Each column and its heading's catalogue key ("Accepted": a rate, not a referral's status). */
const COLUMNS: Array<{ key: Key; label: string; numeric: boolean }> = [
  { key: "name", label: "Facility", numeric: false },
  { key: "received", label: "Received", numeric: true },
  { key: "acceptanceRate", label: "insight.column.accepted", numeric: true },
  { key: "completionRate", label: "insight.column.completed", numeric: true },
  { key: "medianToAccept", label: "Median time to accept", numeric: true },
  { key: "medianToComplete", label: "Median time to complete", numeric: true },
];

function compare(a: FacilityRates, b: FacilityRates, key: Key): number {
  if (key === "name") return a.name.localeCompare(b.name);
  const x = a[key];
  const y = b[key];
  // Facilities without a figure go last, whichever the direction.
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return x - y;
}

/**
 * Each facility's figures for the period, sortable by any column (a button in each header; the
 * server's order, most referrals first, without JavaScript). Rates are shares of the referrals
 * answered (acceptance) and accepted (completion).
 */
export function FacilityRatesTable({ rows }: { rows: FacilityRates[] }) {
  const [sort, setSort] = useState<{ key: Key; descending: boolean }>({ key: "received", descending: true });
  const t = useT();
  const locale = useLocale();
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-muted">
        {t("No referrals in this period.")}
      </p>
    );
  }
  const sorted = [...rows].sort((a, b) => {
    const order = compare(a, b, sort.key);
    const nullLast = a[sort.key] === null || b[sort.key] === null;
    return sort.descending && !nullLast ? -order : order;
  });
  return (
    <ScrollRegion label={t("Figures per facility")} className="rounded-xl border border-slate-200">
      <table className="w-full min-w-[40rem] text-left text-sm tabular-nums">
        <caption className="sr-only">
          {t("Figures per facility for the period; the column headers sort the table")}
        </caption>
        <thead className="bg-slate-50 text-xs text-muted uppercase">
          <tr>
            {COLUMNS.map((c) => {
              const active = sort.key === c.key;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
                  className={`px-3 py-2 font-semibold ${c.numeric ? "text-right" : ""}`}
                >
                  <button
                    type="button"
                    className="inline-flex min-h-11 min-w-11 items-center gap-1 uppercase hover:text-ink"
                    onClick={() =>
                      setSort(
                        active ? { key: c.key, descending: !sort.descending } : { key: c.key, descending: c.numeric },
                      )
                    }
                  >
                    {t(c.label)}
                    <span aria-hidden="true">{active ? (sort.descending ? "▼" : "▲") : "↕"}</span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {sorted.map((f) => (
            <tr key={f.facilityId}>
              <th scope="row" className="px-3 py-2 font-semibold">
                {f.name}
              </th>
              <td className="px-3 py-2 text-right">{f.received.toLocaleString(INTL_LOCALE[locale])}</td>
              <td className="px-3 py-2 text-right">{formatRate(f.acceptanceRate, locale)}</td>
              <td className="px-3 py-2 text-right">{formatRate(f.completionRate, locale)}</td>
              <td className="px-3 py-2 text-right">{formatMinutes(f.medianToAccept, t)}</td>
              <td className="px-3 py-2 text-right">{formatMinutes(f.medianToComplete, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
