import { useT } from "~/i18n/react";
import { splitMore } from "./split-more";

/** A row of chips: at most `max` items, then a "+N more" chip (spec section 9). */
export function MoreList({
  items,
  max = 3,
  label,
  chipClassName = "bg-slate-100 text-ink",
  lang,
}: {
  items: readonly string[];
  max?: number;
  /** Accessible name of the list, e.g. "Specialties". */
  label: string;
  chipClassName?: string;
  /** The items' language when it is not the page's (database texts in English on a French page). */
  lang?: string;
}) {
  const t = useT();
  const { shown, more } = splitMore(items, max);
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {shown.map((item) => (
        <li key={item} lang={lang} className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${chipClassName}`}>
          {item}
        </li>
      ))}
      {more > 0 ? (
        <li className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-muted">
          {t("list.more", { count: more })}
        </li>
      ) : null}
    </ul>
  );
}
