import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { RefObject } from "react";
import { useFetcher } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { useDialogAnswers } from "~/components/ui/dialog-state";
import { TextAreaField } from "~/components/ui/field";
import { outcomeSchema } from "../workspace-schemas";
import type { TransitionAnswer } from "./reject-dialog";

/** The Complete dialog posts with this fetcher; the page reads it to show the row as busy. */
export const COMPLETE_FETCHER = "referral:complete-dialog";

/**
 * Mark as Completed: the outcome note (1 to 5,000 characters: what was done, the findings, advice
 * for follow-up) is required; the schema checks it here and the domain function again. With React
 * a Radix dialog posting with a fetcher (it closes once the referral is completed, and the answer
 * is a toast); without JavaScript the server renders it open for `?complete=<id>`, a plain post.
 */
export function CompleteDialog({
  referral,
  open,
  onOpenChange,
  answer,
  returnFocusTo,
}: {
  referral: { id: string; referralNumber: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The action's answer to a plain post (without JavaScript). */
  answer: TransitionAnswer | undefined;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<TransitionAnswer>({ key: COMPLETE_FETCHER });
  const busy = fetcher.state !== "idle";

  // A refused outcome stays in the dialog; anything else closes it with a toast.
  useDialogAnswers(fetcher, outcomeRefused, onOpenChange);

  if (!referral) return null;
  const mine = (a: TransitionAnswer | undefined) =>
    a?.intent === "complete" && a.referralId === referral.id ? a : null;
  const lastResult = (mine(fetcher.data) ?? mine(answer))?.result;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Complete Referral"
      description={`Referral ${referral.referralNumber}: what was done, the findings and any advice for follow-up. The referring doctor will read it.`}
      returnFocusTo={returnFocusTo}
      fallbackFocusId="accepted-heading"
    >
      <CompleteForm key={referral.id} referralId={referral.id} lastResult={lastResult} busy={busy} fetcher={fetcher} />
    </Dialog>
  );
}

function CompleteForm({
  referralId,
  lastResult,
  busy,
  fetcher,
}: {
  referralId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  fetcher: ReturnType<typeof useFetcher<TransitionAnswer>>;
}) {
  const [form, fields] = useSchemaForm(outcomeSchema, { id: `complete-${referralId}`, lastResult });
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        // Pressed again while the first is on its way: one completion is enough.
        if (busy) event.preventDefault();
        else formProps.onSubmit(event);
      }}
    >
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="referralId" value={referralId} />
      <TextAreaField field={fields.outcome} label="Outcome" required maxLength={5000} rows={6} />
      <DialogActions>
        <SubmitButton busy={busy} busyLabel="Completing..." className="btn-primary">
          Complete Referral
        </SubmitButton>
      </DialogActions>
    </fetcher.Form>
  );
}

/** The action marks a refused outcome (blank, too long) with `reasonRefused`: the dialog's text was refused. */
const outcomeRefused = (answer: TransitionAnswer) => answer.intent === "complete" && !!answer.reasonRefused;
