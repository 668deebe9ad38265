import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { RefObject } from "react";
import { useFetcher } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { useDialogAnswers } from "~/components/ui/dialog-state";
import { TextAreaField } from "~/components/ui/field";
import type { ToastMessage } from "~/components/ui/toaster";
import { rejectionSchema } from "../referral-schema";
import type { Transition } from "../referral-status";

/** What the facility administrator's action answers (a row's button or the Reject dialog). */
export type TransitionAnswer = {
  ok: boolean;
  intent: Transition | null;
  referralId: string;
  toast: ToastMessage;
  /** The Reject dialog's form: its errors (the reason), or reset once the referral is rejected. */
  result?: SubmissionResult<string[]>;
  /** The reason was refused: the dialog stays open with the message under the field. */
  reasonRefused?: boolean;
};

/** The Reject dialog posts with this fetcher; the page reads it to show the row as busy. */
export const REJECT_FETCHER = "referral:reject";

/**
 * Reject Referral: the reason is required and may not be blank after trimming (spec section 5):
 * the schema checks it here and the domain function again. With React the dialog is a Radix
 * dialog posting with a fetcher (it closes once the referral is rejected, and the answer is a
 * toast); without JavaScript the server renders it open for `?reject=<id>` and it is a plain post.
 */
export function RejectDialog({
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
  const fetcher = useFetcher<TransitionAnswer>({ key: REJECT_FETCHER });
  const busy = fetcher.state !== "idle";

  // A refused reason stays in the dialog; anything else closes it with a toast.
  useDialogAnswers(fetcher, reasonRefused, onOpenChange);

  if (!referral) return null;
  const mine = (a: TransitionAnswer | undefined) => (a?.intent === "reject" && a.referralId === referral.id ? a : null);
  const lastResult = (mine(fetcher.data) ?? mine(answer))?.result;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reject Referral"
      description={`Please give the reason for rejecting referral ${referral.referralNumber}. The referring doctor will see it.`}
      returnFocusTo={returnFocusTo}
      fallbackFocusId="pending-heading"
    >
      <RejectForm key={referral.id} referralId={referral.id} lastResult={lastResult} busy={busy} fetcher={fetcher} />
    </Dialog>
  );
}

function RejectForm({
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
  const [form, fields] = useSchemaForm(rejectionSchema, { id: `reject-${referralId}`, lastResult });
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        // Pressed again while the first is on its way: one rejection is enough.
        if (busy) event.preventDefault();
        else formProps.onSubmit(event);
      }}
    >
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="referralId" value={referralId} />
      <TextAreaField field={fields.reason} label="Reason for rejection" required maxLength={1000} />
      <DialogActions>
        <SubmitButton busy={busy} busyLabel="Rejecting..." className="btn bg-red-700 text-white hover:bg-red-800">
          Reject Referral
        </SubmitButton>
      </DialogActions>
    </fetcher.Form>
  );
}

const reasonRefused = (answer: TransitionAnswer) => !!answer.reasonRefused;
