import { useEffect } from "react";

/*
 * Drafts end with the session: the drafts lib/drafts.ts keeps in localStorage (a
 * referral, a message on a referral: patient details) go with Sign Out, and also when the server
 * finds the session ended by itself (30 minutes idle, 12 hours after sign-in, or ended elsewhere):
 * the sign-in page it sends the person to says so (the flash's `sessionEnded`), and the root
 * layout removes every draft. That answer also carries `Clear-Site-Data: "storage"` (the auth
 * context middleware), for the browsers that honour it. Kept apart from lib/drafts.ts so that the
 * root's script carries only this.
 */

/** The start of every draft's storage name. */
export const DRAFT_PREFIX = "qh:draft:";

/** Removes every draft kept on this device; nothing else in the site's storage. */
export function removeEveryDraft(): void {
  try {
    const store = window.localStorage;
    const names: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const name = store.key(i);
      if (name?.startsWith(DRAFT_PREFIX)) names.push(name);
    }
    for (const name of names) store.removeItem(name);
  } catch {
    // Storage refused (private mode, a policy): there are no drafts either.
  }
}

/** When the page says the session was found ended, the drafts on this device go. */
export function useDraftsGoWithEndedSession(ended: boolean): void {
  useEffect(() => {
    if (ended) removeEveryDraft();
  }, [ended]);
}
