import { useSyncExternalStore } from "react";

/**
 * Where a post with files is (decision 037): shrinking its photos, sending (bytes so far of all), waiting
 * for the answer, or asking the server by its key what it made. Written by lib/upload.ts and
 * lib/drafts.ts, read by the form that shows it. One post at a time per page.
 */
export type UploadState =
  | { phase: "idle" }
  | { phase: "preparing" }
  | { phase: "sending"; loaded: number; total: number }
  | { phase: "waiting" }
  | { phase: "checking" };

const IDLE: UploadState = { phase: "idle" };
let current: UploadState = IDLE;
const listeners = new Set<() => void>();

export function setUploadState(next: UploadState): void {
  current = next;
  for (const listener of listeners) listener();
}

/** The page's post under way: for the progress the form shows. */
export function useUploadState(): UploadState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => IDLE,
  );
}
