import { InlineNotice } from "./notice";
import type { ToastMessage } from "./toaster";

/**
 * A server answer (an action's result, or a message the address carries) in the page: the page
 * script shows it as a toast (`data-notice`), and a visitor without JavaScript reads it here.
 */
export function ResultNotice({ result }: { result: { toast?: ToastMessage } | undefined | null }) {
  return result?.toast ? <InlineNotice {...result.toast} /> : null;
}
