import { useHydrated } from "~/lib/use-hydrated";
import { InlineNotice } from "./notice";
import { type ToastMessage, useToastOnResult } from "./toast";

/**
 * A server answer on a hydrated page: a toast once React runs, the same text inline before that
 * (or without JavaScript at all).
 */
export function ResultNotice({ result }: { result: { toast?: Omit<ToastMessage, "id"> } | undefined | null }) {
  const hydrated = useHydrated();
  useToastOnResult(result ?? undefined);
  if (hydrated || !result?.toast) return null;
  return <InlineNotice {...result.toast} />;
}
