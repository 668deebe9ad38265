import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";

export type WaitlistTab = { id: string; label: string; panel: ReactNode };

/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): role tablist/tab/tabpanel,
 * aria-selected, arrow keys, Home and End. Each tab is also a link (`?tab=<id>`), so that
 * without JavaScript it loads the page with that tab selected; with JavaScript the click is
 * handled in place and the other panel stays in the page (hidden), keeping what was typed.
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
  const [selected, setSelected] = useState(initial);
  const [hydrated, setHydrated] = useState(false);
  const refs = useRef<Array<HTMLAnchorElement | null>>([]);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setSelected(initial), [initial]);

  function select(index: number, focus: boolean) {
    const tab = tabs[index];
    if (!tab) return;
    setSelected(tab.id);
    if (focus) refs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (event.key in next) {
      event.preventDefault();
      select(next[event.key], true);
    } else if (event.key === " ") {
      event.preventDefault();
      select(index, false);
    }
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="grid grid-cols-2 gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1"
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <a
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              id={`tab-${tab.id}`}
              role="tab"
              href={`?tab=${tab.id}#${anchor}`}
              aria-selected={isSelected}
              aria-controls={`panel-${tab.id}`}
              // Roving focus once JavaScript runs; before that every tab is a reachable link.
              tabIndex={hydrated && !isSelected ? -1 : 0}
              onClick={(event) => {
                event.preventDefault();
                select(index, false);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`flex min-h-11 items-center justify-center rounded-lg px-2 py-2 text-center text-sm font-semibold transition-colors sm:text-base ${
                isSelected ? "bg-white text-brand-800 shadow-sm" : "text-muted hover:text-ink"
              }`}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          id={`panel-${tab.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab.id}`}
          hidden={tab.id !== selected}
          className="pt-6"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
