import { useCallback, useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, useNavigate } from "react-router";
import { withParam } from "./pagination";
import { type ToastMessage, toast } from "./toaster";

/**
 * A dialog that is also an address (`?param=<id>`, a plain link without JavaScript): open at first
 * when the address names `fromAddress`; with React, `show(subject, opener)` opens it without leaving
 * the page. Closing a dialog the address opened drops `param` (a reload does not open it again);
 * focus returns to `opener`. `props` is what every such dialog takes from it:
 * `<RejectDialog referral={reject.subject} answer={answer} {...reject.props} />`.
 */
export function useAddressDialog<T>(param: string, fromAddress: T | null) {
  const navigate = useNavigate();
  const [subject, setSubject] = useState<T | null>(fromAddress);
  const [open, setOpen] = useState(fromAddress !== null);
  const opener = useRef<HTMLElement | null>(null);
  const onOpenChange = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (!next && new URLSearchParams(window.location.search).has(param)) {
        navigate(withParam(window.location.search, param, null), { replace: true, preventScrollReset: true });
      }
    },
    [navigate, param],
  );
  const show = useCallback((next: T, from: HTMLElement) => {
    opener.current = from;
    setSubject(next);
    setOpen(true);
  }, []);
  return { subject, open, onOpenChange, opener, show, props: { open, onOpenChange, returnFocusTo: opener } };
}

/**
 * A dialog's fetcher answers, each once: one the server refused (`refused`) keeps the dialog open
 * with its messages; any other closes it and shows its toast.
 */
export function useDialogAnswers<A extends { toast: ToastMessage }>(
  fetcher: Pick<FetcherWithComponents<A>, "state" | "data">,
  refused: (answer: A) => boolean,
  onOpenChange: (open: boolean) => void,
): void {
  const handled = useRef(fetcher.data);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || data === handled.current) return;
    handled.current = data;
    if (refused(data)) return;
    onOpenChange(false);
    toast(data.toast);
  }, [fetcher.state, fetcher.data, onOpenChange, refused]);
}
