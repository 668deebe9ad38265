import { useLocation } from "react-router";

/** The address of the same page with one search parameter changed (page 1 drops it). */
export function withParam(search: string, name: string, value: string | number | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === 1 || value === "") params.delete(name);
  else params.set(name, String(value));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/**
 * Previous / next links for a paged table (plain links: they work without JavaScript, can be
 * shared, and the server reads the page from the address).
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
  if (!hasNext && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <a href={withParam(search, param, page - 1)} className="btn-secondary">
          Previous
        </a>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {page}
        {pageCount !== undefined ? ` of ${Math.max(pageCount, page)}` : null}
      </span>
      {hasNext ? (
        <a href={withParam(search, param, page + 1)} className="btn-secondary">
          Next
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
