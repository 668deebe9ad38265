import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A component whose code is not part of its page's first load: it loads when the element with
 * `anchorId` is shown near the screen (scrolled to, or a hidden tab panel made visible), or is
 * touched or focused first. Until then React keeps the server's HTML of it in place (a plain form
 * that posts without JavaScript, tabs that are links) and hydrates it once the code is here.
 * Rendered where the page has no such element yet (a client navigation), it loads at once. On the
 * server it renders as any component (the page waits for it).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's
export function lazyWhenShown<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
  anchorId: string,
): LazyExoticComponent<Component> {
  return lazy(async () => {
    // React hydrates the page's shell first and such a part after it: its server HTML is the sign.
    const anchor = typeof document === "undefined" ? null : document.getElementById(anchorId);
    if (anchor) await whenShown(anchor);
    return load();
  });
}

/**
 * Resolves when the element is within a screen's height of the viewport and displayed, is used,
 * or leaves the page (a client navigation replaced it: what comes next loads at once).
 */
function whenShown(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === "undefined") {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      removal.disconnect();
      element.removeEventListener("focusin", done);
      element.removeEventListener("pointerdown", done, true);
      resolve();
    };
    // An element that is not displayed (a hidden tab panel) never intersects.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: "100% 0px",
    });
    const removal = new MutationObserver(() => !element.isConnected && done());
    observer.observe(element);
    removal.observe(document.body, { childList: true, subtree: true });
    element.addEventListener("focusin", done);
    element.addEventListener("pointerdown", done, true);
  });
}
