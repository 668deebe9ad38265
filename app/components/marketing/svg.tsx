import type { ReactNode } from "react";

/** The frame every inline icon shares (24 x 24, stroked, hidden from assistive technology). */
export function Svg({
  className = "size-5",
  filled = false,
  children,
}: {
  className?: string;
  filled?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
