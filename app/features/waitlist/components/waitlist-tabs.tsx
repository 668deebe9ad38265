import type { ReactNode } from "react";

export type WaitlistTab = { id: string; label: string; panel: ReactNode };

/**
 * Accessible tabs (WAI-ARIA tabs pattern), rendered on the server. Each tab is also a link
 * (`?tab=<id>`), so that without JavaScript it loads the page with that tab selected; the page
 * script (enhance/tabs.ts) switches in place with roving focus, arrow keys, Home and End, and
 * the other panel stays in the page (hidden), keeping what was typed. The look follows
 * aria-selected.
 */
export function WaitlistTabs({
  label,
  tabs,
  initial,
  anchor,
}: {
  label: string;
  tabs: readonly WaitlistTab[];
  initial: string;
  /** The id of the section to come back to after a no-JavaScript tab link. */
  anchor: string;
}) {
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="grid grid-cols-2 gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1"
      >
        {tabs.map((tab) => (
          <a
            key={tab.id}
            id={`tab-${tab.id}`}
            role="tab"
            href={`?tab=${tab.id}#${anchor}`}
            aria-selected={tab.id === initial}
            aria-controls={`panel-${tab.id}`}
            tabIndex={0}
            className="flex min-h-11 items-center justify-center rounded-lg px-2 py-2 text-center text-sm font-semibold text-muted transition-colors hover:text-ink aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow-sm sm:text-base"
          >
            {tab.label}
          </a>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== initial}
          className="pt-6"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
