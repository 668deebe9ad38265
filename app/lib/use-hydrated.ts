import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render (and so for visitors without JavaScript), true once React runs in
 * the browser. For showing results inline without JavaScript and as toasts with it, and for
 * enabling controls that need script.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
