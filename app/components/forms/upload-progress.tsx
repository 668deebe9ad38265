import type { Translate } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import { type UploadState, useUploadState } from "~/lib/upload-state";

/** "310 KB", "1.2 MB" (French: "310 Ko", "1,2 Mo"). */
export function formatBytes(bytes: number, locale: Locale = "en"): string {
  const french = locale === "fr";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} ${french ? "Ko" : "KB"}`;
  const megabytes = (bytes / (1024 * 1024)).toFixed(1);
  return french ? `${megabytes.replace(".", ",")} Mo` : `${megabytes} MB`;
}

/** What the person is told at each step of a post with files, in the page's language. */
export function uploadWords(state: UploadState, t: Translate, locale: Locale = "en"): string | null {
  switch (state.phase) {
    case "idle":
      return null;
    case "preparing":
      return t("Preparing your photos…");
    case "sending":
      return state.total > 0
        ? t("upload.sending", {
            loaded: formatBytes(state.loaded, locale),
            total: formatBytes(state.total, locale),
            percent: Math.floor((state.loaded / state.total) * 100),
          })
        : t("Sending…");
    case "waiting":
      return t("Sent. Waiting for the answer…");
    case "checking":
      return t("Checking whether it arrived…");
  }
}

/**
 * The progress of a post with files (decision 037): on a slow uplink a photo takes a minute, and the
 * person sees it moving rather than a button that seems stuck. Announced politely as it changes.
 */
export function UploadProgress() {
  const state = useUploadState();
  const t = useT();
  const words = uploadWords(state, t, useLocale());
  return (
    <div aria-live="polite" className="w-full empty:hidden">
      {words ? (
        <div className="space-y-1">
          <p className="text-sm font-semibold" data-upload-phase={state.phase}>
            {words}
          </p>
          {state.phase === "sending" && state.total > 0 ? (
            <progress
              className="h-2 w-full accent-brand-700"
              max={state.total}
              value={state.loaded}
              aria-label={t("Upload progress")}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
