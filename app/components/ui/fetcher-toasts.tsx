import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { type ToastMessage, toast } from "./toaster";

type Answer = { toast?: ToastMessage | null } | null | undefined;

/**
 * Toasts for the answers of keyed fetchers (a row's Accept, Approve...) whose button may leave the
 * page before the answer arrives (its row updated optimistically, or gone once the data reloads).
 * `watch(key)` when the form is submitted; a watcher for that key stays mounted until the fetcher
 * is idle again, so its answer is always shown, once. Render `watchers` anywhere in the page.
 */
export function useFetcherToasts(): { watch: (key: string) => void; watchers: ReactNode } {
  const [keys, setKeys] = useState<ReadonlyArray<string>>([]);
  const watch = useCallback((key: string) => setKeys((all) => (all.includes(key) ? all : [...all, key])), []);
  const done = useCallback((key: string) => setKeys((all) => all.filter((k) => k !== key)), []);
  return {
    watch,
    watchers: keys.map((key) => <FetcherToast key={key} fetcherKey={key} onDone={done} />),
  };
}

function FetcherToast({ fetcherKey, onDone }: { fetcherKey: string; onDone: (key: string) => void }) {
  const fetcher = useFetcher<Answer>({ key: fetcherKey });
  // An answer from an earlier submission under the same key is not this one's.
  const seen = useRef(fetcher.data);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") wasBusy.current = true;
    if (fetcher.data !== seen.current) {
      seen.current = fetcher.data;
      if (fetcher.data?.toast) toast(fetcher.data.toast);
    }
    if (fetcher.state === "idle" && wasBusy.current) onDone(fetcherKey);
  }, [fetcher.state, fetcher.data, fetcherKey, onDone]);
  return null;
}
