import type { ReactNode } from "react";

/**
 * A box that scrolls sideways when its content (a wide table) is wider than a phone: it takes the
 * focus, so it can be scrolled from the keyboard, and is a region named by `label`, so a screen
 * reader says what has the focus (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`.trim()}>
      {children}
    </section>
  );
}
