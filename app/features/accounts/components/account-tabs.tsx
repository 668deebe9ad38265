import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

type TabId = "signin" | "register";
const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: "signin", label: "Sign In" },
  { id: "register", label: "Register" },
];

/**
 * The Sign In and Register tabs (WAI-ARIA tabs pattern: arrow keys, Home, End). Each tab is a
 * link to `?tab=...`, so without JavaScript it loads the page with that tab selected; with it,
 * the switch happens in place and the address follows.
 */
export function AccountTabs({ initial, signIn, register }: { initial: TabId; signIn: ReactNode; register: ReactNode }) {
  const [selected, setSelected] = useState<TabId>(initial);
  const hydrated = useHydrated();
  const refs = useRef<Array<HTMLAnchorElement | null>>([]);
  useEffect(() => setSelected(initial), [initial]);

  function select(index: number, focus: boolean) {
    const tab = TABS[index];
    if (!tab) return;
    setSelected(tab.id);
    window.history.replaceState(window.history.state, "", `?tab=${tab.id}`);
    if (focus) refs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = TABS.length - 1;
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
      <div role="tablist" aria-label="Account" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {TABS.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <a
              key={tab.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              id={`tab-${tab.id}`}
              role="tab"
              href={`?tab=${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={hydrated && !isSelected ? -1 : 0}
              onClick={(event) => {
                event.preventDefault();
                select(index, false);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`flex min-h-11 items-center justify-center rounded-lg px-2 py-2 text-sm font-semibold transition-colors sm:text-base ${
                isSelected ? "bg-white text-brand-800 shadow-sm" : "text-muted hover:text-ink"
              }`}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      <div
        id="panel-signin"
        role="tabpanel"
        aria-labelledby="tab-signin"
        hidden={selected !== "signin"}
        className="pt-6"
      >
        {signIn}
      </div>
      <div
        id="panel-register"
        role="tabpanel"
        aria-labelledby="tab-register"
        hidden={selected !== "register"}
        className="pt-6"
      >
        {register}
      </div>
    </div>
  );
}
