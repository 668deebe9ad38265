import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { RefObject } from "react";
import { useFetcher } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { useDialogAnswers } from "~/components/ui/dialog-state";
import { TextAreaField } from "~/components/ui/field";
import { cancelSchema } from "../workspace-schemas";
import type { TransitionAnswer } from "./reject-dialog";

/** The Cancel dialog posts with this fetcher. */
export const CANCEL_FETCHER = "referral:cancel";

/**
 * Cancel Referral (the referring doctor, while it is pending): the reason is required (1 to 1,000
 * characters); the schema checks it here and the domain function again. With React a Radix dialog
 * posting with a fetcher; without JavaScript the server renders it open for `?cancel=1`, a plain post.
 */
export function CancelDialog({
  referral,
  open,
  onOpenChange,
  answer,
  returnFocusTo,
}: {
  referral: { id: string; referralNumber: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  answer: TransitionAnswer | undefined;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<TransitionAnswer>({ key: CANCEL_FETCHER });
  const busy = fetcher.state !== "idle";
  useDialogAnswers(fetcher, reasonRefused, onOpenChange);
  if (!referral) return null;
  const mine = (a: TransitionAnswer | undefined) => (a?.intent === "cancel" && a.referralId === referral.id ? a : null);
  const lastResult = (mine(fetcher.data) ?? mine(answer))?.result;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel Referral"
      description={`Please give the reason for cancelling referral ${referral.referralNumber}. The receiving facility will see it.`}
      returnFocusTo={returnFocusTo}
      fallbackFocusId="referral-actions-heading"
    >
      <CancelForm key={referral.id} referralId={referral.id} lastResult={lastResult} busy={busy} fetcher={fetcher} />
    </Dialog>
  );
}

function CancelForm({
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
  const [form, fields] = useSchemaForm(cancelSchema, { id: `cancel-${referralId}`, lastResult });
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else formProps.onSubmit(event);
      }}
    >
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="referralId" value={referralId} />
      <TextAreaField field={fields.reason} label="Reason for cancelling" required maxLength={1000} />
      <DialogActions>
        <SubmitButton busy={busy} busyLabel="Cancelling..." className="btn bg-red-700 text-white hover:bg-red-800">
          Cancel Referral
        </SubmitButton>
      </DialogActions>
    </fetcher.Form>
  );
}

const reasonRefused = (answer: TransitionAnswer) => answer.intent === "cancel" && !!answer.reasonRefused;
