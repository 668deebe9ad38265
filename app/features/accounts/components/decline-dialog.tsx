import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { RefObject } from "react";
import { useFetcher } from "react-router";
import { ROLE_LABELS } from "~/auth/roles";
import { SubmitButton } from "~/components/forms/form-parts";
import { useSchemaForm } from "~/components/forms/schema-form";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { useDialogAnswers } from "~/components/ui/dialog-state";
import { TextAreaField } from "~/components/ui/field";
import type { AdminAnswer } from "~/features/payments/components/payment-table";
import { declineSchema } from "../decline-schema";
import type { UserRow } from "../user-admin.server";

/** The Decline dialog posts with this fetcher; the table reads it to show the account as busy. */
export const DECLINE_FETCHER = "account:decline";

/**
 * Decline Account (issue 19): a reason is required; the person reads it when they sign in (the
 * email only says the request was declined). With React a Radix dialog posting with a fetcher;
 * without JavaScript the server renders it open for `?decline=<id>` and it is a plain post.
 */
export function DeclineDialog({
  user,
  open,
  onOpenChange,
  answer,
  returnFocusTo,
}: {
  user: UserRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  answer: AdminAnswer | undefined;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<AdminAnswer>({ key: DECLINE_FETCHER });
  const busy = fetcher.state !== "idle";
  useDialogAnswers(fetcher, fieldsRefused, onOpenChange);
  if (!user) return null;
  const mine = (a: AdminAnswer | undefined) => (a?.intent === "decline" && a.subject === user.id ? a : null);
  const lastResult = (mine(fetcher.data) ?? mine(answer))?.result;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Decline Account"
      description={`Please give the reason for declining ${user.fullName} (${ROLE_LABELS[user.role]}). They will read it when they sign in; the email only says the request was declined.`}
      returnFocusTo={returnFocusTo}
      fallbackFocusId="user-search"
    >
      <DeclineForm key={user.id} userId={user.id} lastResult={lastResult} busy={busy} fetcher={fetcher} />
    </Dialog>
  );
}

function DeclineForm({
  userId,
  lastResult,
  busy,
  fetcher,
}: {
  userId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  fetcher: ReturnType<typeof useFetcher<AdminAnswer>>;
}) {
  const [form, fields] = useSchemaForm(declineSchema, { id: `decline-${userId}`, lastResult });
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
      <input type="hidden" name="intent" value="decline" />
      <input type="hidden" name="userId" value={userId} />
      <TextAreaField field={fields.reason} label="Reason for declining" required maxLength={1000} />
      <DialogActions>
        <SubmitButton busy={busy} busyLabel="Declining..." className="btn bg-red-700 text-white hover:bg-red-800">
          Decline Account
        </SubmitButton>
      </DialogActions>
    </fetcher.Form>
  );
}

const fieldsRefused = (answer: AdminAnswer) => !!answer.fieldsRefused;
