import { type RefObject, useEffect, useRef } from "react";

/**
 * Feedback where the eye is: on a phone a notice at the top of a long form, or the code
 * fields that appear after "Send confirmation codes", are a screen or more away from the button
 * that was pressed. When `trigger` becomes a new truthy value (an answer), the element is
 * scrolled to and focused (so a screen reader reads it and a phone's keyboard opens on a field).
 */
export function useReveal<T extends HTMLElement>(
  trigger: unknown,
  target?: () => HTMLElement | null,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!trigger) return;
    const element = ref.current;
    if (!element) return;
    const focusable = target?.() ?? element;
    if (focusable === element && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    focusable.focus({ preventScroll: true });
  }, [trigger, target]);
  return ref;
}
