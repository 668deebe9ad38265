import type { MouseEvent } from "react";
import { useFetchers } from "react-router";
import type { TransitionAnswer } from "~/features/referrals/public";
import { isTransition, type Transition } from "~/features/referrals/public";

/** The facility dashboard's transitions on their way (rolled back as soon as one is refused), by referral. */
export function useTransitionsInFlight(): Map<string, Transition> {
  const inFlight = new Map<string, Transition>();
  const fetchers = useFetchers();
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith("referral:") || !fetcher.formData) continue;
    if ((fetcher.data as TransitionAnswer | undefined)?.ok === false) continue;
    const intent = fetcher.formData.get("intent");
    const referralId = fetcher.formData.get("referralId");
    if (isTransition(intent) && typeof referralId === "string") inFlight.set(referralId, intent);
  }
  return inFlight;
}

/** A plain left click (not one that opens a new tab or window). */
export const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Who a Reject or Complete dialog is about. */
export type DialogSubject = { id: string; referralNumber: string };
