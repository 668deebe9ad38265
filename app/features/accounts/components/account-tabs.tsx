import type { ReactNode } from "react";

type TabId = "signin" | "register";
const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: "signin", label: "Sign In" },
  { id: "register", label: "Register" },
];

/**
 * The Sign In and Register tabs (WAI-ARIA tabs pattern), rendered on the server. Each tab is a
 * link to `?tab=...`, so without JavaScript it loads the page with that tab selected; the page
 * script (enhance/tabs.ts) switches in place with arrow keys, Home and End, and the address
 * follows. The look follows aria-selected.
 */
export function AccountTabs({ initial, signIn, register }: { initial: TabId; signIn: ReactNode; register: ReactNode }) {
  return (
    <div>
      <div role="tablist" aria-label="Account" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {TABS.map((tab) => (
          <a
            key={tab.id}
            id={`tab-${tab.id}`}
            role="tab"
            href={`?tab=${tab.id}`}
            aria-selected={tab.id === initial}
            aria-controls={`panel-${tab.id}`}
            tabIndex={0}
            className="flex min-h-11 items-center justify-center rounded-lg px-2 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow-sm sm:text-base"
          >
            {tab.label}
          </a>
        ))}
      </div>
      <div
        id="panel-signin"
        role="tabpanel"
        aria-labelledby="tab-signin"
        hidden={initial !== "signin"}
        className="pt-6"
      >
        {signIn}
      </div>
      <div
        id="panel-register"
        role="tabpanel"
        aria-labelledby="tab-register"
        hidden={initial !== "register"}
        className="pt-6"
      >
        {register}
      </div>
    </div>
  );
}
