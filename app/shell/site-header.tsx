import { Link, useLocation } from "react-router";
import type { ActorSummary } from "~/auth/actor";
import { HEADER_NAV } from "~/content/navigation";
import { useLocalePath, useT } from "~/i18n/react";
import { AccountMenu } from "./account-menu";
import { LanguageSwitch } from "./language";
import { Logo } from "./logo";

const SIGNED_IN_AREA = /^\/(dashboard|referrals|account)(\/|$)/;

/**
 * Public header. The small-screen menu is a <details> disclosure: it works before (and without)
 * JavaScript and costs no script. Its links navigate on the client once the page runs React, so
 * the menu is keyed by the page: a new page starts with it closed. Signed in, the account menu
 * (name, role, Dashboard, Sign Out) takes the place of Sign In on every page.
 */
export function SiteHeader({ user = null }: { user?: ActorSummary }) {
  const { pathname, key } = useLocation();
  const t = useT();
  const to = useLocalePath();
  // The section the visitor is in (the page itself, or a page below it) is marked for screen readers.
  const current = (path: string) => (pathname === path || pathname.startsWith(`${path}/`) ? "page" : undefined);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("Skip to content")}
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label={t("Main")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER_NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={to(item.to)}
                  aria-current={current(to(item.to))}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-brand-50 hover:text-brand-800"
                >
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          {/* Only public pages have French twins so far (decision 044): the signed-in area has none. */}
          {SIGNED_IN_AREA.test(pathname) ? null : <LanguageSwitch />}
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <div className="hidden md:block">
              <Link to={to("/auth")} aria-current={current(to("/auth"))} className="btn-primary">
                {t("Sign In")}
              </Link>
            </div>
          )}
          <details key={key} className="group relative md:hidden">
            <summary className="btn-ghost list-none px-3 [&::-webkit-details-marker]:hidden" aria-label={t("Menu")}>
              <svg
                width="24"
                height="24"
                viewBox="0 0 24 24"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" className="group-open:hidden" />
                <path d="M6 6l12 12M18 6L6 18" className="hidden group-open:block" />
              </svg>
            </summary>
            <nav
              aria-label={t("Mobile")}
              className="absolute right-0 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
            >
              <ul>
                {HEADER_NAV.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={to(item.to)}
                      aria-current={current(to(item.to))}
                      className="block rounded-lg px-3 py-3 text-base font-medium text-ink hover:bg-brand-50"
                    >
                      {t(item.label)}
                    </Link>
                  </li>
                ))}
                {user ? null : (
                  <li className="mt-1 border-t border-slate-100 pt-2">
                    <Link to={to("/auth")} aria-current={current(to("/auth"))} className="btn-primary w-full">
                      {t("Sign In")}
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
