import { type UploadState, useUploadState } from "~/lib/upload-state";

/** "310 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What the person is told at each step of a post with files. */
export function uploadWords(state: UploadState): string | null {
  switch (state.phase) {
    case "idle":
      return null;
    case "preparing":
      return "Preparing your photos…";
    case "sending":
      return state.total > 0
        ? `Sending… ${formatBytes(state.loaded)} of ${formatBytes(state.total)} (${Math.floor((state.loaded / state.total) * 100)}%)`
        : "Sending…";
    case "waiting":
      return "Sent. Waiting for the answer…";
    case "checking":
      return "Checking whether it arrived…";
  }
}

/**
 * The progress of a post with files (issue 33): on a slow uplink a photo takes a minute, and the
 * person sees it moving rather than a button that seems stuck. Announced politely as it changes.
 */
export function UploadProgress() {
  const state = useUploadState();
  const words = uploadWords(state);
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
              aria-label="Upload progress"
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
