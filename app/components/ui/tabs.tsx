import { Tabs as TabsPrimitive } from "radix-ui";
import type { MouseEvent, ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { dismissToasts } from "./toaster";

export type TabItem = {
  value: string;
  label: ReactNode;
  /** The address that shows this tab: what the tab is without JavaScript (a plain link). */
  href: string;
  panel: ReactNode;
};

const TRIGGER_CLASS =
  "flex min-h-11 items-center justify-center rounded-lg px-2 py-2 text-center text-sm font-semibold text-muted transition-colors hover:text-ink aria-selected:bg-white aria-selected:text-brand-800 aria-selected:shadow-sm sm:text-base";

/** A plain left click (not one that opens a new tab or window). */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Accessible tabs (Radix Tabs: the WAI-ARIA tabs pattern, arrow keys, Home and End, roving focus).
 * Each tab is also a link to its own address, so without JavaScript it loads the page with that tab
 * selected. With React, `onValueChange` decides what a change does: local state (the panels stay
 * mounted, keeping what was typed), or a client navigation when the address holds the tab. A
 * toast belongs to the tab it was shown on: changing tabs dismisses it.
 */
export function Tabs({
  label,
  value,
  onValueChange,
  items,
  listClassName = "grid grid-cols-2 gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1",
  panelClassName = "pt-6",
  triggerClassName = TRIGGER_CLASS,
  keepMounted = true,
}: {
  label: string;
  value: string;
  onValueChange: (value: string, item: TabItem) => void;
  items: ReadonlyArray<TabItem>;
  listClassName?: string;
  panelClassName?: string;
  /** Each tab's look (it follows aria-selected). */
  triggerClassName?: string;
  /** Inactive panels stay in the page, hidden (they keep typed values). */
  keepMounted?: boolean;
}) {
  // Before React runs the tabs are plain links: every one of them reachable with Tab (Radix's
  // roving focus, which leaves one in the tab order, takes over once it can handle the arrow keys).
  const hydrated = useHydrated();
  const change = (next: string) => {
    const item = items.find((i) => i.value === next);
    if (!item || next === value) return;
    dismissToasts();
    onValueChange(next, item);
  };
  return (
    <TabsPrimitive.Root value={value} onValueChange={change} activationMode="manual">
      <TabsPrimitive.List aria-label={label} className={listClassName}>
        {items.map((item) => (
          <TabsPrimitive.Trigger key={item.value} value={item.value} asChild>
            <a
              href={item.href}
              className={triggerClassName}
              tabIndex={hydrated ? undefined : 0}
              onClick={(event) => {
                if (!plainClick(event)) return;
                // Radix has already changed the tab (on mouse down or Enter); the link stays for no-JS.
                event.preventDefault();
                change(item.value);
              }}
            >
              {item.label}
            </a>
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content
          key={item.value}
          value={item.value}
          forceMount={keepMounted ? true : undefined}
          className={`${panelClassName} data-[state=inactive]:hidden`}
        >
          {item.panel}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
