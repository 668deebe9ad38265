import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FileInput } from "~/components/forms/file-input";
import { SubmitButton } from "~/components/forms/form-parts";
import { useToastOf } from "~/components/ui/toaster";
import { useT } from "~/i18n/react";
import { FormKeyField } from "~/lib/idempotency";
import { ATTACHMENT_ACCEPT, ATTACHMENT_HINT, ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES } from "../attachment-rules";
import { answerFor, type WorkspaceAnswer } from "../workspace-answer";

/** What the browser can tell of the chosen file before it is sent: its refusal, or null. */
function fileProblem(file: File | undefined): string | null {
  if (!file) return ATTACHMENT_MESSAGES.missing;
  if (file.size === 0) return ATTACHMENT_MESSAGES.empty;
  if (file.size > MAX_ATTACHMENT_BYTES) return ATTACHMENT_MESSAGES.tooLarge;
  return null;
}

/** Attach a file: the upload form (multipart, streamed to the store by the server: decision 023). */
export function AttachForm({ referralId, answer }: { referralId: string; answer: WorkspaceAnswer | undefined }) {
  const t = useT();
  const fetcher = useFetcher<WorkspaceAnswer>({ key: "referral:attach" });
  const busy = fetcher.state !== "idle";
  const mine = answerFor("attach", fetcher.data, answer);
  useToastOf(fetcher.data);
  const formRef = useRef<HTMLFormElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  // Once a file is attached the input is emptied for the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.kind === "attach" && fetcher.data.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const error = localError ?? (mine && !mine.ok ? (mine.toast.description ?? null) : null);
  return (
    <section aria-labelledby="attach-heading" className="card mt-6 p-5">
      <h2 id="attach-heading" className="text-lg font-bold">
        {t("Attach a file")}
      </h2>
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-3"
        onSubmit={(event) => {
          if (busy) {
            event.preventDefault();
            return;
          }
          // "Choose a file" or, on a phone, "Take a photo": the one that holds a file.
          const chosen = new FormData(event.currentTarget).getAll("file").find((f) => f instanceof File && f.name);
          const problem = fileProblem(chosen instanceof File ? chosen : undefined);
          if (problem) event.preventDefault();
          setLocalError(problem);
        }}
      >
        <input type="hidden" name="intent" value="attach" />
        <FormKeyField form="attach" />
        <input type="hidden" name="referralId" value={referralId} />
        <FileInput
          id="attach-file"
          name="file"
          label={t("File")}
          hint={t(ATTACHMENT_HINT)}
          hintId="attach-hint"
          accept={ATTACHMENT_ACCEPT}
          required
          // One file a post (the page's reader takes one part and the fuzzing holds it to that); a
          // phone's own chooser offers its camera. "Take a photo" is on the Create Referral form.
          photo={false}
          error={error}
          errorId="attach-error"
          onChange={() => setLocalError(null)}
        />
        <div className="mt-3">
          <SubmitButton busy={busy} busyLabel={t("Uploading...")}>
            {t("Upload")}
          </SubmitButton>
        </div>
      </fetcher.Form>
    </section>
  );
}
