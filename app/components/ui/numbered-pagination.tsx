import { Link } from "react-router";
import { useT } from "~/i18n/react";

/** Numbered pages around the current one, plus the first and the last. */
function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const n of sorted) {
    const last = result.at(-1);
    if (typeof last === "number" && n - last > 1) result.push("gap");
    result.push(n);
  }
  return result;
}

/**
 * Numbered page links (Previous, the first, the last and those around the current one, Next) for
 * a list whose pages are counted, each page its own address (`hrefFor`): the facility directory.
 */
export function NumberedPagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  const linkClass =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold";
  return (
    <nav aria-label={t("Pagination")} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={`${linkClass} border-slate-300 text-brand-800`}>
              {t("Previous")}
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={t("pagination.page", { n })}
                className={`${linkClass} ${
                  n === page ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-brand-800"
                }`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={`${linkClass} border-slate-300 text-brand-800`}>
              {t("Next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
