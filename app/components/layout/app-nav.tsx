import { useLayoutEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import type { ActorSummary } from "~/auth/actor";
import { APP_NAV, isCurrentNavItem } from "~/auth/app-nav";
import { useT } from "~/i18n/react";

/**
 * The signed-in app's navigation for the visitor's role, under the header on every
 * dashboard, History and referral page. On a 360 px phone a doctor's four entries fit (tighter
 * padding there, point 9 of the outside UX review); longer rows scroll sideways; nothing wraps out of reach, and
 * the current entry is scrolled into view (Audit Log, the last entry,
 * is not left off-screen when it is the page).
 */
export function AppNav({ user }: { user: NonNullable<ActorSummary> }) {
  const { pathname } = useLocation();
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  // Before the paint, and only the row itself scrolls (not the page, as scrollIntoView could).
  // biome-ignore lint/correctness/useExhaustiveDependencies: per page
  useLayoutEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>("[aria-current=page]");
    if (!row || !current) return;
    const box = row.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    if (item.left >= box.left && item.right <= box.right) return;
    row.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
  }, [pathname]);
  return (
    <nav aria-label={t("App")} className="border-b border-slate-200 bg-slate-50">
      <ul
        ref={list}
        className="container-page flex gap-0.5 overflow-x-auto py-1.5 text-sm [scrollbar-width:thin] max-sm:px-2 sm:gap-1"
      >
        {APP_NAV[user.role].map((item) => {
          const current = isCurrentNavItem(item, pathname, APP_NAV[user.role]);
          return (
            <li key={item.label} className="shrink-0">
              <Link
                to={item.to}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 min-w-11 items-center rounded-lg px-2 font-medium sm:px-3 ${
                  current
                    ? "bg-white text-brand-800 shadow-sm ring-1 ring-slate-200"
                    : "text-muted hover:bg-white hover:text-ink"
                }`}
              >
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
