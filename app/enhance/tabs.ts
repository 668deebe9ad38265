/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation) over server-rendered tabs that are links:
 * without JavaScript each tab loads the page with its panel shown; with it, a click or the arrow,
 * Home and End keys switch in place, with roving focus. The look follows `aria-selected`
 * (Tailwind's `aria-selected:` variants), so only attributes change here.
 */
export function enhanceTabs(tablist: HTMLElement, onSelect?: (tab: HTMLAnchorElement) => void): void {
  const tabs = () => [...tablist.querySelectorAll<HTMLAnchorElement>("[role=tab]")];

  function select(tab: HTMLAnchorElement, focus: boolean) {
    for (const t of tabs()) {
      const selected = t === tab;
      t.setAttribute("aria-selected", String(selected));
      t.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(t.getAttribute("aria-controls") ?? "");
      if (panel) panel.hidden = !selected;
    }
    if (focus) tab.focus();
    onSelect?.(tab);
  }

  for (const t of tabs()) t.tabIndex = t.getAttribute("aria-selected") === "true" ? 0 : -1;

  tablist.addEventListener("click", (event) => {
    const tab = (event.target as Element).closest<HTMLAnchorElement>("[role=tab]");
    if (!tab) return;
    event.preventDefault();
    select(tab, false);
  });

  tablist.addEventListener("keydown", (event) => {
    const all = tabs();
    const index = all.indexOf(event.target as HTMLAnchorElement);
    if (index < 0) return;
    const last = all.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (event.key in next) {
      event.preventDefault();
      select(all[next[event.key]], true);
    } else if (event.key === " ") {
      event.preventDefault();
      select(all[index], false);
    }
  });
}
