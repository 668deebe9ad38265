import type { ReactNode } from "react";
import { STATUS_TONES, type Status, TONE_BADGE_CLASSES } from "./status-colours";

/** A status as a small pill, in the status's one colour (status-colours.ts); `children` is its label. */
export function Badge({ tone, children }: { tone: Status; children: ReactNode }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE_BADGE_CLASSES[STATUS_TONES[tone]]}`}
    >
      {children}
    </span>
  );
}
