import { useSearchParams } from "react-router";
import { useAddressDialog } from "~/components/ui/dialog-state";
import type { ReferralWorkspace } from "../workspace.server";

type Subject = { id: string; referralNumber: string };
type Dialog = ReturnType<typeof useAddressDialog<Subject>>;

/** The referral page's text dialogs (Reject, Mark as Completed, Cancel Referral): the transitions that need words. */
export type ReferralDialogState = { reject: Dialog; complete: Dialog; cancel: Dialog };

/**
 * The dialogs are addresses too (?reject=1, ?complete=1, ?cancel=1: plain links without
 * JavaScript), open at first when the address names one the viewer may take now.
 */
export function useReferralDialogs(referral: ReferralWorkspace): ReferralDialogState {
  const [params] = useSearchParams();
  const { transitions } = referral.actions;
  const subject = { id: referral.id, referralNumber: referral.referralNumber };
  const named = (name: keyof ReferralDialogState) => (transitions.includes(name) && params.has(name) ? subject : null);
  return {
    reject: useAddressDialog("reject", named("reject")),
    complete: useAddressDialog("complete", named("complete")),
    cancel: useAddressDialog("cancel", named("cancel")),
  };
}
