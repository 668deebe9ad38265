import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A component whose code is not part of its page's first load: it loads when the element with
 * `anchorId` is shown near the screen (scrolled to, or a hidden tab panel made visible), or is
 * touched or focused first. Until then React keeps the server's HTML of it in place (a plain form
 * that posts without JavaScript, tabs that are links) and hydrates it once the code is here.
 * Rendered after the page has hydrated (a client navigation, a tab shown by React), it loads at
 * once. On the server it renders as any component (the page waits for it).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's
export function lazyWhenShown<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
  anchorId: string,
): LazyExoticComponent<Component> {
  return lazy(async () => {
    if (typeof document !== "undefined" && !document.documentElement.hasAttribute("data-hydrated")) {
      await whenShown(anchorId);
    }
    return load();
  });
}

/** Resolves when the element is within a screen's height of the viewport and displayed, or is used. */
function whenShown(anchorId: string): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(anchorId);
    if (!element || typeof IntersectionObserver === "undefined") {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      element.removeEventListener("focusin", done);
      element.removeEventListener("pointerdown", done, true);
      resolve();
    };
    // An element that is not displayed (a hidden tab panel) never intersects.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: "100% 0px",
    });
    observer.observe(element);
    element.addEventListener("focusin", done);
    element.addEventListener("pointerdown", done, true);
  });
}
