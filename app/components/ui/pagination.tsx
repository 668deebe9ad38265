import { Link, useLocation } from "react-router";
import { useT } from "~/i18n/react";

/** The address of the same page with one search parameter changed (page 1 drops it). */
export function withParam(search: string, name: string, value: string | number | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === 1 || value === "") params.delete(name);
  else params.set(name, String(value));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * Previous / next links for a paged table. The page is in the address (it can be shared, back
 * and forward move between pages, the server reads it); with React the table changes without a
 * document load and the page keeps its scroll position, without JavaScript they are plain links.
 */
export function Pagination({
  page,
  pageCount,
  hasNext = pageCount !== undefined && page < pageCount,
  param = "page",
  label,
}: {
  page: number;
  /** Known when counting is cheap; otherwise `hasNext` says whether there is a next page. */
  pageCount?: number;
  hasNext?: boolean;
  param?: string;
  label: string;
}) {
  const { search } = useLocation();
  const t = useT();
  if (!hasNext && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={withParam(search, param, page - 1)} preventScrollReset className="btn-secondary">
          {t("Previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        {pageCount !== undefined
          ? t("pagination.page-of", { page, count: Math.max(pageCount, page) })
          : t("pagination.page", { n: page })}
      </span>
      {hasNext ? (
        <Link to={withParam(search, param, page + 1)} preventScrollReset className="btn-secondary">
          {t("Next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
