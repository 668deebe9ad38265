import { Link, useLocation } from "react-router";
import type { ActorSummary } from "~/auth/actor";
import { dashboardPath, ROLE_LABELS } from "~/auth/roles";
import { useT } from "~/i18n/react";

/** Titles before a name, left out of its initials ("Dr Ama Mensah" is "AM", not "DM"). */
const TITLES = /^(dr|prof|mr|mrs|ms|miss|nana|rev|sr|hon)\.?$/i;

/** "Ama Mensah" -> "AM", "Dr Kojo Asante" -> "KA": the menu button's badge. */
export function initials(name: string): string {
  const all = name.trim().split(/\s+/).filter(Boolean);
  const named = all.filter((part) => !TITLES.test(part));
  const parts = named.length > 0 ? named : all;
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part[0]?.toUpperCase() ?? "").join("") || "?";
}

/**
 * The signed-in account in the header: name and role, Dashboard and Sign Out. A
 * <details> disclosure, so it works on pages that ship no JavaScript; Sign Out is a plain post
 * that ends the session on the server and loads the next page as a document. Keyed by the page,
 * so a client navigation closes it.
 */
export function AccountMenu({ user }: { user: NonNullable<ActorSummary> }) {
  const { key } = useLocation();
  const t = useT();
  const role = t(ROLE_LABELS[user.role]);
  return (
    <details key={key} className="group relative">
      {/* Named by its text, "Account: {name}, {role}", which holds the name shown from lg up (no
          aria-label that the visible text is not part of: axe's label-content-name-mismatch). */}
      <summary className="btn-ghost min-h-11 min-w-11 list-none gap-2 px-2 [&::-webkit-details-marker]:hidden">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white"
        >
          {initials(user.fullName)}
        </span>
        {/* One run of text: a flex container's items are read with spaces between them. */}
        <span className="sr-only">{t("account-menu.name", { name: user.fullName, role })}</span>
        <span className="hidden max-w-40 truncate text-sm font-medium lg:inline" aria-hidden="true">
          {user.fullName}
        </span>
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        <div className="border-b border-slate-100 px-3 pt-1 pb-2">
          <p className="font-semibold break-words text-ink">{user.fullName}</p>
          <p className="text-sm text-muted">{role}</p>
          {user.approved ? null : <p className="mt-1 text-xs font-medium text-amber-800">{t("Awaiting approval")}</p>}
        </div>
        <ul className="pt-1">
          <li>
            <Link to={dashboardPath(user.role)} className="block rounded-lg px-3 py-2.5 font-medium hover:bg-brand-50">
              {t("Dashboard")}
            </Link>
          </li>
          {user.approved ? (
            <li>
              <Link to="/account/notifications" className="block rounded-lg px-3 py-2.5 font-medium hover:bg-brand-50">
                {t("Notifications")}
              </Link>
            </li>
          ) : null}
          <li>
            <form method="post" action="/auth/sign-out">
              <button
                type="submit"
                className="block w-full rounded-lg px-3 py-2.5 text-left font-medium hover:bg-brand-50"
              >
                {t("Sign Out")}
              </button>
            </form>
          </li>
        </ul>
      </div>
    </details>
  );
}
